import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { Database } from './db/schema.js';
import type { AbuseLimits } from './lib/abuse-limits.js';
import { ChangeNotices } from './lib/change-notices.js';
import type { Clock } from './lib/clock.js';
import { Mailer } from './lib/mailer/mailer.js';
import { createSmtpTransport } from './lib/mailer/transport.js';
import { UnsubscribeLinks } from './lib/mailer/unsubscribe.js';
import { MailWorker, type MailWorkerOptions } from './lib/mailer/worker.js';
import { createOutboundFetch } from './lib/outbound/outbound-fetch.js';
import { RateLimiter } from './lib/rate-limiter.js';
import { AccountService } from './modules/account/account.service.js';
import { AuditLog } from './modules/audit/index.js';
import { ApiTokenService } from './modules/auth/api-tokens.service.js';
import { AuditPurge } from './modules/audit/audit-purge.js';
import { AuditReader } from './modules/audit/audit-reader.js';
import {
  BillingWorker,
  DEFAULT_BILLING_WORKER_OPTIONS,
  type BillingWorkerOptions,
} from './modules/billing/billing-worker.js';
import { BillingService } from './modules/billing/billing.service.js';
import { createBillingProvider } from './modules/billing/providers.js';
import { AccessTokens } from './modules/auth/access-tokens.js';
import { AuthService, type AccountDependencies } from './modules/auth/auth.service.js';
import { KnownBrowsers } from './modules/auth/known-browsers.js';
import { OneTimeTokens } from './modules/auth/one-time-tokens.js';
import { authDataChanged } from './modules/auth/auth-data-changes.js';
import { PasswordHasher, type PasswordHashOptions } from './modules/auth/passwords.js';
import { SessionService } from './modules/auth/sessions.service.js';
import { TwoFactorService } from './modules/two-factor/index.js';
import { ChannelRouter } from './modules/channels/channel-router.js';
import { ChannelsService } from './modules/channels/channels.service.js';
import { createDomains, type Domains } from './modules/domains/domains.js';
import { PageFeed } from './modules/live-page/index.js';
import type { DomainsWorkerOptions } from './modules/domains/domains-worker.js';
import { createCountryLookup } from './modules/channels/geo.js';
import { EnterpriseService } from './modules/enterprise/enterprise.service.js';
import { EventsService } from './modules/events/events.service.js';
import { HighlightsService } from './modules/highlights/highlights.service.js';
import { InvitationAccess } from './modules/invitations/invitation-access.js';
import { InvitationsService } from './modules/invitations/invitations.service.js';
import { CalendarNotices, EventCalendars } from './modules/calendar/index.js';
import { MessageFeed } from './modules/messages/live/message-feed.js';
import { MessagesService } from './modules/messages/messages.service.js';
import { ViewerMessagesService } from './modules/messages/viewer-messages.service.js';
import {
  PollResultsPublisher,
  type PollResultsOptions,
} from './modules/polls/poll-results-publisher.js';
import { PollsService } from './modules/polls/polls.service.js';
import { ViewerPollsService } from './modules/polls/viewer-polls.service.js';
import { UploadsService } from './modules/uploads/uploads.service.js';
import { FeedbackService } from './modules/feedback/feedback.service.js';
import { createPublicPages, type PublicPages } from './modules/public/public-pages.js';
import { RegistrationsService } from './modules/registrations/registrations.service.js';
import { SsoService } from './modules/sso/sso.service.js';
import { LoginsService } from './modules/logins/logins.service.js';
import { PermissionsService } from './modules/permissions/permissions.service.js';
import { ReactionAggregator, type ReactionAggregatorOptions } from './modules/reactions/index.js';
import {
  DEFAULT_REMINDER_SCHEDULER_OPTIONS,
  ReminderScheduler,
  RemindersService,
  type ReminderSchedulerOptions,
} from './modules/reminders/index.js';
import { retentionLoop, RetentionService } from './modules/retention/index.js';
import type { BackgroundLoop } from './lib/background-loop.js';
import { SettingsService } from './modules/settings/settings.service.js';
import { StatsCollector, type StatsCollectorOptions } from './modules/stats/stats-collector.js';
import { StatsService } from './modules/stats/stats.service.js';
import { StatsViewTokens } from './modules/stats/view-tokens.js';
import {
  DEFAULT_WEBHOOK_SENDER_OPTIONS,
  systemResolve,
  tellTimedStateChanges,
  WebhookSender,
  WebhooksService,
  type WebhookSenderOptions,
} from './modules/webhooks/index.js';

