import type { Generated } from 'kysely';

/**
 * The tables as Kysely sees them. Timestamps are ISO-8601 UTC strings in `text` columns
 * (`new Date().toISOString()`): the same type and ordering on SQLite and PostgreSQL, so one set
 * of repositories serves both dialects. Flags are integers 0/1 for the same reason.
 */
export interface Database {
  app_meta: AppMetaTable;
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  tokens: TokensTable;
  mails: MailsTable;
  rate_limits: RateLimitsTable;
  api_rate_limits: ApiRateLimitsTable;
  feedback: FeedbackTable;
  events: EventsTable;
  highlights: HighlightsTable;
  channels: ChannelsTable;
  uploads: UploadsTable;
  messages: MessagesTable;
  message_history: MessageHistoryTable;
  message_votes: MessageVotesTable;
  message_log: MessageLogTable;
  registrations: RegistrationsTable;
  invitations: InvitationsTable;
  event_sso: EventSsoTable;
  access_logins: AccessLoginsTable;
  stats_minutes: StatsMinutesTable;
  stats_hours: StatsHoursTable;
  stats_presence: StatsPresenceTable;
  stats_visitors: StatsVisitorsTable;
  billing_subscriptions: BillingSubscriptionsTable;
  billing_payments: BillingPaymentsTable;
  billing_webhooks: BillingWebhooksTable;
  enterprise_members: EnterpriseMembersTable;
  custom_domains: CustomDomainsTable;
  permissions: PermissionsTable;
  mail_unsubscribes: MailUnsubscribesTable;
  owner_changes: OwnerChangesTable;
  import_locks: ImportLocksTable;
  page_log: PageLogTable;
  polls: PollsTable;
  poll_votes: PollVotesTable;
  reaction_counts: ReactionCountsTable;
  attendance: AttendanceTable;
  access_sessions: AccessSessionsTable;
  reminder_sends: ReminderSendsTable;
  follow_up_sends: FollowUpSendsTable;
  audit_log: AuditLogTable;
  two_factor: TwoFactorTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  two_factor_challenges: TwoFactorChallengesTable;
  api_tokens: ApiTokensTable;
  event_retention: EventRetentionTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  webhook_debounce: WebhookDebounceTable;
}

/** Facts about the installation itself, such as when its schema was created (`created_at`). */
export interface AppMetaTable {
  key: string;
  value: string;
  updated_at: string;
}

/** 0 or 1. */
export type Flag = 0 | 1;

export interface UsersTable {
  id: string;
  /** Lowercased. */
  email: string;
  name: string;
  company: string | null;
  /** Null: derived from the name. */
  initials: string | null;
  password_hash: string;
  email_verified: Flag;
  pending_email: string | null;
  plan: string;
  plan_expires: string | null;
  /** The status of the subscription the plan comes from (ADR 028); null without one. */
  subscription_status: string | null;
  /** That subscription (`billing_subscriptions.id`). */
  subscription_id: string | null;
  /** The enterprise admin whose member this account is (migration 0014; ADR 028, "Enterprise"). */
  enterprise_id: Generated<string | null>;
  /** When the account started its one trial from the plan page (migration 0024; ADR 053). */
  trial_started_at: Generated<string | null>;
  timezone: string;
  email_language: string;
  always_show_help: Flag;
  csv_delimiter: string;
  newsletter: Flag;
  whatsnew_seen: string | null;
  created_at: string;
  updated_at: string;
  /** An enterprise admin's requirement of two-factor sign-in for members (migration 0035; ADR 071). */
  require_member_two_factor: Generated<Flag>;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  last_used_at: string;
  expires_at: string;
  revoked_at: string | null;
  revoked_reason: string | null;
  user_agent: string | null;
  ip: string | null;
}

export interface RefreshTokensTable {
  /** SHA-256 of the token, base64url. */
  token_hash: string;
  session_id: string;
  created_at: string;
  /** When its successor was issued; null for the family's current token. */
  replaced_at: string | null;
}

