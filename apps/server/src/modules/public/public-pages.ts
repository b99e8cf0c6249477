import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AbuseLimits } from '../../lib/abuse-limits.js';
import type { Clock } from '../../lib/clock.js';
import type { Mailer } from '../../lib/mailer/mailer.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { EventCalendars } from '../calendar/index.js';
import type { InvitationAccess } from '../invitations/index.js';
import type { ViewerMessagesService } from '../messages/index.js';
import type { ViewerPollsService } from '../polls/index.js';
import { ReactionLimits, type ReactionAggregator } from '../reactions/index.js';
import type { RegistrationsService } from '../registrations/index.js';
import type { SsoService } from '../sso/index.js';
import { AccessSessions } from './access-sessions.js';
import { AccessibilityFeedbackService } from './accessibility/accessibility-feedback.js';
import type { WebhookEmitter } from '../webhooks/index.js';
import { ViewerGatesService } from './gates/gates.service.js';
import { CalendarFiles } from './page/calendar-file.js';
import { EventPageService, type PageStatsTokens } from './page/page.service.js';
import { PageAccessCheck } from './page-access.js';
import { PublicAssets } from './page/public-assets.js';
import { PublicEvents } from './public-events.js';
import { ViewerApiService } from './viewer-api/viewer-api.service.js';
import { ViewerAccess } from './viewer-access.js';

/** The services of the events origin's three rooms (ADR 036) and what they share. */
export interface PublicPages {
  /** The events as the pages know them, revalidated every few seconds (also the beacons'). */
  events: PublicEvents;
  /** The page room: rendered, cached pages and the 404 page. */
  page: EventPageService;
  /** The gates room: the ways into a protected event. */
  gates: ViewerGatesService;
  /** The viewer API room: the remote reload, the message tool and reactions. */
  viewerApi: ViewerApiService;
  /** The accessibility statement's feedback, mailed to the event's owner (ADR 052). */
  accessibilityFeedback: AccessibilityFeedbackService;
  /** The pages' "add to calendar" files (ADR 064). */
  calendarFiles: CalendarFiles;
}

export interface PublicPagesDependencies {
  db: Kysely<Database>;
  now: Clock;
  limiter: RateLimiter;
  limits: AbuseLimits;
  /** Signs the viewers' access cookies (a key derived for that alone). */
  appSecret: string;
  /** The statistics' view tokens rendered into pages (ADR 045). */
  statsTokens: PageStatsTokens;
  /** The invitation way in: sign-in, personal links, and whether an invitation still holds. */
  invitations: InvitationAccess;
  /** The registration way in: the form, personal links, and whether a registration still exists. */
  registrations: RegistrationsService;
  /** The single sign-on way in: the gate's button label. */
  sso: Pick<SsoService, 'gate'>;
  /** The messages module's side for viewers: the message tool's writes and reads. */
  viewerMessages: ViewerMessagesService;
  /** The polls module's side for viewers: the page's polls and the votes. */
  viewerPolls: ViewerPollsService;
  /** Counts the viewers' reactions and sends their bursts to the pages (ADR 059). */
  reactions: ReactionAggregator;
  /** Requests of one viewer / address per 10 s (`REACTION_REQUESTS_PER_*` by default). */
  reactionLimits?: { perViewer?: number; perAddress?: number };
  /** Mails the accessibility statement's reports to the event's owner. */
  mailer: Mailer;
  /** The events origin, for the page's address in those mails. */
  eventsUrl: string;
  /** The events' calendar entries, for the pages' `.ics` (ADR 064). */
  calendars: EventCalendars;
  /** Tells the owner's webhooks of invitations' sign-ins (ADR 072). */
  webhooks?: WebhookEmitter;
}

export function createPublicPages(deps: PublicPagesDependencies): PublicPages {
  const { db, now, invitations, registrations } = deps;
  const cookies = new ViewerAccess(deps.appSecret);
  const events = new PublicEvents({ db, now, sso: deps.sso });
  const sessions = new AccessSessions(db, now);
  const access = new PageAccessCheck({ now, cookies, invitations, registrations, sessions });
  return {
    events,
    page: new EventPageService({
      events,
      access,
      assets: new PublicAssets(),
      statsTokens: deps.statsTokens,
      now,
      eventsUrl: deps.eventsUrl,
    }),
    gates: new ViewerGatesService({
      db,
      now,
      limiter: deps.limiter,
      limits: deps.limits,
      events,
      cookies,
      invitations,
      registrations,
      sessions,
      webhooks: deps.webhooks,
    }),
    viewerApi: new ViewerApiService({
      events,
      access,
      messages: deps.viewerMessages,
      polls: deps.viewerPolls,
      reactions: deps.reactions,
      reactionLimits: new ReactionLimits(deps.reactionLimits),
      now,
    }),
    accessibilityFeedback: new AccessibilityFeedbackService({
      db,
      mailer: deps.mailer,
      limiter: deps.limiter,
      limits: deps.limits,
      events,
      eventsUrl: deps.eventsUrl,
    }),
    calendarFiles: new CalendarFiles({ db, events, access, calendars: deps.calendars }),
  };
}
