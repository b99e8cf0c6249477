import { z } from 'zod';
import { authResponseSchema } from './auth.js';

/**
 * Two-factor sign-in with an authenticator app (docs/decisions/071-two-factor-sign-in.md): TOTP as
 * RFC 6238 and every authenticator app read it (SHA-1, 6 digits, 30 s), plus recovery codes.
 */
export const TWO_FACTOR_DIGITS = 6;
export const TWO_FACTOR_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** How long "Remember this browser" spares the code. */
export const TWO_FACTOR_REMEMBER_DAYS = 30;
/** How long the sign-in step between password and code may take. */
export const TWO_FACTOR_CHALLENGE_MINUTES = 5;

/** An authenticator code, or a recovery code; the server tells them apart by their form. */
const code = () => z.string().trim().min(1).max(64);
const password = () => z.string().min(1).max(128);

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** Unused recovery codes. */
  recoveryCodesLeft: z.number().int(),
  /** The account's enterprise requires two-factor sign-in of its members. */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** A pending setup: the secret as a QR code (SVG) and as text for manual entry. */
export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  uri: z.string(),
  qrSvg: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** Turning on, turning off: a current code and the password. */
export const twoFactorConfirmSchema = z.strictObject({ code: code(), password: password() });
export type TwoFactorConfirm = z.infer<typeof twoFactorConfirmSchema>;

export const recoveryCodesRenewSchema = z.strictObject({ password: password() });

/** Shown once: stored hashed only. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** Answer of `POST /auth/login` for an account with two-factor sign-in: no session yet. */
export const twoFactorChallengeSchema = z.object({
  twoFactor: z.object({ challenge: z.string(), expires: z.string() }),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

export const loginResponseSchema = z.union([authResponseSchema, twoFactorChallengeSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** The sign-in's second step. */
export const twoFactorLoginSchema = z.strictObject({
  challenge: z.string().min(1).max(200),
  code: code(),
  rememberBrowser: z.boolean().default(false),
});
export type TwoFactorLoginRequest = z.input<typeof twoFactorLoginSchema>;

/** An enterprise admin's requirement for members (`PUT /enterprise/two-factor`). */
export const enterpriseTwoFactorSchema = z.strictObject({ required: z.boolean() });
export type EnterpriseTwoFactor = z.infer<typeof enterpriseTwoFactorSchema>;
