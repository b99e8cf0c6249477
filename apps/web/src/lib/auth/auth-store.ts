import type { Settings, User } from '@livent/shared';

/**
 * Who is signed in (docs/product-spec.md section 4, "Authentication"). `unknown` until the first session
 * restore has answered; the guards wait for it. The access token lives in this module's memory
 * only: never in local or session storage, never in a URL (docs/architecture.md, "Contracts").
 */
export type AuthStatus = 'unknown' | 'signedIn' | 'signedOut';

export interface AuthState {
  status: AuthStatus;
  user: User | null;
}

type Listener = () => void;

let state: AuthState = { status: 'unknown', user: null };
let accessToken: string | null = null;
const listeners = new Set<Listener>();

function emit(next: AuthState): void {
  state = next;
  for (const listener of listeners) listener();
}

export const getAuthState = (): AuthState => state;

export function subscribeAuth(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getAccessToken = (): string | null => accessToken;

export function setSignedIn(user: User, token: string): void {
  accessToken = token;
  emit({ status: 'signedIn', user });
}

export function setSignedOut(): void {
  accessToken = null;
  if (state.status !== 'signedOut' || state.user) emit({ status: 'signedOut', user: null });
}

/** Replaces the signed-in user after a change (profile, email, settings). */
export function setUser(user: User): void {
  if (state.status === 'signedIn') emit({ status: 'signedIn', user });
}

export function setSettings(settings: Settings): void {
  if (state.user) setUser({ ...state.user, settings });
}

/** Back to the start, for tests. */
export function resetAuthStore(): void {
  accessToken = null;
  state = { status: 'unknown', user: null };
  for (const listener of listeners) listener();
}