/** The services of the app, built once in `buildApp` and decorated as `app.services`. */
export interface Services {
  passwords: PasswordHasher;
  accessTokens: AccessTokens;
  sessions: SessionService;
  tokens: OneTimeTokens;
  limiter: RateLimiter;
  mailer: Mailer;
  auth: AuthService;
  twoFactor: TwoFactorService;
  account: AccountService;
  settings: SettingsService;
  feedback: FeedbackService;
  channels: ChannelsService;
  /** First-time viewers to channels by the event's routing rules (ADR 018). */
  channelRouter: ChannelRouter;
  events: EventsService;
  highlights: HighlightsService;
  uploads: UploadsService;
  /** The events origin's page, gates and viewer API (ADR 036). */
  publicPages: PublicPages;
  /** Live message changes (ADR 025): every message write notifies it after its commit. */
  messageFeed: MessageFeed;
  /**
   * What other instances changed of what this one keeps in memory (PostgreSQL only; ADR 034):
   * sessions and users, invitations, registrations, custom domains.
   */
  changeNotices: ChangeNotices;
  /** The inbox: organisers and guest moderators read, moderate and answer messages (ADR 025). */
  messages: MessagesService;
  /** Viewers' registrations: the gate's form and personal link, the organisers' list (ADR 026). */
  registrations: RegistrationsService;
  /** The organisers' invitations of an event (ADR 026). */
  invitations: InvitationsService;
  /** The events' calendar entries: the lists' invitations and the pages' `.ics` (ADR 064). */
  calendars: EventCalendars;
  /** The notices of a new time and the cancellations to the lists (ADR 064). */
  calendarNotices: CalendarNotices;
  /** The organisers' login list of an event (ADR 026). */
  logins: LoginsService;
  /** Single sign-on of viewers: the provider settings and the OpenID Connect flow (ADR 026). */
  sso: SsoService;
  /** Pageviews and heartbeats of public pages, counted in memory and written in batches (ADR 027). */
  statsCollector: StatsCollector;
  /** The view tokens in public pages and the signed page view ids that beacons carry (ADR 045). */
  statsViewTokens: StatsViewTokens;
  /** The organisers' statistics of an event (ADR 027). */
  stats: StatsService;
  /** Plans, checkout, payments and the webhook inbox (ADR 028). */
  billing: BillingService;
  /** Applies stored billing webhooks and reconciles subscriptions (ADR 028). */
  billingWorker: BillingWorker;
  /** Custom domains: the API's service, the serving table and the re-check worker (ADR 030). */
  domains: Domains;
  /** Shared permissions and owner changes of events (ADR 031). */
  permissions: PermissionsService;
  enterprise: EnterpriseService;
  /** Wakes the open pages' live streams after a write to the page log (ADR 057). */
  pageFeed: PageFeed;
  /** Polls and quizzes: organisers and guest moderators write, launch and moderate them (ADR 058). */
  polls: PollsService;
  /** Sends polls' results to open pages at most once a second per poll (ADR 058). */
  pollResults: PollResultsPublisher;
  /** Viewers' reactions, counted in memory and written about once a second per event (ADR 059). */
  reactions: ReactionAggregator;
  /** Reminders before an event and its follow-up (ADR 065). */
  reminders: RemindersService;
  /** Sends due reminders once a minute (ADR 065). */
  reminderScheduler: ReminderScheduler;
  /** Who changed what and when, per account and event (ADR 069). */
  audit: AuditLog;
  /** Personal API tokens: creation, revocation, and the lookup of every request (ADR 070). */
  apiTokens: ApiTokenService;
  /** The event's and the account's audit pages and CSV (ADR 069). */
  auditReader: AuditReader;
  /** Deletes audit entries older than a year, daily (ADR 069). */
  auditPurge: AuditPurge;
  /** Tells a sign-in from a new browser, for the audit log (ADR 069). */
  knownBrowsers: KnownBrowsers;
  /** Deletes or anonymises events' viewer data after their retention period (ADR 073). */
  retention: RetentionService;
  /** Runs the retention pass on this instance every few hours (ADR 073). */
  retentionLoop: BackgroundLoop;
  /** The accounts' webhook endpoints; other modules `emit` their events here (ADR 072). */
  webhooks: WebhooksService;
  /** Sends the webhook deliveries, retries them and pauses failing endpoints (ADR 072). */
  webhookSender: WebhookSender;
}

export interface ServiceOptions {
  db: Kysely<Database>;
  config: Config;
  now: Clock;
  log: FastifyBaseLogger;
  limits: AbuseLimits;
  passwordHashing?: PasswordHashOptions;
  mailWorker: MailWorkerOptions;
  statsCollector?: StatsCollectorOptions;
  reactions?: ReactionAggregatorOptions & {
    limits?: { perViewer?: number; perAddress?: number };
  };
  billingWorker?: Partial<BillingWorkerOptions>;
  domainsWorker?: Partial<DomainsWorkerOptions>;
  pollResults?: PollResultsOptions;
  reminderScheduler?: Partial<ReminderSchedulerOptions>;
  /** How often the retention pass runs (`intervalMs: 0`: only when asked). */
  retention?: { intervalMs?: number };
  webhookSender?: Partial<WebhookSenderOptions>;
}

