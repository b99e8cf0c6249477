import type { AuthResponse, PasswordChange, ProfilePatch, Session, User } from '@livent/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { setUser } from '../../../lib/auth/auth-store';
import { session } from '../../../lib/auth/session';

/** The account pages' calls (spec/api.md, "Auth and account"; ADR 014 for the answers). */

/** `PATCH /account/profile` with the changed fields; the answer is the signed-in user. */
export const useUpdateProfile = () =>
  useMutation({
    mutationFn: (patch: ProfilePatch) =>
      apiFetch<User>('/account/profile', { method: 'PATCH', body: patch }),
    onSuccess: setUser,
  });

/** Starts an email change: the new address is `pendingEmail` until its mailed link is opened. */
export const useRequestEmailChange = () =>
  useMutation({
    mutationFn: (body: { email: string; password: string }) =>
      apiFetch<User>('/account/email', { method: 'POST', body }),
    onSuccess: setUser,
  });

/**
 * Changes the password; the server ends every session and answers a fresh one (ADR 010), so
 * the sessions list reloads.
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordChange) =>
      apiFetch<AuthResponse>('/account/password', { method: 'POST', body }),
    onSuccess: async (answer) => {
      session.acceptSession(answer);
      await queryClient.invalidateQueries(sessionsQueryOptions());
    },
  });
}

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'sessions'],
    queryFn: ({ signal }) => apiFetch<Session[]>('/account/sessions', { signal }),
  });

export const revokeSession = (id: string) =>
  apiFetch<void>(`/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const revokeOtherSessions = () => apiFetch<void>('/account/sessions', { method: 'DELETE' });

/** Deletes the account (refused for custom-type plans, docs/product-spec.md section 6) and ends the session. */
export const useDeleteAccount = () =>
  useMutation({
    mutationFn: (password: string) =>
      apiFetch<void>('/account', { method: 'DELETE', body: { password } }),
    onSuccess: () => session.endSession(),
  });
