import { z } from 'zod';
import { accountFields, userSchema } from './account.js';
import { fields, validationMessage } from './validation.js';

const mustAccept = () => z.literal(true, { error: validationMessage('mustAccept') });

export const registerSchema = z.strictObject({
  name: accountFields.name(),
  email: fields.email(),
  password: fields.password(),
  company: accountFields.company().nullish(),
  acceptTerms: mustAccept(),
  acceptPrivacy: mustAccept(),
});
export type RegisterRequest = z.infer<typeof registerSchema>;

export const loginSchema = z.strictObject({
  email: fields.email(),
  password: z.string().min(1).max(128),
});
export type LoginRequest = z.infer<typeof loginSchema>;

/** The refresh token may come from the body or the HttpOnly cookie. */
export const refreshSchema = z.strictObject({
  refreshToken: z.string().min(1).max(512).optional(),
});

export const forgotPasswordSchema = z.strictObject({ email: fields.email() });

export const resetPasswordSchema = z
  .strictObject({ password: fields.password(), confirmPassword: z.string().min(1).max(128) })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    error: validationMessage('passwordsMismatch'),
  });

export const tokenQuerySchema = z.strictObject({ token: z.string().min(1).max(512) });

export const tokenSchema = z.object({ token: z.string(), expires: z.string() });
export const authTokensSchema = z.object({ access: tokenSchema, refresh: tokenSchema });
export type AuthTokens = z.infer<typeof authTokensSchema>;

/** Answer of login, register and refresh (docs/product-spec.md section 7). */
export const authResponseSchema = z.object({ user: userSchema, tokens: authTokensSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/**
 * Answer of `GET /auth/self`: the user and the access token the request carried. Self never
 * mints tokens; the refresh token stays in its HttpOnly cookie (ADR 010).
 */
export const selfResponseSchema = z.object({
  user: userSchema,
  tokens: z.object({ access: tokenSchema }),
});
export type SelfResponse = z.infer<typeof selfResponseSchema>;
