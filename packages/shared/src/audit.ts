import { z } from 'zod';

/**
 * What the audit log records (docs/decisions/069-audit-log.md): one name per kind of change, the
 * same in the API, the dashboard's labels (`audit.actions.<name>` in both languages) and the CSV.
 * Entries are kept one year ({@link AUDIT_RETENTION_DAYS}).
 */
export const AUDIT_ACTIONS = [
  // events
  'event.created',
  'event.settings_changed',
  'event.deleted',
  'event.owner_changed',
  'event.retention_applied',
  // sharing and access
  'event.shared',
  'event.share_changed',
  'event.unshared',
  'event.access_changed',
  // account
  'account.signed_in_new_browser',
  'account.password_changed',
  'account.email_changed',
  'account.exported',
  'account.plan_changed',
  'account.domain_added',
  'account.domain_removed',
  // personal API tokens
  'token.created',
  'token.revoked',
  // two-factor sign-in
  'two_factor.enabled',
  'two_factor.disabled',
  'two_factor.recovery_codes_renewed',
  'two_factor.recovery_code_used',
  'enterprise.two_factor_required',
  // webhooks
  'webhook.created',
  'webhook.changed',
  'webhook.deleted',
  'webhook.paused',
  'webhook.secret_rotated',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Days an audit entry is kept. */
export const AUDIT_RETENTION_DAYS = 365;

/** How the actor acted: signed in to the dashboard, with a personal API token, or Livent itself. */
export const AUDIT_VIAS = ['session', 'api_token', 'system'] as const;
export type AuditVia = (typeof AUDIT_VIAS)[number];

/** One entry as the API answers it (newest first, paged on the server). */
export const auditEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  eventId: z.string().nullable(),
  /** The actor's name at the time (an email address, a token's name, "Livent"). */
  actor: z.string(),
  via: z.enum(AUDIT_VIAS),
  /** What changed: for settings `{ changes: [{ field, from, to }] }`; other actions their own facts. */
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
