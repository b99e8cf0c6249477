import { z } from 'zod';
import { ERROR_REPORT_LIMITS, LANGUAGES } from './constants.js';
import { FEATURES, LIMITS, PLAN_NAMES } from './plans.js';
import { linkLikeText } from './link-like-text.js';
import { fields, multiLineText, singleLineText, validationMessage } from './validation.js';

/** Account settings (docs/product-spec.md section 3, "Settings"). */
export const CSV_DELIMITERS = [',', ';', '\t'] as const;

export const isTimezone = (value: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

export const settingsSchema = z.object({
  timezone: z
    .string()
    .max(64)
    .refine(isTimezone, { error: validationMessage('invalid') }),
  emailLanguage: z.enum(LANGUAGES),
  alwaysShowHelp: z.boolean(),
  csvDelimiter: z.enum(CSV_DELIMITERS),
  newsletter: z.boolean(),
  /** Date (YYYY-MM-DD) of the newest changelog entry the user has seen, or null. */
  whatsnewSeen: fields.date().nullable(),
});
export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  timezone: 'Europe/Berlin',
  emailLanguage: 'en',
  alwaysShowHelp: true,
  csvDelimiter: ',',
  newsletter: false,
  whatsnewSeen: null,
};

/** `PATCH /settings`: only the changed fields; unknown fields are rejected. */
export const settingsPatchSchema = settingsSchema.partial().strict();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

export const planAllowanceSchema = z.object({
  features: z.array(z.enum(FEATURES)),
  limit: z.partialRecord(z.enum(LIMITS), z.number().int()),
  access: z.array(z.enum(['none', 'code', 'registration', 'invitation', 'cip'])).optional(),
  layouts: z.array(z.enum(['classic', 'modern', 'tube'])).optional(),
  domains: z.array(z.enum(['events', 'custom'])).optional(),
  defaults: z.object({ hideFooterLogo: z.boolean().optional() }).optional(),
});

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  initials: z.string(),
  emailVerified: z.boolean(),
  company: z.string().nullable(),
  plan: z.enum(PLAN_NAMES),
  planExpires: z.string().nullable(),
  planExpiresInDays: z.number().int().nullable(),
  planAllowance: planAllowanceSchema,
  planConsumption: z.object({ events: z.number().int(), domains: z.number().int() }),
  settings: settingsSchema,
  /** A pending email change waiting for the link mailed to the new address. */
  pendingEmail: z.string().nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/**
 * A person's name goes into mails to addresses nobody has verified yet (sign-up, email change,
 * sharing), where mail clients would link a URL in it (ADR 047).
 */
const name = () =>
  singleLineText({ min: 1, max: 100, trim: true }).refine((value) => !linkLikeText(value), {
    error: validationMessage('noLink'),
  });
const company = () => singleLineText({ max: 100, trim: true });

export const profilePatchSchema = z
  .object({
    name: name(),
    company: company().nullable(),
    initials: singleLineText({ min: 1, max: 3, trim: true }),
  })
  .partial()
  .strict();
export type ProfilePatch = z.infer<typeof profilePatchSchema>;

export const emailChangeSchema = z.strictObject({
  email: fields.email(),
  password: z.string().min(1).max(128),
});

const passwordPair = z.strictObject({
  oldPassword: z.string().min(1).max(128),
  newPassword: fields.password(),
  confirmPassword: z.string().min(1).max(128),
});
export const passwordChangeSchema = passwordPair
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ['confirmPassword'],
    error: validationMessage('passwordsMismatch'),
  })
  .refine((value) => value.newPassword !== value.oldPassword, {
    path: ['newPassword'],
    error: validationMessage('passwordSameAsOld'),
  });
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

export const accountDeletionSchema = z.strictObject({ password: z.string().min(1).max(128) });

/**
 * An error the dashboard ran into, sent with the report dialog's feedback (docs/product-spec.md
 * section 8: "Error reporting … shows a report dialog on other errors"; ADR 054). The page's path
 * only: a query string may hold a token.
 */
export const errorReportSchema = z.strictObject({
  name: singleLineText({ max: ERROR_REPORT_LIMITS.name }),
  message: multiLineText({ max: ERROR_REPORT_LIMITS.message }),
  stack: multiLineText({ max: ERROR_REPORT_LIMITS.stack }).optional(),
  path: singleLineText({ max: ERROR_REPORT_LIMITS.path }),
  /** The HTTP status of a failed call, if the error was one. */
  status: z.number().int().min(100).max(599).optional(),
});
export type ErrorReport = z.infer<typeof errorReportSchema>;

export const feedbackSchema = z.strictObject({
  email: fields.email(),
  message: multiLineText({ min: 1, max: 5000, trim: true }),
  /** Present when the feedback reports an error (the report dialog). */
  error: errorReportSchema.optional(),
});
export type Feedback = z.infer<typeof feedbackSchema>;

/** One active sign-in of the account (`GET /account/sessions`). */
export const sessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  /** Browser and system, e.g. "Firefox 128 on Linux", or the shortened raw header. */
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  /** The session of the request's own access token. */
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

/** Shared field rules for forms that the server checks with the same schema. */
export const accountFields = { name, company };
