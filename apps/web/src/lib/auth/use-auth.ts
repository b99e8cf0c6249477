import type { User } from '@livent/shared';
import { useSyncExternalStore } from 'react';
import { getAuthState, subscribeAuth, type AuthState } from './auth-store';

export function useAuth(): AuthState {
  return useSyncExternalStore(subscribeAuth, getAuthState, getAuthState);
}

/**
 * The signed-in user, for screens of the default layout: it renders them only while someone is
 * signed in (its guard ran first), so they need no empty state of their own.
 */
export function useCurrentUser(): User {
  const { user } = useAuth();
  if (!user) throw new Error('useCurrentUser() is for screens of the signed-in layout.');
  return user;
}
