/**
 * The shared zod schemas the forms validate with, behind one module that screens import lazily
 * (`lazyResolver(async () => (await import('…/schemas')).loginSchema)`). Importing the
 * @livent/shared barrel dynamically instead would pull its constants, which the first load
 * needs, into the same chunk as zod (ADR 009).
 */
export {
  accountDeletionSchema,
  emailChangeSchema,
  feedbackSchema,
  forgotPasswordSchema,
  loginSchema,
  passwordChangeSchema,
  profilePatchSchema,
  recoveryCodesRenewSchema,
  registerSchema,
  resetPasswordSchema,
  settingsPatchSchema,
  twoFactorConfirmSchema,
  twoFactorLoginSchema,
} from '@livent/shared';
