import { z } from 'zod';
import {
  accessMailBody,
  accessMailSubject,
  INVITATION_MAIL_PLACEHOLDERS,
  REGISTRATION_MAIL_PLACEHOLDERS,
} from './access-mails.js';
import { MESSAGES_MODES } from './messages.js';
import { EXTRA_FRAME_MAX_HEIGHT } from './constants.js';
import { EVENT_DURATION_MAX_MINUTES, PAGE_STATE_OVERRIDES, PAGE_STATES } from './event-times.js';
import type { Feature } from './plans.js';
import { isTimezone } from './account.js';
import { followUpBody, followUpSubject } from './reminders.js';
import { RETENTION_DAYS, RETENTION_MODES } from './retention.js';
import { fields, multiLineText, singleLineText, validationMessage } from './validation.js';

/**
 * Events and their settings (docs/product-spec.md section 3, "Event"; section 5 for the rules). Field names are
 * the spec's in camelCase. One schema checks the dashboard's forms and the API's requests.
 */

export const EVENT_LANGUAGES = ['auto', 'de', 'en', 'es', 'fr'] as const;
export type EventLanguage = (typeof EVENT_LANGUAGES)[number];
/** The languages a viewer page can be shown in (`auto` picks one of these from the browser). */
export const VIEWER_LANGUAGES = ['de', 'en', 'es', 'fr'] as const;
export type ViewerLanguage = (typeof VIEWER_LANGUAGES)[number];

export const START_MODES = ['none', 'datetime', 'text'] as const;
/** Reminders an event may have, and how long before the start the earliest may go (30 days). */
export const REMINDER_OFFSETS_MAX = 5;
export const REMINDER_OFFSET_MAX_MINUTES = 30 * 24 * 60;
/** The most browsers one personal link or invitation login may be open in at once. */
export const SESSION_LIMIT_MAX = 10;
export const PLAYER_MODES = [
  'iframe',
  'wowza',
  'amazon-ivs',
  'videojs',
  'code',
  'disabled',
] as const;
export type PlayerMode = (typeof PLAYER_MODES)[number];
export const FONT_FAMILIES = ['sans', 'serif', 'mono', 'custom'] as const;
export const HIGHLIGHT_SIZES = ['normal', 'large'] as const;
export const HIGHLIGHT_ALIGNS = ['left', 'center', 'right'] as const;
export const BACKGROUND_SIZES = ['default', 'cover', 'auto'] as const;
export const BACKGROUND_REPEATS = ['repeat', 'no-repeat'] as const;
export const BACKGROUND_ATTACHMENTS = ['scroll', 'fixed'] as const;
export const EVENT_LAYOUTS = ['classic', 'modern', 'tube'] as const;
export type EventLayout = (typeof EVENT_LAYOUTS)[number];
export const HEADER_LAYOUTS = ['default', 'headline', 'centered', 'banner'] as const;
/** The blocks of the custom layout order (docs/product-spec.md section 3, "custom layout order"). */
export const LAYOUT_ITEMS = [
  'player',
  'extraFrame',
  'messages',
  'extraImage',
  'content',
  'highlights',
] as const;
export type LayoutItem = (typeof LAYOUT_ITEMS)[number];
export const CHANNEL_MENU_NAMES = ['channels', 'language', 'rooms'] as const;

/**
 * How viewers get into a protected event (ADR 026): not at all protected, a shared code, a
 * registration, an invitation, or single sign-on ("CIP", plan feature CUSTOM_ACCESS). One gate per
 * event: channels do not override it.
 */
export const ACCESS_MODES = ['none', 'code', 'registration', 'invitation', 'cip'] as const;
export type AccessMode = (typeof ACCESS_MODES)[number];
/** Where the gate shows the access image: above the access text, or beside it (stacked on phones). */
export const ACCESS_IMAGE_PLACEMENTS = ['above', 'beside'] as const;
export const ACCESS_CODE_MAX_LENGTH = 100;
export const REGISTRATION_EMAIL_MODES = ['default', 'send', 'verify'] as const;
export const REGISTRATION_EMAIL_DOMAINS_MAX = 10;
export const REGISTRATION_FIELDS_MAX = 20;
export const REGISTRATION_FIELD_OPTIONS_MAX = 300;
export const REGISTRATION_FIELD_OPTION_MAX_LENGTH = 50;

