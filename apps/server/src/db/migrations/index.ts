import type { Migration } from 'kysely';
import * as m0001AppMeta from './0001-app-meta.js';
import * as m0002Accounts from './0002-accounts.js';
import * as m0003Events from './0003-events.js';
import * as m0004Messages from './0004-messages.js';
import * as m0005EventsListIndex from './0005-events-list-index.js';
import * as m0006MessagesInbox from './0006-messages-inbox.js';
import * as m0007Registrations from './0007-registrations.js';
import * as m0008Invitations from './0008-invitations.js';
import * as m0009EventSso from './0009-event-sso.js';
import * as m0010AccessLogins from './0010-access-logins.js';
import * as m0011InvitationMails from './0011-invitation-mails.js';
import * as m0012Stats from './0012-stats.js';
import * as m0013Billing from './0013-billing.js';
import * as m0014Enterprise from './0014-enterprise.js';
import * as m0015CustomDomains from './0015-custom-domains.js';
import * as m0016Permissions from './0016-permissions.js';
import * as m0017ApiRateLimits from './0017-api-rate-limits.js';
import * as m0018AccessGeneration from './0018-access-generation.js';
import * as m0019MailUnsubscribes from './0019-mail-unsubscribes.js';
import * as m0020BillingMicroseconds from './0020-billing-microseconds.js';
import * as m0021ImportLocks from './0021-import-locks.js';
import * as m0024PlanTrials from './0024-plan-trials.js';
import * as m0025EventSavedPlan from './0025-event-saved-plan.js';
import * as m0026StatsPageUniques from './0026-stats-page-uniques.js';
import * as m0027Engagement from './0027-engagement.js';
import * as m0028Attendance from './0028-attendance.js';
import * as m0029Calendar from './0029-calendar.js';
import * as m0030Reminders from './0030-reminders.js';
import * as m0031AccessSessions from './0031-access-sessions.js';
import * as m0032RemindersOffForExistingEvents from './0032-reminders-off-for-existing-events.js';
import * as m0033AuditLog from './0033-audit-log.js';
import * as m0034ApiTokens from './0034-api-tokens.js';
import * as m0035TwoFactor from './0035-two-factor.js';
import * as m0036Webhooks from './0036-webhooks.js';
import * as m0037EventRetention from './0037-event-retention.js';

/**
 * Every migration, by the name recorded in `kysely_migration`. Names sort in the order they run;
 * add new ones at the end with the next number. A static list (not FileMigrationProvider) works
 * the same from `src` under Vitest/tsx and from the compiled `dist`.
 */
export const migrations: Record<string, Migration> = {
  '0001_app_meta': m0001AppMeta,
  '0002_accounts': m0002Accounts,
  '0003_events': m0003Events,
  '0004_messages': m0004Messages,
  '0005_events_list_index': m0005EventsListIndex,
  '0006_messages_inbox': m0006MessagesInbox,
  '0007_registrations': m0007Registrations,
  '0008_invitations': m0008Invitations,
  '0009_event_sso': m0009EventSso,
  '0010_access_logins': m0010AccessLogins,
  '0011_invitation_mails': m0011InvitationMails,
  '0012_stats': m0012Stats,
  '0013_billing': m0013Billing,
  '0014_enterprise': m0014Enterprise,
  '0015_custom_domains': m0015CustomDomains,
  '0016_permissions': m0016Permissions,
  '0017_api_rate_limits': m0017ApiRateLimits,
  '0018_access_generation': m0018AccessGeneration,
  '0019_mail_unsubscribes': m0019MailUnsubscribes,
  '0020_billing_microseconds': m0020BillingMicroseconds,
  '0021_import_locks': m0021ImportLocks,
  '0024_plan_trials': m0024PlanTrials,
  '0025_event_saved_plan': m0025EventSavedPlan,
  '0026_stats_page_uniques': m0026StatsPageUniques,
  '0027_engagement': m0027Engagement,
  '0028_attendance': m0028Attendance,
  '0029_calendar': m0029Calendar,
  '0030_reminders': m0030Reminders,
  '0031_access_sessions': m0031AccessSessions,
  '0032_reminders_off_for_existing_events': m0032RemindersOffForExistingEvents,
  '0033_audit_log': m0033AuditLog,
  '0034_api_tokens': m0034ApiTokens,
  '0035_two_factor': m0035TwoFactor,
  '0036_webhooks': m0036Webhooks,
  '0037_event_retention': m0037EventRetention,
};