export type OneTimeTokenKind = 'verify-email' | 'reset-password' | 'change-email';

export interface TokensTable {
  id: string;
  kind: OneTimeTokenKind;
  user_id: string;
  token_hash: string;
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** docs/product-spec.md section 3, "Mail status". */
export const MAIL_STATUSES = [
  'queued',
  'accepted',
  'rejected',
  'failedtemporary',
  'failedpermanent',
  'delivered',
] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export interface MailsTable {
  id: string;
  user_id: string | null;
  to: string;
  reply_to: string | null;
  subject: string;
  text: string;
  html: string;
  template: string;
  language: string;
  status: MailStatus;
  attempts: Generated<number>;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  message_id: string | null;
  created_at: string;
  sent_at: string | null;
  /** A bulk mail's one-click unsubscribe link (`List-Unsubscribe`, ADR 049); null for others. */
  unsubscribe_url: Generated<string | null>;
  /** The iCalendar text the mail carries as its invitation (ADR 064); null for other mails. */
  calendar: Generated<string | null>;
}

export interface RateLimitsTable {
  key: string;
  window_start: string;
  count: number;
  expires_at: string;
}

/** The API-wide limit's share of each window taken by the instances (lib/shared-rate-limit-store.ts). */
export interface ApiRateLimitsTable {
  key: string;
  used: number;
  expires_at: string;
}

/** The event an import is running for, and until when the lock holds (ADR 046). */
export interface ImportLocksTable {
  event_id: string;
  holder: string;
  expires_at: string;
}

export interface FeedbackTable {
  id: string;
  user_id: string;
  email: string;
  message: string;
  created_at: string;
}

export interface EventsTable {
  id: string;
  owner_id: string;
  slug: string;
  title: string;
  /** JSON of `EventSettings` without `title` and `slug` (those are the columns). */
  settings: string;
  /** Bumped by every change that alters the public page (its cache key). */
  version: Generated<number>;
  remote_reload_at: string | null;
  created_at: string;
  updated_at: string;
  /** The messages guest-access token of the share link, or null when none is enabled. */
  messages_guest_token: Generated<string | null>;
  /** SHA-256 (base64url, `sha256()`) of the token the last renewal or removal replaced: "Token expired". */
  messages_guest_token_replaced: Generated<string | null>;
  /**
   * Raised when the access mode, the code or the single sign-on provider changes; part of the
   * viewers' access cookies, so that access under an old setting ends (ADR 044).
   */
  access_generation: Generated<number>;
  /**
   * The owner's plan (its name) when the event was last saved or the owner last created an
   * event: the public page keeps its features after a lapse until then (ADR 054); null is none.
   */
  saved_plan: Generated<string | null>;
  /** The SEQUENCE of the event's calendar entries, raised when its time moves (ADR 064). */
  calendar_sequence: Generated<number>;
  /** The SEQUENCE the registrants and invitees were last notified of (ADR 064). */
  calendar_notified_sequence: Generated<number>;
}

export interface HighlightsTable {
  id: string;
  event_id: string;
  position: number;
  group_name: string;
  title: string;
  description: string;
  link: string;
  image: string | null;
  created_at: string;
  updated_at: string;
}

export interface ChannelsTable {
  id: string;
  event_id: string;
  slug: string;
  title: string;
  visible: Flag;
  /** JSON of `ChannelOverrides`. */
  overrides: string;
  /** JSON array of highlight ids, or null for all. */
  highlight_ids: string | null;
  created_at: string;
  updated_at: string;
}

export interface UploadsTable {
  id: string;
  owner_id: string;
  name: string;
  content_type: string;
  width: number;
  height: number;
  bytes: number;
  data: Buffer;
  created_at: string;
}

/** A message to the organiser of an event (the viewer message tool; the inbox reads them). */
export interface MessagesTable {
  id: string;
  event_id: string;
  /** The channel page it was sent from, or null for the event's main page. */
  channel_id: string | null;
  /** `viewer`: sent through the public page. */
  kind: string;
  author_name: string;
  text: string;
  read: Generated<Flag>;
  answer: string | null;
  created_at: string;
  /** new, approved, answered, declined or archived (`MESSAGE_STATUSES`). */
  status: Generated<string>;
  /** 1: every viewer of the page sees the answer; 0: only the sender. */
  answer_public: Generated<Flag>;
  answered_at: string | null;
  /** The name of who answered. */
  answered_by: string | null;
  /** The sender's viewer cookie id (viewer messages), so they see their own questions. */
  viewer_id: string | null;
  /** The sender's key for one submit: a double submit stores one message. */
  idempotency_key: string | null;
  /** The organiser who wrote an internal message. */
  author_user_id: string | null;
  votes: Generated<number>;
  /** Set on the event's one pinned question. */
  pinned_at: string | null;
  updated_at: string | null;
}

/** Every moderation step of a message: who did what, when (so that it can be undone). */
export interface MessageHistoryTable {
  id: string;
  message_id: string;
  action: string;
  from_status: string | null;
  to_status: string | null;
  /** `user` (an organiser) or `guest` (the messages guest-access token). */
  actor_kind: string;
  actor_user_id: string | null;
  actor_name: string;
  created_at: string;
}

/** One vote per viewer (cookie id) and question. */
export interface MessageVotesTable {
  message_id: string;
  viewer_id: string;
  created_at: string;
}

/** The durable log of message changes that live updates carry; `seq` is the SSE event id. */
export interface MessageLogTable {
  seq: Generated<number>;
  event_id: string;
  message_id: string;
  /** created, changed or deleted */
  change: string;
  created_at: string;
}

/** A viewer's registration for an event in the registration access mode (ADR 026). */
export interface RegistrationsTable {
  id: string;
  event_id: string;
  name: string;
  /** Lowercased: one registration per event and address. */
  email: string;
  /** JSON object of the additional fields' values by field name. */
  fields: Generated<string>;
  /** The personal link's token (random, 256 bits), kept so that the organiser's list shows the link. */
  token: string;
  /** When the personal link was first opened in the verify mode; set at once in the other modes. */
  verified_at: string | null;
  /** The last mail sent about it; its status is the outbox row's. */
  mail_id: string | null;
  created_at: string;
  /** The page's language at registration (`en`/`de`); null: the event's mail language (ADR 065). */
  language: Generated<string | null>;
}

/**
 * Who may sign in at the gate of an event in the invitation mode (ADR 026). The password is an
 * event access password the organiser sees and hands out, kept as given, not an account's.
 */
export interface InvitationsTable {
  id: string;
  event_id: string;
  name: string;
  /** Lower case; once per event. */
  email: string;
  /** Lower case; once per event; the email unless the organiser chose another. */
  username: string;
  password: string;
  /** The personal link's token (random, 256 bits), kept so that the list shows the link. */
  token: string;
  /** Raised when the username, password or token changes; access cookies record it. */
  access_version: Generated<number>;
  logins: Generated<number>;
  last_login_at: string | null;
  /** The last mail sent to this invitation (outbox); its status is the list's mail status. */
  mail_id: string | null;
  created_at: string;
  /** The language of the last invitation mail sent; null: the event's mail language (ADR 065). */
  language: Generated<string | null>;
}

/** An event's OpenID provider for single sign-on (ADR 026); the secret encrypted (modules/sso). */
export interface EventSsoTable {
  event_id: string;
  issuer: string;
  client_id: string;
  client_secret: string | null;
  scopes: string;
  button_label: string;
  updated_at: string;
}

/** One access granted to a viewer (ADR 026); no address or user agent by design. */
export interface AccessLoginsTable {
  id: string;
  event_id: string;
  /** code, registration, invitation or cip. */
  way: string;
  /** The access cookie's subject: the viewer id (code), registration, invitation or SSO sub. */
  subject: string;
  /** Who, as the organiser reads it; empty for a code (its viewers are anonymous). */
  label: string;
  created_at: string;
}

/** Live statistics per event, minute and page (ADR 027); `channel_key` '' is the main page. */
export interface StatsMinutesTable {
  event_id: string;
  /** The minute's start, ISO (ADR 007). */
  minute: string;
  channel_key: string;
  pageviews: number;
  /** First visits of the UTC day (the viewer's first pageview of the day on this event). */
  uniques: number;
  /** First visits of the UTC day to this page (a viewer of two pages counts on each). */
  page_uniques: Generated<number>;
  /** Page views seen in the minute, and those of them playing (added when it is compacted). */
  viewers: number;
  playing: number;
}

/** Minutes older than the minute retention, rolled up (ADR 027): sums, and peaks as max. */
export interface StatsHoursTable {
  event_id: string;
  hour: string;
  channel_key: string;
  pageviews: number;
  uniques: number;
  page_uniques: Generated<number>;
  viewers: number;
  playing: number;
}

/** One page view seen in one minute (ADR 027), until that minute is compacted. */
export interface StatsPresenceTable {
  event_id: string;
  minute: string;
  channel_key: string;
  view_id: string;
  playing: Flag;
  seen_at: string;
}

/** Today's viewers of an event by salted hash (ADR 027). */
export interface StatsVisitorsTable {
  event_id: string;
  day: string;
  hash: string;
}

/** A subscription at the billing provider (ADR 028), as the newest event applied describes it. */
export interface BillingSubscriptionsTable {
  id: string;
  user_id: string;
  provider: string;
  provider_subscription_id: string;
  provider_customer_id: string | null;
  plan: string;
  /** month or year. */
  interval: string;
  /** A `SubscriptionStatus`. */
  status: string;
  current_period_end: string | null;
  next_bill_at: string | null;
  /**
   * The provider's time of the state held: older deliveries are not applied. Microseconds,
   * always six digits, unlike the other times (ADR 050).
   */
  occurred_at: string;
  created_at: string;
  updated_at: string;
}

/** A payment the provider collected (or failed to): docs/product-spec.md section 3, "Payment history". */
export interface BillingPaymentsTable {
  id: string;
  user_id: string;
  provider: string;
  provider_payment_id: string;
  provider_subscription_id: string | null;
  paid_at: string;
  /** Minor units (cents), tax included. */
  gross: number;
  currency: string;
  method: string | null;
  status: string;
  receipt_url: string | null;
  occurred_at: string;
  created_at: string;
}

/** The webhook inbox (ADR 028): every verified delivery, once per event id. */
export interface BillingWebhooksTable {
  provider: string;
  event_id: string;
  event_type: string;
  occurred_at: string;
  /** The raw body as received (it was verified as these bytes). */
  payload: string;
  /** pending, applied, stale, ignored, unmatched or failed. */
  status: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  received_at: string;
  processed_at: string | null;
}

/** An enterprise admin's invitation, and once accepted its membership (migration 0014). */
export interface EnterpriseMembersTable {
  id: string;
  admin_id: string;
  /** Lower-case; the address the invitation was sent to. */
  email: string;
  /** Null until the account with that address accepts. */
  member_id: string | null;
  created_at: string;
  accepted_at: string | null;
}

/**
 * An event shared with an account (migration 0016, ADR 031); the grantor is always the event's
 * owner of the moment.
 */
export interface PermissionsTable {
  id: string;
  event_id: string;
  /** The grantee. */
  user_id: string;
  /** 'pending' until the grantee accepts, then 'accepted' (a rejection deletes the row). */
  status: string;
  created_at: string;
  accepted_at: string | null;
}

/** A pending owner change (migration 0016, ADR 031); one per event. */
export interface OwnerChangesTable {
  id: string;
  event_id: string;
  /** The owner who asked for it. */
  from_user_id: string;
  /** The account that becomes the owner when it accepts. */
  to_user_id: string;
  created_at: string;
}

/**
 * A custom domain of an account (migration 0015, ADR 030); `name` is lower-case ASCII (punycode),
 * unique across accounts.
 */
export interface CustomDomainsTable {
  id: string;
  user_id: string;
  name: string;
  /** One of `DOMAIN_STATUSES` (packages/shared/src/domains.ts). */
  status: string;
  status_detail: string | null;
  /** One of `DOMAIN_CHECK_ERRORS` when the last check could not decide. */
  check_error: string | null;
  disabled_reason: string | null;
  /** The value the TXT record `_livent-challenge.<name>` must hold. */
  verification_token: string;
  is_default: Generated<Flag>;
  redirect_url: string | null;
  shared: Generated<Flag>;
  last_checked_at: string | null;
  /** When the periodic check takes the row next; null when it has stopped. */
  next_check_at: string | null;
  /** The start of the back-off: creation, a user's re-check, or a return from disabled. */
  checking_since: string;
  check_failures: Generated<number>;
  /** The lease of the instance checking the row now. */
  locked_until: string | null;
  activated_at: string | null;
  /** When the owner's plan was first seen not to allow the domain (the grace period's start). */
  plan_lapsed_at: string | null;
  created_at: string;
}

/** Who unsubscribed from an event's bulk mails (ADR 049): the address lower-case. */
export interface MailUnsubscribesTable {
  event_id: string;
  email: string;
  created_at: string;
}

/** What open pages are told live, in order (ADR 057): the viewer stream's durable log. */
export interface PageLogTable {
  seq: Generated<number>;
  event_id: string;
  /** Null: every page of the event; else the one channel's page. */
  channel_id: string | null;
  /** A `LiveKind` of @livent/shared. */
  kind: string;
  /** JSON, sent as the frame's data. */
  data: string;
  created_at: string;
}

/** A poll or quiz of an event (ADR 057). */
export interface PollsTable {
  id: string;
  event_id: string;
  /** Null: every page of the event. */
  channel_id: string | null;
  /** single, multiple, rating or text */
  kind: string;
  question: string;
  /** JSON: [{ id, text, correct }] */
  options: string;
  quiz: Flag;
  /** draft, live or closed */
  status: string;
  results_shown: Flag;
  position: number;
  launched_at: string | null;
  closed_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One viewer's answer to a poll (ADR 057). */
export interface PollVotesTable {
  id: string;
  poll_id: string;
  viewer_id: string;
  /** JSON: the option ids chosen (choice polls). */
  choices: string | null;
  rating: number | null;
  text: string | null;
  /** pending, approved or rejected (text polls). */
  text_status: string | null;
  created_at: string;
  updated_at: string;
}

/** Reactions per event, minute and kind (ADR 057). */
export interface ReactionCountsTable {
  event_id: string;
  minute: string;
  reaction: string;
  count: number;
}

/** Who of the registered and invited attended, and how (migration 0028, ADR 063). */
export interface AttendanceTable {
  event_id: string;
  /** `registration` or `invitation`. */
  person_kind: string;
  person_id: string;
  first_join_at: string;
  last_seen_at: string;
  /** Minutes with at least one heartbeat of a page view of this person. */
  minutes: Generated<number>;
  /** The last minute counted (ISO), so that a minute counts once. */
  last_minute: string | null;
  questions: Generated<number>;
  polls: Generated<number>;
}

/**
 * A session of a personal way in (ADR 067): one per access granted to a registration or an
 * invitation (exactly one of the two set); `ended_at` once a newer session pushed it past the
 * event's limit.
 */
export interface AccessSessionsTable {
  id: string;
  event_id: string;
  registration_id: string | null;
  invitation_id: string | null;
  created_at: string;
  last_seen_at: string;
  ended_at: string | null;
  /** Why it ended: `limit`. */
  end_reason: string | null;
}

/** One reminder to one guest, sent or skipped (ADR 065): its key makes it go once. */
export interface ReminderSendsTable {
  event_id: string;
  /** The offset in minutes and the start instant it was computed for: `60@2026-12-01T09:00:00.000Z`. */
  reminder: string;
  /** `registration` or `invitation`. */
  person_kind: string;
  person_id: string;
  /** The outbox mail; null when the address had unsubscribed. */
  mail_id: string | null;
  created_at: string;
}

/** An event's last follow-up mail (ADR 065). */
export interface FollowUpSendsTable {
  event_id: string;
  sent_at: string;
  attended: number;
  missed: number;
}

/** Who changed what and when (ADR 069); `details` is JSON. */
export interface AuditLogTable {
  id: string;
  /** The account whose log it is: the event's owner for an event's entries. */
  account_id: string;
  event_id: string | null;
  /** The user who acted; null for Livent itself (a retention run). */
  actor_id: string | null;
  /** The actor's name at the time: an email address, or a token's name with its owner's. */
  actor: string;
  via: string;
  action: string;
  details: string;
  ip: string | null;
  created_at: string;
}

/** An account's TOTP secret, sealed; pending until `enabled_at` (migration 0035; ADR 071). */
export interface TwoFactorTable {
  user_id: string;
  secret: string;
  enabled_at: string | null;
  /** The time step of the last code accepted: a code is used once. */
  last_used_step: number | null;
  /** Signs the "remember this browser" cookies; replaced to revoke them. */
  remember_key: string;
  created_at: string;
}

export interface TwoFactorRecoveryCodesTable {
  id: string;
  user_id: string;
  /** Keyed hash (HMAC-SHA256) of the normalised code. */
  code_hash: string;
  used_at: string | null;
}

/** A sign-in between password and code (ADR 071). */
export interface TwoFactorChallengesTable {
  /** SHA-256 of the challenge token. */
  token_hash: string;
  user_id: string;
  failures: Generated<number>;
  expires_at: string;
}

/** Personal API tokens (ADR 070): the secret's SHA-256, never the secret; `scopes` is JSON. */
export interface ApiTokensTable {
  id: string;
  user_id: string;
  name: string;
  token_hash: string;
  /** `lvt_` and the secret's first characters, shown for recognition. */
  prefix: string;
  scopes: string;
  created_at: string;
  /** Null: never expires. */
  expires_at: string | null;
  /** Written at most once a minute per token. */
  last_used_at: string | null;
  last_used_ip: string | null;
  revoked_at: string | null;
}

/** When the retention pass last ran for an event (ADR 073): its claim against a second instance. */
export interface EventRetentionTable {
  event_id: string;
  last_run_at: string;
}

/** An account's webhook endpoint (ADR 072). */
export interface WebhookEndpointsTable {
  id: string;
  account_id: string;
  url: string;
  description: string;
  /** JSON array of event types, or null for all. */
  event_types: string | null;
  /** JSON array of Livent event ids it is filtered to, or null for all. */
  event_ids: string | null;
  /** `whsec_` and base64 of the key (Standard Webhooks). */
  secret: string;
  previous_secret: string | null;
  previous_secret_until: string | null;
  status: 'active' | 'paused';
  /** Why it was paused: `owner` or `failing`. */
  paused_reason: string | null;
  failed_in_row: Generated<number>;
  failing_since: string | null;
  created_at: string;
  updated_at: string;
}

export type WebhookDeliveryStatus = 'queued' | 'retrying' | 'delivered' | 'failed';

/** One event for one endpoint: the outbox row the worker sends and retries (ADR 072). */
export interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  event_type: string;
  /** The JSON body, signed and sent as it is on every attempt. */
  payload: string;
  status: WebhookDeliveryStatus;
  attempts: Generated<number>;
  next_attempt_at: string | null;
  locked_until: string | null;
  last_status_code: number | null;
  created_at: string;
}

export interface WebhookAttemptsTable {
  id: string;
  delivery_id: string;
  attempted_at: string;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
  /** The response's first characters. */
  response_body: string | null;
}

export interface WebhookDebounceTable {
  key: string;
  sent_at: string;
}