/** Maximum count of menu items (the spec says one exists but not its value; ADR 015). */
export const MENU_ITEMS_MAX = 10;
export const HEADER_HEIGHT_MIN = 48;
export const HEADER_HEIGHT_MAX = 600;
export const EXTRA_FRAME_MIN_HEIGHT = 100;
/** Uploaded images: the server refuses larger files ("file must not exceed {max}"). */
export const IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** …and more pixels than this (a decompression bomb guard). */
export const IMAGE_MAX_PIXELS = 40_000_000;

/** An image the server stored (`POST /api/uploads` answers it), e.g. `/uploads/8f3c….jpg`. */
export const UPLOAD_PATH_PATTERN = /^\/uploads\/[a-z0-9-]{8,64}\.(?:jpg|png|webp|gif)$/;
const image = () =>
  z
    .string()
    .regex(UPLOAD_PATH_PATTERN, { error: validationMessage('invalid') })
    .nullable();

/** Texts shown on the public page: one line (titles, labels) or several (descriptions, code). */
const line = (max: number) => singleLineText({ max });
const lines = (max: number) => multiLineText({ max });
/** A required one-line text, trimmed, with at least one visible character. */
const requiredLine = (max: number) => singleLineText({ min: 1, max, trim: true });

export const menuItemSchema = z.strictObject({
  name: requiredLine(50),
  /** A web or mailto address, or a `#section` or `/path` of the page (resolved where it is shown). */
  link: fields.url({ mailto: true, onPage: true }),
  newWindow: z.boolean(),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

export const ROUTING_RULE_KINDS = ['ip', 'country', 'language'] as const;
export const ROUTING_RULES_MAX = 50;

/** An IPv4/IPv6 address or network in CIDR notation: "IP address or network (CIDR) not valid". */
const ipOrCidr = () =>
  z
    .string()
    .trim()
    .max(64)
    .refine(
      (value) => z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]).safeParse(value).success,
      { error: validationMessage('ipOrCidr') },
    );

/**
 * A channel routing rule (docs/product-spec.md section 3): a first-time viewer whose address is in `value`
 * (kind `ip`), whose country is `value` (ISO 3166-1 alpha-2, kind `country`) or whose browser
 * prefers language `value` (ISO 639-1, kind `language`) is sent to the channel `channelId`.
 * Rules are tried in order; the first match wins.
 */
export const routingRuleSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('ip'),
    value: ipOrCidr(),
    channelId: z.string().min(1).max(64),
  }),
  z.strictObject({
    kind: z.literal('country'),
    value: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, { error: validationMessage('invalid') }),
    channelId: z.string().min(1).max(64),
  }),
  z.strictObject({
    kind: z.literal('language'),
    value: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z]{2}$/, { error: validationMessage('invalid') }),
    channelId: z.string().min(1).max(64),
  }),
]);
export type RoutingRule = z.infer<typeof routingRuleSchema>;

/**
 * An additional field of the registration form (docs/product-spec.md section 3, "Registration
 * additional field"): its database field name, label, whether it is required and, when it has
 * any, the options to choose from (a choice instead of free text).
 */
export const registrationFieldSchema = z.strictObject({
  name: fields.identifier(),
  label: requiredLine(100),
  required: z.boolean(),
  options: z
    .array(singleLineText({ min: 1, max: REGISTRATION_FIELD_OPTION_MAX_LENGTH, trim: true }))
    .max(REGISTRATION_FIELD_OPTIONS_MAX),
});
export type RegistrationField = z.infer<typeof registrationFieldSchema>;

