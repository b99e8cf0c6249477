import { apiFetch } from '../../../lib/api-client';

/** The guest flows' calls (spec/api.md, "Auth and account"); sign-in lives in `lib/auth`. */

export const requestPasswordReset = (email: string) =>
  apiFetch<void>('/auth/forgot-password', { method: 'POST', body: { email }, anonymous: true });

const withToken = (path: string, token: string) =>
  `${path}?${new URLSearchParams({ token }).toString()}`;

export const resetPassword = (token: string, body: { password: string; confirmPassword: string }) =>
  apiFetch<void>(withToken('/auth/reset-password', token), {
    method: 'POST',
    body,
    anonymous: true,
  });

/** Verifies the address of a mailed link (also confirms an email change). Single use. */
export const verifyEmail = (token: string) =>
  apiFetch<void>(withToken('/auth/verify-email', token), { method: 'POST', anonymous: true });

export const sendVerificationEmail = () =>
  apiFetch<void>('/auth/send-verification-email', { method: 'POST' });