export function createServices(options: ServiceOptions): Services {
  const { db, config, now, log, limits } = options;
  const passwords = new PasswordHasher(options.passwordHashing);
  const audit = new AuditLog({ db, now });
  const accessTokens = new AccessTokens(config.appSecret, config.publicUrl, now);
  const sessions = new SessionService(db, accessTokens, now, config.appSecret);
  const tokens = new OneTimeTokens(now);
  const limiter = new RateLimiter(db, now);
  const statsViewTokens = new StatsViewTokens(config.appSecret, now);
  const worker = config.smtpUrl
    ? new MailWorker(
        db,
        createSmtpTransport(config.smtpUrl, config.mailFrom),
        now,
        log,
        options.mailWorker,
      )
    : undefined;
  const mailer = new Mailer({
    now,
    log,
    worker,
    logLinks: config.devTools,
    unsubscribeLinks: new UnsubscribeLinks(config.appSecret, config.eventsUrl),
  });
  const webhookSender = new WebhookSender(
    {
      db,
      now,
      log,
      outbound: createOutboundFetch({ allow: config.outboundAllow }),
      mailer,
      audit,
      publicUrl: config.publicUrl,
      everyMinute: (at) => tellTimedStateChanges(db, webhooks, at),
    },
    { ...DEFAULT_WEBHOOK_SENDER_OPTIONS, ...options.webhookSender },
  );
  // Before the modules that tell of their events (ADR 072).
  const webhooks = new WebhooksService({
    db,
    now,
    audit,
    outboundAllow: config.outboundAllow,
    resolve: systemResolve,
    nudge: () => webhookSender.nudge(),
  });
  const messageFeed = new MessageFeed({
    db,
    log,
    // Its own connection for LISTEN: a pooled one would be handed to other queries.
    listenUrl: config.dialect === 'postgres' ? config.databaseUrl : undefined,
    now,
  });
  const pageFeed = new PageFeed({
    db,
    log,
    listenUrl: config.dialect === 'postgres' ? config.databaseUrl : undefined,
    now,
  });
  const pollResults = new PollResultsPublisher({ db, now, pageFeed, log }, options.pollResults);
  const invitationAccess = new InvitationAccess(db, now);
  const deps: AccountDependencies = {
    db,
    now,
    publicUrl: config.publicUrl,
    passwords,
    sessions,
    tokens,
    mailer,
    limiter,
    limits,
    supportEmail: config.supportEmail,
    audit,
  };
  const sso = new SsoService({
    db,
    now,
    appSecret: config.appSecret,
    eventsUrl: config.eventsUrl,
    allowLoopbackHttp: config.devTools,
    outbound: createOutboundFetch({ allow: config.outboundAllow }),
    outboundAllow: config.outboundAllow,
    // The public pages are made below; a provider can only be saved once both exist.
    accessEnded: (eventId) => publicPages.events.forget(eventId),
    audit,
  });
  const calendars = new EventCalendars({
    now,
    eventsUrl: config.eventsUrl,
    mailFrom: config.mailFrom,
  });
  const registrations = new RegistrationsService({
    db,
    now,
    mailer,
    limiter,
    limits,
    eventsUrl: config.eventsUrl,
    calendars,
    webhooks,
  });
  const invitations = new InvitationsService({
    db,
    now,
    eventsUrl: config.eventsUrl,
    access: invitationAccess,
    mailer,
    limiter,
    limits,
    calendars,
  });
  const calendarNotices = new CalendarNotices({
    db,
    now,
    mailer,
    limiter,
    limits,
    calendars,
    personalLinks: {
      registrations: (slug, token) => registrations.personalLink(slug, token),
      invitations: (slug, token) => invitations.personalLink(slug, token),
    },
  });
  const billing = new BillingService({
    db,
    now,
    log,
    provider: createBillingProvider(config, now),
    trialDays: config.planTrialDays,
    promoMessages: config.promoMessages,
    // The worker is made next; a webhook can only arrive once both exist.
    onWebhookStored: () => billingWorker.nudge(),
    audit,
  });
  const billingWorker = new BillingWorker(db, billing, now, log, {
    ...DEFAULT_BILLING_WORKER_OPTIONS,
    ...options.billingWorker,
  });
  const domains = createDomains({
    db,
    config,
    now,
    log,
    limiter,
    worker: options.domainsWorker,
    audit,
  });
  const changeNotices = new ChangeNotices({
    listenUrl: config.dialect === 'postgres' ? config.databaseUrl : undefined,
    log,
  });
  changeNotices.on('auth', () => authDataChanged());
  changeNotices.on('invitation', (key) => invitationAccess.changedElsewhere(key));
  changeNotices.on('registration', (id) => registrations.changedElsewhere(id));
  changeNotices.on('domains', () => domains.table.refreshInBackground());
  const reactions = new ReactionAggregator({ db, now, log, pageFeed }, options.reactions);
  const publicPages = createPublicPages({
    db,
    now,
    limiter,
    limits,
    appSecret: config.appSecret,
    statsTokens: statsViewTokens,
    invitations: invitationAccess,
    registrations,
    sso,
    viewerMessages: new ViewerMessagesService({
      db,
      now,
      limiter,
      limits,
      messageFeed,
      webhooks,
    }),
    viewerPolls: new ViewerPollsService({
      db,
      dialect: config.dialect,
      now,
      limiter,
      limits,
      results: pollResults,
    }),
    reactions,
    reactionLimits: options.reactions?.limits,
    mailer,
    eventsUrl: config.eventsUrl,
    calendars,
    webhooks,
  });
  changeNotices.on('access', (eventId) => publicPages.events.forget(eventId));
  const reminders = new RemindersService({
    db,
    now,
    mailer,
    limiter,
    limits,
    // The personal links of the registration and invitation mails (ADR 026).
    links: {
      registrations: (slug, token) => registrations.personalLink(slug, token),
      invitations: (slug, token) => invitations.personalLink(slug, token),
      event: (slug) => registrations.eventLink(slug),
    },
  });
  const twoFactor = new TwoFactorService({
    db,
    now,
    appSecret: config.appSecret,
    passwords,
    limiter,
    limits,
    audit,
  });
  const retention = new RetentionService({ db, now, audit });
  return {
    audit,
    twoFactor,
    retention,
    retentionLoop: retentionLoop(retention, log, options.retention?.intervalMs),
    apiTokens: new ApiTokenService({
      db,
      now,
      audit,
      limiter,
      requestLimit: limits.apiTokenRequests,
    }),
    auditReader: new AuditReader({ db }),
    auditPurge: new AuditPurge({ db, now, log }),
    knownBrowsers: new KnownBrowsers(config.appSecret, audit),
    webhooks,
    webhookSender,
    passwords,
    accessTokens,
    sessions,
    tokens,
    limiter,
    mailer,
    auth: new AuthService(deps, twoFactor),
    account: new AccountService(deps),
    settings: new SettingsService(deps),
    feedback: new FeedbackService(deps),
    channels: new ChannelsService({
      db,
      dialect: config.dialect,
      now,
      eventsUrl: config.eventsUrl,
      pageFeed,
    }),
    channelRouter: new ChannelRouter(
      createCountryLookup(config.countryHeader),
      config.eventsUrl.startsWith('https:'),
    ),
    events: new EventsService({
      db,
      dialect: config.dialect,
      now,
      eventsUrl: config.eventsUrl,
      publicOriginOf: (ownerId) => domains.table.defaultOrigin(ownerId),
      accessEnded: (eventId) => publicPages.events.forget(eventId),
      pageFeed,
      beforeDelete: (trx, eventId) => calendarNotices.queueCancellations(trx, eventId),
      afterDelete: (queued) => mailer.afterBulkCommit(queued, 'event-cancelled'),
      audit,
      webhooks,
    }),
    highlights: new HighlightsService({ db, dialect: config.dialect, now }),
    uploads: new UploadsService({ db, now, limiter, limits }),
    publicPages,
    messageFeed,
    pageFeed,
    polls: new PollsService({
      db,
      dialect: config.dialect,
      now,
      pageFeed,
      results: pollResults,
      webhooks,
    }),
    pollResults,
    reactions,
    changeNotices,
    messages: new MessagesService({ db, dialect: config.dialect, now, messageFeed, webhooks }),
    registrations,
    invitations,
    calendars,
    calendarNotices,
    reminders,
    reminderScheduler: new ReminderScheduler(reminders, log, {
      ...DEFAULT_REMINDER_SCHEDULER_OPTIONS,
      ...options.reminderScheduler,
    }),
    sso,
    logins: new LoginsService({ db, now }),
    statsCollector: new StatsCollector(
      { db, now, log, webhooks },
      { newViewsPerAddress: config.statsViewsPerAddress, ...options.statsCollector },
    ),
    statsViewTokens,
    stats: new StatsService({ db, now }),
    billing,
    billingWorker,
    domains,
    permissions: new PermissionsService({
      db,
      dialect: config.dialect,
      now,
      mailer,
      limiter,
      limits,
      publicUrl: config.publicUrl,
      audit,
    }),
    enterprise: new EnterpriseService({
      db,
      now,
      mailer,
      limiter,
      limits,
      publicUrl: config.publicUrl,
    }),
  };
}