/** Listed values appear once (field names, options, domains): the duplicate is refused. */
const unique = <T extends z.ZodType>(item: T, max: number, key: (value: z.infer<T>) => string) =>
  z
    .array(item)
    .max(max)
    .superRefine((values, context) => {
      const seen = new Set<string>();
      values.forEach((value, index) => {
        const id = key(value);
        if (seen.has(id)) {
          context.addIssue({
            code: 'custom',
            path: [index],
            message: validationMessage('nameInUse'),
          });
        }
        seen.add(id);
      });
    });

/**
 * Every editable setting of an event (`GET /event-settings/{id}`). Texts are plain text (the
 * public page escapes them); an empty text means "not shown". Images are upload paths.
 */
export const eventSettingsSchema = z.object({
  // General
  title: requiredLine(100),
  slug: fields.slug(),
  language: z.enum(EVENT_LANGUAGES),
  description: lines(1000),
  startMode: z.enum(START_MODES),
  startDate: fields.date().nullable(),
  startTime: fields.time().nullable(),
  startText: line(100),
  /**
   * The time zone of the start's date and time (IANA name); empty: the owner's account time zone
   * (docs/decisions/063-event-times-and-page-states.md).
   */
  timeZone: z
    .string()
    .max(64)
    .refine((value) => value === '' || isTimezone(value), { error: validationMessage('invalid') }),
  /** The end, as minutes after the start; null: open-ended (live until the organiser moves on). */
  durationMinutes: z.number().int().min(1).max(EVENT_DURATION_MAX_MINUTES).nullable(),
  /** The organiser's override of the page's state; `auto` follows the times. */
  pageState: z.enum(PAGE_STATE_OVERRIDES),
  /** Before the start: a waiting text and image beside the countdown. */
  waitingText: lines(5000),
  waitingImage: image(),
  /** After the end: a thank-you text, and the replay when a link is set. */
  thankYouText: lines(5000),
  /** The recording: the player after the event and in the on-demand state. */
  replayLink: fields.url({ empty: true }),
  /**
   * Reminders before the start, as minutes before it (0: at the start), each sent once to every
   * registrant and invitee who takes the event's mails.
   */
  reminderOffsets: z
    .array(z.number().int().min(0).max(REMINDER_OFFSET_MAX_MINUTES))
    .max(REMINDER_OFFSETS_MAX)
    .refine((values) => new Set(values).size === values.length, {
      error: validationMessage('invalid'),
    }),
  remindRegistrations: z.boolean(),
  remindInvitations: z.boolean(),
  /**
   * The follow-up after the event (docs/decisions/065-reminders-and-follow-up.md): one text for
   * those who attended, one for those who missed it, with FOLLOW_UP_MAIL_PLACEHOLDERS; empty: the
   * default text in the event's language.
   */
  followUpAttendedSubject: followUpSubject,
  followUpAttendedBody: followUpBody,
  followUpMissedSubject: followUpSubject,
  followUpMissedBody: followUpBody,
  contactName: line(100),
  contactEmail: fields.optionalEmail(),
  contactWebsite: fields.url({ empty: true }),
  // Player
  playerVisible: z.boolean(),
  playerMode: z.enum(PLAYER_MODES),
  playerLink: fields.url({ empty: true }),
  playerCode: lines(20_000),
  alternatePlayerImage: image(),
  // Text
  headline: line(200),
  introduction: lines(10_000),
  agenda: lines(10_000),
  content: lines(20_000),
  autoCreateLinks: z.boolean(),
  extraImage: image(),
  ctaTitle: line(50),
  ctaLink: fields.url({ mailto: true, empty: true }),
  // Highlights styling (the highlights themselves have their own routes)
  highlightsSize: z.enum(HIGHLIGHT_SIZES),
  highlightsAlign: z.enum(HIGHLIGHT_ALIGNS),
  // Appearance
  logo: image(),
  backgroundColor: fields.color(),
  textColor: fields.color(),
  accentColor: fields.color(),
  headerColor: fields.color(),
  headerTextColor: fields.color(),
  headerAccentColor: fields.color(),
  fontFamily: z.enum(FONT_FAMILIES),
  /** The individual font's family name, used when `fontFamily` is `custom`. */
  customFont: z
    .string()
    .trim()
    .max(60)
    .regex(/^[\p{L}\p{N} _-]*$/u, { error: validationMessage('invalid') }),
  backgroundImage: image(),
  backgroundSize: z.enum(BACKGROUND_SIZES),
  backgroundRepeat: z.enum(BACKGROUND_REPEATS),
  backgroundAttachment: z.enum(BACKGROUND_ATTACHMENTS),
  layout: z.enum(EVENT_LAYOUTS),
  headerLayout: z.enum(HEADER_LAYOUTS),
  headerHeight: z.number().int().min(HEADER_HEIGHT_MIN).max(HEADER_HEIGHT_MAX),
  /** Null: the layout's own order. */
  customLayoutOrder: z
    .array(z.enum(LAYOUT_ITEMS))
    .max(LAYOUT_ITEMS.length)
    .refine((items) => new Set(items).size === items.length, {
      error: validationMessage('invalid'),
    })
    .nullable(),
  hideFooterLogo: z.boolean(),
  // Navigation
  menuItems: z.array(menuItemSchema).max(MENU_ITEMS_MAX),
  navigationAlwaysVisible: z.boolean(),
  channelMenuTitle: line(50),
  channelMenuName: z.enum(CHANNEL_MENU_NAMES),
  /** Checked on the server: each rule's channel must be a channel of this event. */
  channelRoutingRules: z.array(routingRuleSchema).max(ROUTING_RULES_MAX),
  // Interaction
  messagesEnabled: z.boolean(),
  messagesPrompt: lines(200),
  /** Plain messages to the organiser, or moderated Q&A (ADR 025). */
  messagesMode: z.enum(MESSAGES_MODES),
  /** The reactions bar on the page (ADR 059): viewers tap emoji that float up on every page. */
  reactionsEnabled: z.boolean(),
  sideFrameVisible: z.boolean(),
  sideFrameLink: fields.url({ empty: true }),
  extraFrameVisible: z.boolean(),
  extraFrameLink: fields.url({ empty: true }),
  extraFrameHeight: z.number().int().min(EXTRA_FRAME_MIN_HEIGHT).max(EXTRA_FRAME_MAX_HEIGHT),
  // Compliance
  legalTermsLink: fields.url({ empty: true }),
  privacyLink: fields.url({ empty: true }),
  customLegalText: lines(5000),
  complianceBanner: z.boolean(),
  /**
   * The consent banner's own text in English and German (plan feature COMPLIANCE, ADR 051); empty
   * means the default text in the page's language. Pages in other languages show the default.
   */
  complianceTextEn: lines(1000),
  complianceTextDe: lines(1000),
  complianceConfirmed: z.boolean(),
  // Access (ADR 026)
  accessMode: z.enum(ACCESS_MODES),
  accessText: lines(5000),
  accessImage: image(),
  accessImagePlacement: z.enum(ACCESS_IMAGE_PLACEMENTS),
  /** What the gate shows of the page before access. */
  accessShowIntroduction: z.boolean(),
  accessShowContent: z.boolean(),
  accessShowHighlights: z.boolean(),
  /** Empty unless set; required when the mode is `code` (see {@link accessSettingsErrors}). */
  accessCode: singleLineText({ max: ACCESS_CODE_MAX_LENGTH, trim: true }),
  /**
   * How many browsers may use one personal link or invitation login at once; null: no limit. Past
   * it, the oldest session ends.
   */
  sessionLimit: z.number().int().min(1).max(SESSION_LIMIT_MAX).nullable(),
  /**
   * Days after the event when its viewers' data is deleted or anonymised; null: kept (ADR 073,
   * `retentionDueAt`).
   */
  retentionDays: z.literal(RETENTION_DAYS).nullable(),
  retentionMode: z.enum(RETENTION_MODES),
  registrationEmailDomains: unique(
    fields.hostname(),
    REGISTRATION_EMAIL_DOMAINS_MAX,
    (domain) => domain,
  ),
  registrationEmailMode: z.enum(REGISTRATION_EMAIL_MODES),
  registrationFields: unique(
    registrationFieldSchema,
    REGISTRATION_FIELDS_MAX,
    (field) => field.name,
  ),
  /**
   * The organiser's invitation and registration mails (ADR 026, "Invitation and registration
   * emails"): `{Name}`-style placeholders from INVITATION_MAIL_PLACEHOLDERS and
   * REGISTRATION_MAIL_PLACEHOLDERS, an unknown one refused; empty means the default text in the
   * event's language (`GET /events/{id}/mail-texts`).
   */
  invitationMailSubject: accessMailSubject(INVITATION_MAIL_PLACEHOLDERS),
  invitationMailBody: accessMailBody(INVITATION_MAIL_PLACEHOLDERS),
  registrationMailSubject: accessMailSubject(REGISTRATION_MAIL_PLACEHOLDERS),
  registrationMailBody: accessMailBody(REGISTRATION_MAIL_PLACEHOLDERS),
  // Advanced
  customEmbedCode: lines(20_000),
  /** Ask search engines not to index the public page. */
  noIndex: z.boolean(),
});
export type EventSettings = z.infer<typeof eventSettingsSchema>;
export type EventSettingName = keyof EventSettings;

