import type { PasswordChange, ProfilePatch } from '@livent/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api/typed-api';
import { downloadFile } from '../../../lib/download';
import { setUser } from '../../../lib/auth/auth-store';
import { session } from '../../../lib/auth/session';

/** The account pages' calls (spec/api.md, "Auth and account"; ADR 014 for the answers). */

/** `PATCH /account/profile` with the changed fields; the answer is the signed-in user. */
export const useUpdateProfile = () =>
  useMutation({
    mutationFn: (patch: ProfilePatch) => api.patch('/account/profile', { body: patch }),
    onSuccess: setUser,
  });

/** Starts an email change: the new address is `pendingEmail` until its mailed link is opened. */
export const useRequestEmailChange = () =>
  useMutation({
    mutationFn: (body: { email: string; password: string }) => api.post('/account/email', { body }),
    onSuccess: setUser,
  });

/**
 * Changes the password; the server ends every session and answers a fresh one (ADR 010), so
 * the sessions list reloads.
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordChange) => api.post('/account/password', { body }),
    onSuccess: async (answer) => {
      session.acceptSession(answer);
      await queryClient.invalidateQueries(sessionsQueryOptions());
    },
  });
}

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'sessions'],
    queryFn: ({ signal }) => api.get('/account/sessions', { signal }),
  });

export const revokeSession = (id: string) => api.delete('/account/sessions/{id}', { path: { id } });

export const revokeOtherSessions = () => api.delete('/account/sessions');

/** Deletes the account (refused for custom-type plans, docs/product-spec.md section 6) and ends the session. */
export const useDeleteAccount = () =>
  useMutation({
    mutationFn: (password: string) => api.delete('/account', { body: { password } }),
    onSuccess: () => session.endSession(),
  });

/** Downloads the account's JSON archive (ADR 073): fetched with the credentials, saved by a link. */
export const useExportAccount = () =>
  useMutation({
    mutationFn: () =>
      downloadFile(apiPath('/account/export'), 'livent-export.json', 'application/json'),
  });
