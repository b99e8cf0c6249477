import type { AuthResponse, PasswordChange, ProfilePatch, Session, User } from '@livent/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { setUser } from '../../../lib/auth/auth-store';
import { session } from '../../../lib/auth/session';

/** The account pages' calls (spec/api.md, "Auth and account"; ADR 014 for the answers). */

/** `PATCH /account/profile` with the changed fields; the answer is the user. */
export async function updateProfile(patch: ProfilePatch): Promise<User> {
  const user = await apiFetch<User>('/account/profile', { method: 'PATCH', body: patch });
  setUser(user);
  return user;
}

/** Starts an email change: the new address is `pendingEmail` until its mailed link is opened. */
export async function requestEmailChange(body: { email: string; password: string }) {
  const user = await apiFetch<User>('/account/email', { method: 'POST', body });
  setUser(user);
  return user;
}

/** Changes the password; the server ends every session and answers a fresh one (ADR 010). */
export async function changePassword(body: PasswordChange): Promise<void> {
  session.acceptSession(
    await apiFetch<AuthResponse>('/account/password', { method: 'POST', body }),
  );
}

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'sessions'],
    queryFn: ({ signal }) => apiFetch<Session[]>('/account/sessions', { signal }),
  });

export const revokeSession = (id: string) =>
  apiFetch<void>(`/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const revokeOtherSessions = () => apiFetch<void>('/account/sessions', { method: 'DELETE' });

/** Deletes the account (refused for custom-type plans, spec section 6) and ends the session. */
export async function deleteAccount(password: string): Promise<void> {
  await apiFetch<void>('/account', { method: 'DELETE', body: { password } });
  session.endSession();
}
