import { z } from 'zod';
import { singleLineText } from './validation.js';

/**
 * Scopes of personal API tokens (docs/decisions/070-personal-api-tokens.md). A token reaches the
 * dashboard's API with its owner's rights, narrowed to its scopes; a route no scope names (the
 * account's security, billing, tokens themselves) refuses every token.
 */
export const API_TOKEN_SCOPES = [
  'events:read',
  'events:write',
  'attendees:read',
  'attendees:write',
  'messages:manage',
  'stats:read',
  'webhooks:manage',
] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** What every personal API token starts with: tells it from a session's token, and scanners find it. */
export const API_TOKEN_PREFIX = 'lvt_';

/** How long a new token lives, in days; `null` for a token that never expires. */
export const API_TOKEN_EXPIRY_DAYS = [30, 90, 365] as const;

/** Active (neither revoked nor expired) tokens one account may hold at once. */
export const API_TOKEN_MAX_ACTIVE = 50;

/** Characters of the secret after the prefix that are shown for recognition (`lvt_AbCd1234…`). */
export const API_TOKEN_VISIBLE_LENGTH = 8;

/** A token as its owner's list shows it; the secret itself is never answered again. */
export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The start of the token (`lvt_` and a few characters), to tell tokens apart. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)),
  createdAt: z.string(),
  /** Null: never expires. */
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** `POST /account/api-tokens`. */
export const apiTokenCreateSchema = z.strictObject({
  name: singleLineText({ min: 1, max: 80, trim: true }),
  scopes: z
    .array(z.enum(API_TOKEN_SCOPES))
    .min(1)
    .max(API_TOKEN_SCOPES.length)
    .transform((scopes) => API_TOKEN_SCOPES.filter((scope) => scopes.includes(scope))),
  /** Days until it expires (one of {@link API_TOKEN_EXPIRY_DAYS}); null: never. */
  expiresInDays: z.literal(API_TOKEN_EXPIRY_DAYS).nullable(),
});
export type ApiTokenCreate = z.input<typeof apiTokenCreateSchema>;

/** The answer of a create: the token's entry and, this once only, its secret. */
export const apiTokenCreatedSchema = apiTokenSchema.extend({ token: z.string() });
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;