/**
 * The messages guest-access token (docs/product-spec.md section 4) is not a setting the organiser
 * types: the server makes it. A save sends `renew` to make a new one (replacing the old) or null
 * to remove it; like every setting it takes effect when the event is saved.
 */
export const GUEST_TOKEN_ACTIONS = ['renew'] as const;

/** `PATCH /event-settings/{id}`: only the changed fields; unknown fields are rejected. */
export const eventSettingsPatchSchema = eventSettingsSchema
  .partial()
  .extend({ messagesGuestToken: z.enum(GUEST_TOKEN_ACTIONS).nullable().optional() })
  .strict();
export type EventSettingsPatch = z.infer<typeof eventSettingsPatchSchema>;

/** What a new event starts with; the server fills in `title` and a free `slug`. */
export const DEFAULT_EVENT_SETTINGS: Omit<EventSettings, 'title' | 'slug'> = {
  language: 'auto',
  description: '',
  startMode: 'none',
  startDate: null,
  startTime: null,
  startText: '',
  timeZone: '',
  durationMinutes: null,
  pageState: 'auto',
  waitingText: '',
  waitingImage: null,
  thankYouText: '',
  replayLink: '',
  reminderOffsets: [1440, 60],
  remindRegistrations: true,
  remindInvitations: true,
  followUpAttendedSubject: '',
  followUpAttendedBody: '',
  followUpMissedSubject: '',
  followUpMissedBody: '',
  contactName: '',
  contactEmail: '',
  contactWebsite: '',
  playerVisible: true,
  playerMode: 'iframe',
  playerLink: '',
  playerCode: '',
  alternatePlayerImage: null,
  headline: '',
  introduction: '',
  agenda: '',
  content: '',
  autoCreateLinks: true,
  extraImage: null,
  ctaTitle: '',
  ctaLink: '',
  highlightsSize: 'normal',
  highlightsAlign: 'left',
  logo: null,
  backgroundColor: '#f5f6fa',
  textColor: '#1d2333',
  accentColor: '#3f51b5',
  headerColor: '#ffffff',
  headerTextColor: '#1d2333',
  headerAccentColor: '#3f51b5',
  fontFamily: 'sans',
  customFont: '',
  backgroundImage: null,
  backgroundSize: 'default',
  backgroundRepeat: 'no-repeat',
  backgroundAttachment: 'scroll',
  layout: 'classic',
  headerLayout: 'default',
  headerHeight: 72,
  customLayoutOrder: null,
  hideFooterLogo: false,
  menuItems: [],
  navigationAlwaysVisible: false,
  channelMenuTitle: '',
  channelMenuName: 'channels',
  channelRoutingRules: [],
  messagesEnabled: false,
  messagesPrompt: '',
  messagesMode: 'messages',
  // On for new events and, read through the defaults, for events saved before it (ADR 059).
  reactionsEnabled: true,
  sideFrameVisible: false,
  sideFrameLink: '',
  extraFrameVisible: false,
  extraFrameLink: '',
  extraFrameHeight: 560,
  legalTermsLink: '',
  privacyLink: '',
  customLegalText: '',
  complianceBanner: false,
  complianceTextEn: '',
  complianceTextDe: '',
  complianceConfirmed: false,
  accessMode: 'none',
  accessText: '',
  accessImage: null,
  accessImagePlacement: 'above',
  accessShowIntroduction: true,
  accessShowContent: false,
  accessShowHighlights: false,
  accessCode: '',
  sessionLimit: null,
  retentionDays: null,
  retentionMode: 'delete',
  registrationEmailDomains: [],
  registrationEmailMode: 'default',
  registrationFields: [],
  invitationMailSubject: '',
  invitationMailBody: '',
  registrationMailSubject: '',
  registrationMailBody: '',
  customEmbedCode: '',
  noIndex: false,
};

