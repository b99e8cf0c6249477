import { api } from '../../../lib/api/typed-api';

/** The guest flows' calls (spec/api.md, "Auth and account"); sign-in lives in `lib/auth`. */

export const requestPasswordReset = (email: string) =>
  api.post('/auth/forgot-password', { body: { email }, anonymous: true });

export const resetPassword = (token: string, body: { password: string; confirmPassword: string }) =>
  api.post('/auth/reset-password', { query: { token }, body, anonymous: true });

/** Verifies the address of a mailed link (also confirms an email change). Single use. */
export const verifyEmail = (token: string) =>
  api.post('/auth/verify-email', { query: { token }, anonymous: true });

export const sendVerificationEmail = () => api.post('/auth/send-verification-email');
