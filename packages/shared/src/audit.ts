import { z } from 'zod';
import { singleLineText } from './validation.js';

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
  /** The event's title now, or the one its deletion kept; null for the account's own entries. */
  eventTitle: z.string().nullable(),
  /** The actor's name at the time (an email address, a token's name, "Livent"). */
  actor: z.string(),
  via: z.enum(AUDIT_VIAS),
  /** What changed: for settings `{ changes: [{ field, from, to }] }`; other actions their own facts. */
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The filters of the audit pages: each action belongs to one group. */
export const AUDIT_GROUPS = [
  'events',
  'sharing',
  'account',
  'tokens',
  'two_factor',
  'webhooks',
] as const;
export type AuditGroup = (typeof AUDIT_GROUPS)[number];

/** Sharing and access concern who may see an event; the other actions group by their prefix. */
const SHARING_ACTIONS: ReadonlySet<AuditAction> = new Set([
  'event.shared',
  'event.share_changed',
  'event.unshared',
  'event.access_changed',
]);
const GROUP_OF_PREFIX: Record<string, AuditGroup> = {
  event: 'events',
  account: 'account',
  token: 'tokens',
  two_factor: 'two_factor',
  enterprise: 'two_factor',
  webhook: 'webhooks',
};

export function auditGroupOf(action: AuditAction): AuditGroup {
  if (SHARING_ACTIONS.has(action)) return 'sharing';
  return GROUP_OF_PREFIX[action.slice(0, action.indexOf('.'))] ?? 'account';
}

export const AUDIT_PAGE_SIZE_MAX = 100;
/** The export's cap: a bound on one request's work (a year of a busy account fits). */
export const AUDIT_EXPORT_MAX = 100_000;

/** `GET /events/{id}/audit` and `GET /account/audit`: newest first, optionally one group. */
export const auditQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(AUDIT_PAGE_SIZE_MAX).default(25),
  group: z.enum(AUDIT_GROUPS).optional(),
  /** Searched in the actor and the details (an email address, a setting's name or value). */
  q: singleLineText({ max: 200, trim: true }).optional(),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

/** The export takes the list's filter, without paging. */
export const auditExportQuerySchema = auditQuerySchema.pick({ group: true, q: true });

export const auditPageSchema = z.object({
  results: z.array(auditEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** One changed field of `event.settings_changed` (and `event.access_changed`). */
export interface AuditChange {
  /** The setting's name, nested values by dotted path (`menuItems.0.label`). */
  field: string;
  from: unknown;
  to: unknown;
}

/** What stands for a secret's value in the log: that it changed is recorded, never the value. */
export const AUDIT_MASK = '•••';