/**
 * Settings that need a plan feature to be changed (docs/product-spec.md sections 1 and 6). Saving such a field
 * without the feature is refused; a page that was saved on a better plan keeps its value until
 * the organiser changes it (docs/product-spec.md section 4, "Plan expiry").
 */
export const EVENT_SETTING_FEATURES: Partial<Record<EventSettingName, Feature>> = {
  contactName: 'PAID',
  contactEmail: 'PAID',
  hideFooterLogo: 'HIDE_FOOTER_LOGO',
  customEmbedCode: 'CUSTOM_EMBED_CODE',
  complianceTextEn: 'COMPLIANCE',
  complianceTextDe: 'COMPLIANCE',
  complianceConfirmed: 'COMPLIANCE',
  customLayoutOrder: 'CUSTOM_LAYOUT',
};

/**
 * What "compliance confirmed" vouches for (docs/decisions/051-consent-that-holds.md): what the
 * page loads from other origins and its legal texts. A save that changes any of them withdraws
 * the confirmation, unless the same save confirms anew.
 */
export const COMPLIANCE_REVIEWED_FIELDS = [
  'playerMode',
  'playerLink',
  'playerCode',
  'sideFrameVisible',
  'sideFrameLink',
  'extraFrameVisible',
  'extraFrameLink',
  'customEmbedCode',
  'legalTermsLink',
  'privacyLink',
  'customLegalText',
  'complianceBanner',
  'complianceTextEn',
  'complianceTextDe',
] as const satisfies readonly EventSettingName[];

