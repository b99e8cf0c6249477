import { NOTIFICATION_TIMEOUT_MS, type NotificationType } from '@livent/shared/constants';

/** A notification of docs/product-spec.md section 3: type, message, timeout, timestamp. */
export interface Notification {
  id: number;
  type: NotificationType;
  /** Already translated text: the caller knows its context and language. */
  message: string;
  /** Milliseconds until it closes by itself; 0 keeps it until closed. */
  timeout: number;
  timestamp: number;
}

export interface NotifyOptions {
  type: NotificationType;
  message: string;
  timeout?: number;
}

type Listener = () => void;

let notifications: readonly Notification[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(next: readonly Notification[]): void {
  notifications = next;
  for (const listener of listeners) listener();
}

/** Closes one notification (its close button, or its timeout). */
export function dismiss(id: number): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
  if (notifications.some((n) => n.id === id)) emit(notifications.filter((n) => n.id !== id));
}

/**
 * Shows a notification. Timeouts default to docs/product-spec.md section 9: 5000 ms for info and success,
 * 8000 ms for warning and error.
 */
export function notify({ type, message, timeout }: NotifyOptions): number {
  const id = nextId++;
  const duration = timeout ?? NOTIFICATION_TIMEOUT_MS[type];
  emit([...notifications, { id, type, message, timeout: duration, timestamp: Date.now() }]);
  if (duration > 0)
    timers.set(
      id,
      setTimeout(() => dismiss(id), duration),
    );
  return id;
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getNotifications(): readonly Notification[] {
  return notifications;
}

/** Removes every notification; tests use it to start clean. */
export function clearNotifications(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  emit([]);
}
