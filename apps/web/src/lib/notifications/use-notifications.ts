import { useSyncExternalStore } from 'react';
import { getNotifications, subscribe, type Notification } from './notification-store';

/** The notifications currently shown, oldest first. */
export function useNotifications(): readonly Notification[] {
  return useSyncExternalStore(subscribe, getNotifications, getNotifications);
}