/**
 * Values of a setting that need a plan feature, where the setting itself does not (ADR 026):
 * single sign-on needs CUSTOM_ACCESS, the other access modes do not; registrations confirmed by an
 * emailed link need REGISTRATION_EMAIL_VERIFICATION.
 */
export const EVENT_SETTING_VALUE_FEATURES: {
  [K in EventSettingName]?: Partial<Record<string, Feature>>;
} = {
  accessMode: { cip: 'CUSTOM_ACCESS' },
  registrationEmailMode: { verify: 'REGISTRATION_EMAIL_VERIFICATION' },
};

/**
 * Rules across access fields, checked on the settings as saved (the patch over the stored ones):
 * the code mode needs a code, and in the verify mode the organiser's registration mail must carry
 * `{PersonalLink}`, the only way to verify (ADR 026). Answers field errors, empty when all is well.
 */
export function accessSettingsErrors(
  settings: Pick<
    EventSettings,
    'accessMode' | 'accessCode' | 'registrationEmailMode' | 'registrationMailBody'
  >,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (settings.accessMode === 'code' && settings.accessCode.trim() === '') {
    errors.accessCode = validationMessage('required');
  }
  const body = settings.registrationMailBody;
  if (
    settings.registrationEmailMode === 'verify' &&
    body.trim() !== '' &&
    !body.includes('{PersonalLink}')
  ) {
    errors.registrationMailBody = validationMessage('placeholderRequired', {
      placeholder: '{PersonalLink}',
    });
  }
  return errors;
}

