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
