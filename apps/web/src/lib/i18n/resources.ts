import type { Language } from '@livent/shared';
import type enAccount from '../../locales/en/account.json';
import type enApiTokens from '../../locales/en/apiTokens.json';
import type enAudit from '../../locales/en/audit.json';
import type enAuth from '../../locales/en/auth.json';
import type enBilling from '../../locales/en/billing.json';
import type enCommon from '../../locales/en/common.json';
import type enChannels from '../../locales/en/channels.json';
import type enDashboard from '../../locales/en/dashboard.json';
import type enDesign from '../../locales/en/design.json';
import type enDomains from '../../locales/en/domains.json';
import type enEditor from '../../locales/en/editor.json';
import type enEnterprise from '../../locales/en/enterprise.json';
import type enEnterpriseMembers from '../../locales/en/enterpriseMembers.json';
import type enEvents from '../../locales/en/events.json';
import type enForms from '../../locales/en/forms.json';
import type enInvitations from '../../locales/en/invitations.json';
import type enMessages from '../../locales/en/messages.json';
import type enOnboarding from '../../locales/en/onboarding.json';
import type enRegistrations from '../../locales/en/registrations.json';
import type enReminders from '../../locales/en/reminders.json';
import type enLogins from '../../locales/en/logins.json';
import type enLists from '../../locales/en/lists.json';
import type enMails from '../../locales/en/mails.json';
import type enPermissions from '../../locales/en/permissions.json';
import type enPolls from '../../locales/en/polls.json';
import type enScreens from '../../locales/en/screens.json';
import type enStats from '../../locales/en/stats.json';
import type enWebhooks from '../../locales/en/webhooks.json';

/**
 * The namespace loaded with the active language before the first render. The others load with
 * the layouts and screens that use them (`loadNamespaces` in `beforeLoad`/`loader`), so the
 * guest pages' first load carries only what they show (ADR 009).
 */
export const NAMESPACES = ['common'] as const;

/** The English catalogues define the keys (and their types); German must have the same. */
export interface Catalogues {
  common: typeof enCommon;
  /** The signed-in chrome: header, menus, dialogs (default and shared layouts). */
  dashboard: typeof enDashboard;
  screens: typeof enScreens;
  /** The sign-in form, sign-out and the fields guest forms share. */
  auth: typeof enAuth;
  /** Sign-up, email verification, password reset. */
  onboarding: typeof enOnboarding;
  forms: typeof enForms;
  account: typeof enAccount;
  /** The events list, creation, overview and the shared parts of the event editor. */
  events: typeof enEvents;
  /** The editor sections general, player, text, interaction, compliance, advanced, admin. */
  editor: typeof enEditor;
  /** The editor sections highlights, appearance and navigation. */
  design: typeof enDesign;
  /** Channels and channel routing rules. */
  channels: typeof enChannels;
  /** The message inbox, the organisers' and the guest moderators' (ADR 025). */
  messages: typeof enMessages;
  /** The invitation list of the invitation way in (ADR 026). */
  invitations: typeof enInvitations;
  /** The registration list of the registration way in (ADR 026). */
  registrations: typeof enRegistrations;
  /** Reminders before an event and the follow-up after it (ADR 065). */
  reminders: typeof enReminders;
  /** The login list of a protected event (ADR 026). */
  logins: typeof enLogins;
  /** The shared server-paged table: export, paging (components/data-table). */
  lists: typeof enLists;
  /** Invitation and registration emails: texts, sending, mail status (components/access-mails). */
  mails: typeof enMails;
  /** The control room's polls and results, the organisers' and the guest moderators' (ADR 060). */
  polls: typeof enPolls;
  /** The live statistics screen (ADR 027). */
  stats: typeof enStats;
  /** The plan and billing screens and the plan banners (ADR 028). */
  billing: typeof enBilling;
  /** The enterprise overview's events table and the account administration (ADR 028). */
  enterprise: typeof enEnterprise;
  /** The enterprise overview's members table (the shared table reads `list` per namespace). */
  enterpriseMembers: typeof enEnterpriseMembers;
  /** Shared permissions and owner changes (ADR 031). */
  permissions: typeof enPermissions;
  /** The custom domains screen (docs/decisions/030-custom-domains.md). */
  domains: typeof enDomains;
  /** Personal API tokens on the security screen (docs/decisions/070-personal-api-tokens.md). */
  apiTokens: typeof enApiTokens;
  /** The audit log of an event and of the account (ADR 069). */
  audit: typeof enAudit;
  /** The webhooks screen (docs/decisions/072-webhooks.md). */
  webhooks: typeof enWebhooks;
}
export type Namespace = keyof Catalogues;

export type TitleKey = keyof Catalogues['common']['titles'];
export type ScreenKey = keyof Catalogues['screens'];

type CatalogueModule = { default: Record<string, unknown> };

/**
 * Every catalogue file as its own lazily loaded chunk: a visitor downloads only the language
 * they use, and the first load of /login stays within its budget (ADR 009).
 */
const catalogueFiles = import.meta.glob<CatalogueModule>('../../locales/*/*.json');

export async function loadCatalogue(
  language: string,
  namespace: string,
): Promise<Record<string, unknown>> {
  const load = catalogueFiles[`../../locales/${language}/${namespace}.json`];
  if (!load) throw new Error(`No catalogue ${language}/${namespace}`);
  return (await load()).default;
}

/** Every catalogue file of every language, for tests that compare the languages. */
export async function loadAllCatalogues(): Promise<Record<Language, Catalogues>> {
  const all: Record<string, Record<string, unknown>> = {};
  for (const path of Object.keys(catalogueFiles)) {
    const [, language = '', file = ''] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
    (all[language] ??= {})[file] = await loadCatalogue(language, file);
  }
  return all as unknown as Record<Language, Catalogues>;
}