/**
 * "Pasted player embed code containing an iframe is reduced to its source link" (spec
 * section 5): answers the iframe's `src`, or undefined when the text holds no iframe.
 */
export function iframeSource(code: string): string | undefined {
  const iframe = /<iframe\b[^>]*>/i.exec(code)?.[0];
  if (!iframe) return undefined;
  const src = /\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(iframe);
  const value = src?.[1] ?? src?.[2] ?? src?.[3];
  return value?.replaceAll('&amp;', '&').trim() || undefined;
}

/** `POST /events`. */
export const eventCreateSchema = z.strictObject({
  title: eventSettingsSchema.shape.title,
  /** Optional: derived from the title when absent. */
  slug: fields.slug().optional(),
});
export type EventCreate = z.infer<typeof eventCreateSchema>;

export const EVENT_ROLES = ['owner', 'shared'] as const;

/** One event in `GET /events` and the header's event selector (docs/product-spec.md section 3). */
export const eventListItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  /** The public event page. */
  fullUrl: z.string(),
  role: z.enum(EVENT_ROLES),
  createdAt: z.string(),
});
export type EventListItem = z.infer<typeof eventListItemSchema>;

/** `GET /events/{id}`: the overview's summary. */
export const eventSummarySchema = eventListItemSchema.extend({
  updatedAt: z.string(),
  language: z.enum(EVENT_LANGUAGES),
  layout: z.enum(EVENT_LAYOUTS),
  playerMode: z.enum(PLAYER_MODES),
  playerVisible: z.boolean(),
  messagesEnabled: z.boolean(),
  /** The consent banner, and whether the organiser confirmed compliance (ADR 051). */
  complianceBanner: z.boolean(),
  complianceConfirmed: z.boolean(),
  highlightCount: z.number().int(),
  channelCount: z.number().int(),
  /** Who may see the page, and how many came in each way (the access overview). */
  accessMode: z.enum(ACCESS_MODES),
  registrationCount: z.number().int(),
  invitationCount: z.number().int(),
  /** Logins recorded by the gate (ADR 026), whichever way they came. */
  loginCount: z.number().int(),
  /** When the organiser last asked open viewer pages to reload, or null. */
  remoteReloadAt: z.string().nullable(),
  /** What the page shows now (docs/decisions/063-event-times-and-page-states.md). */
  pageState: z.enum(PAGE_STATES),
});
export type EventSummary = z.infer<typeof eventSummarySchema>;

/** `GET /event-settings/{id}`: the settings with the event's id. */
export const eventSettingsResponseSchema = eventSettingsSchema.extend({
  id: z.string(),
  /** The messages guest-access token of the share link, or null (see `GUEST_TOKEN_ACTIONS`). */
  messagesGuestToken: z.string().nullable(),
  fullUrl: z.string(),
  updatedAt: z.string(),
});
export type EventSettingsResponse = z.infer<typeof eventSettingsResponseSchema>;

// Highlights (docs/product-spec.md section 3, "Highlight").

export const highlightInputSchema = z.strictObject({
  group: singleLineText({ max: 50, trim: true }),
  title: requiredLine(100),
  description: lines(1000),
  link: fields.url({ mailto: true, empty: true }),
  image: image(),
});
export type HighlightInput = z.infer<typeof highlightInputSchema>;
/** `POST /events/{id}/highlights`: only the title is required; the rest starts empty. */
export const highlightCreateSchema = highlightInputSchema.extend({
  group: highlightInputSchema.shape.group.default(''),
  description: highlightInputSchema.shape.description.default(''),
  link: highlightInputSchema.shape.link.default(''),
  image: highlightInputSchema.shape.image.default(null),
});
export const highlightPatchSchema = highlightInputSchema.partial().strict();
export type HighlightPatch = z.infer<typeof highlightPatchSchema>;

