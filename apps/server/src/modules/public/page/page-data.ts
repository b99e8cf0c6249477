import {
  isPageLink,
  LAYOUT_ITEMS,
  UPLOAD_PATH_PATTERN,
  type EventSettings,
  type EventTimes,
  type Highlight,
  type PageState,
  type LayoutItem,
  type ViewerLanguage,
} from '@livent/shared';
import type { RegistrationFieldError, RegistrationForm } from '../../registrations/index.js';

/** Where the page's own files are (content-hashed names, see `public-assets.ts`). */
export interface PageAssets {
  stylesheet: string;
  favicon: string;
  viewerScript: string;
  videoJsScript: string;
  videoJsStyles: string;
  ivsScript: string;
}

export interface ChannelLink {
  slug: string;
  title: string;
}

/** Everything one rendered page depends on; a change to any of it is a new cache entry. */
export interface PageData {
  eventSlug: string;
  /** The event's settings as the settings reader gives them, with the channel's overrides applied. */
  settings: EventSettings;
  /** The highlights to show, in order. */
  highlights: readonly Highlight[];
  /** The event's visible channels (the channel menu shows when there is at least one). */
  channels: readonly ChannelLink[];
  /** The channel this page is, or null for the event's main page. */
  channelSlug: string | null;
  language: ViewerLanguage;
  /** The owner's plan allows hiding the footer logo / a custom layout order. */
  allowHideFooterLogo: boolean;
  allowCustomLayout: boolean;
  /** The event's last remote reload (ISO), compared by the viewer script. */
  remoteReloadAt: string | null;
  assets: PageAssets;
  /** The event is behind a gate (ADR 026): the viewer script sends its cookies where needed. */
  protected: boolean;
  /**
   * Set when this is the gate instead of the page: with what went wrong with the last try, and
   * whether it shows because a newer session of the viewer's personal link or login ended this
   * one (ADR 067).
   */
  gate: { error: GateError | undefined; sessionEnded?: boolean } | null;
  /** The statistics' view token for the viewer script's pageview (ADR 045); null on the gate. */
  statsToken: string | null;
  /** The single sign-on button's label (the cip mode; empty for the default text). */
  ssoButtonLabel?: string;
  /** The cip mode with no provider set up yet: the gate says so instead of offering a sign-in. */
  ssoConfigured?: boolean;
  /** The page's address on the events origin (its calendar entries link to it). */
  pageUrl: string;
  /** The event's version, compared by the page script with a `state` frame's. */
  version: number;
  /** The start and end as instants in the event's (or channel's) time zone. */
  times: EventTimes;
  /** What the page shows (docs/decisions/063-event-times-and-page-states.md). */
  state: PageState;
  /** When the state next changes by itself (ISO), or null. */
  nextChange: string | null;
}

/**
 * Why the gate shows again after a try: a wrong code, a wrong username or password, a personal
 * link that is not (or no longer) valid, or too many tries for now.
 */
export type GateError =
  | { kind: 'wrongCode' }
  | { kind: 'wrongCredentials' }
  | { kind: 'invalidLink' }
  | { kind: 'tooMany'; retryAfterSeconds: number }
  /** The registration form back with what was typed and what is wrong with it. */
  | {
      kind: 'registration';
      errors: Partial<Record<string, RegistrationFieldError>>;
      values: RegistrationForm;
    }
  /** Not an error: registered in the verify mode, the personal link is on its way. */
  | { kind: 'checkInbox' }
  /**
   * Single sign-on failed: the provider refused (denied, bad or used answer), is down, or does not
   * work with the organiser's settings (ADR 048).
   */
  | { kind: 'ssoFailed' }
  | { kind: 'ssoUnavailable' }
  | { kind: 'ssoMisconfigured' };

/**
 * Each layout's own order of the blocks (a custom order replaces it where the plan allows): the
 * player and the message tool before the long content (ADR 052).
 */
const LAYOUT_ORDERS: Record<EventSettings['layout'], readonly LayoutItem[]> = {
  classic: ['player', 'messages', 'extraFrame', 'content', 'highlights', 'extraImage'],
  modern: ['player', 'messages', 'content', 'extraFrame', 'extraImage', 'highlights'],
  tube: ['player', 'messages', 'content', 'extraFrame', 'extraImage', 'highlights'],
};

/** The blocks in the order they show: a custom order first (plan permitting), then the rest. */
export function blockOrder(data: PageData): LayoutItem[] {
  const base = LAYOUT_ORDERS[data.settings.layout];
  const custom = data.allowCustomLayout ? (data.settings.customLayoutOrder ?? []) : [];
  const valid = custom.filter((item) => (LAYOUT_ITEMS as readonly string[]).includes(item));
  return [...valid, ...base.filter((item) => !valid.includes(item))];
}

/** The path of an event's accessibility statement (ADR 052); `_` keeps it off channel slugs. */
export const statementPath = (eventSlug: string): string => `/${eventSlug}/_accessibility`;

export const isUpload = (path: string | null): path is string =>
  path !== null && UPLOAD_PATH_PATTERN.test(path);

/**
 * Only http(s), mailto and links on the page (`#section`, a `/path` on its host) reach an href or
 * src; anything else becomes `#`.
 */
export function safeUrl(url: string): string {
  const link = url.trim();
  return /^(?:https?:\/\/|mailto:)/i.test(link) || isPageLink(link) ? link : '#';
}

export const playerShown = (s: EventSettings): boolean =>
  s.playerVisible && s.playerMode !== 'disabled';

/** The name of `timeZone` at `instant` in `language` ("CET", "MEZ", "GMT-5"). */
function zoneName(instant: Date, timeZone: string, language: ViewerLanguage): string {
  const parts = new Intl.DateTimeFormat(language, {
    timeZone,
    timeZoneName: 'short',
  }).formatToParts(instant);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/**
 * The start as the page shows it: the organiser's free text, or the date and time in the event's
 * time zone, with the zone named (docs/decisions/063-event-times-and-page-states.md).
 */
export function formatStart(s: EventSettings, times: EventTimes, language: ViewerLanguage): string {
  if (s.startMode === 'text') return s.startText;
  const start = times.start;
  if (!start || Number.isNaN(start.getTime())) return '';
  const text = new Intl.DateTimeFormat(language, {
    dateStyle: 'full',
    ...(times.allDay ? {} : { timeStyle: 'short' }),
    timeZone: times.timeZone,
  }).format(start);
  return times.allDay ? text : `${text} (${zoneName(start, times.timeZone, language)})`;
}