export const highlightSchema = highlightInputSchema.extend({
  id: z.string(),
  position: z.number().int(),
});
export type Highlight = z.infer<typeof highlightSchema>;

/** `PUT /events/{id}/highlights/order`: every highlight id of the event, in the new order. */
export const highlightOrderSchema = z.strictObject({
  ids: z.array(z.string().min(1).max(64)).max(500),
});
export const HIGHLIGHTS_MAX = 100;

/** `POST /uploads` answers where the stored image is. */
export const uploadResponseSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

// Channels (docs/product-spec.md section 3, "Event channel"): alternate versions of an event, e.g. per language.

/** The event settings a channel may override; the rest always comes from the event. */
export const CHANNEL_OVERRIDE_FIELDS = [
  'title',
  'headline',
  'language',
  'description',
  'startMode',
  'startDate',
  'startTime',
  'startText',
  'timeZone',
  'durationMinutes',
  'playerVisible',
  'playerMode',
  'playerLink',
  'playerCode',
  'alternatePlayerImage',
  'waitingText',
  'thankYouText',
  'replayLink',
  'introduction',
  'agenda',
  'content',
  'extraImage',
  'ctaTitle',
  'ctaLink',
  'messagesPrompt',
  'complianceTextEn',
  'complianceTextDe',
  'accessText',
] as const satisfies readonly EventSettingName[];
export type ChannelOverrideField = (typeof CHANNEL_OVERRIDE_FIELDS)[number];

/**
 * A channel's labels of the event's registration fields, by field name: the fields themselves
 * (names, options, required) stay the event's, so that every channel's form asks the same
 * (ADR 055).
 */
export const registrationFieldLabelsSchema = z
  .record(fields.identifier(), registrationFieldSchema.shape.label)
  .refine((labels) => Object.keys(labels).length <= REGISTRATION_FIELDS_MAX, {
    error: validationMessage('maxEntries', { max: REGISTRATION_FIELDS_MAX }),
  });
export type RegistrationFieldLabels = z.infer<typeof registrationFieldLabelsSchema>;

/** Overrides of a channel: only the fields it sets differ from the event. */
export const channelOverridesSchema = eventSettingsSchema
  .pick(
    Object.fromEntries(CHANNEL_OVERRIDE_FIELDS.map((name) => [name, true])) as {
      [K in ChannelOverrideField]: true;
    },
  )
  .partial()
  .extend({ registrationFieldLabels: registrationFieldLabelsSchema.optional() })
  .strict();
export type ChannelOverrides = z.infer<typeof channelOverridesSchema>;

/** The settings a channel's page shows: its overrides over the event's, its field labels too. */
export function channelSettings(
  settings: EventSettings,
  overrides: ChannelOverrides,
): EventSettings {
  const { registrationFieldLabels: labels, ...fields } = overrides;
  return {
    ...settings,
    ...fields,
    registrationFields: settings.registrationFields.map((field) => ({
      ...field,
      label: labels?.[field.name] ?? field.label,
    })),
  };
}

export const channelInputSchema = z.strictObject({
  slug: fields.slug(),
  title: requiredLine(100),
  visible: z.boolean(),
  overrides: channelOverridesSchema,
  /** The event's highlights this channel shows, in the event's order; null: all of them. */
  highlightIds: z.array(z.string().min(1).max(64)).max(HIGHLIGHTS_MAX).nullable(),
});
export type ChannelInput = z.infer<typeof channelInputSchema>;
/** `POST /events/{id}/channels`: slug and title; the rest starts visible with no overrides. */
export const channelCreateSchema = channelInputSchema.pick({ slug: true, title: true });
export const channelPatchSchema = channelInputSchema.partial().strict();
export type ChannelPatch = z.infer<typeof channelPatchSchema>;

export const channelSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  slug: z.string(),
  title: z.string(),
  visible: z.boolean(),
  overrides: channelOverridesSchema,
  highlightIds: z.array(z.string()).nullable(),
  /** The channel's public page. */
  fullUrl: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Channel = z.infer<typeof channelSchema>;
