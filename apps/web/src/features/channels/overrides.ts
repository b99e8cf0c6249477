import type {
  Channel,
  ChannelOverrideField,
  ChannelOverrides,
  ChannelPatch,
  EventSettings,
  RegistrationFieldLabels,
} from '@livent/shared';
import { changedFields } from '../../lib/forms/changed-fields';

/**
 * The overridable settings in the groups the channel screen shows, each behind one "override"
 * checkbox (ADR 018). Together they are exactly `CHANNEL_OVERRIDE_FIELDS`.
 */
export const OVERRIDE_GROUPS = {
  title: ['title'],
  headline: ['headline'],
  language: ['language'],
  description: ['description'],
  start: ['startMode', 'startDate', 'startTime', 'startText', 'timeZone', 'durationMinutes'],
  player: ['playerVisible', 'playerMode', 'playerLink', 'playerCode', 'alternatePlayerImage'],
  // The page before the start and after the end (docs/decisions/063-event-times-and-page-states.md).
  beforeAfter: ['waitingText', 'thankYouText'],
  replay: ['replayLink'],
  texts: ['introduction', 'agenda', 'content', 'extraImage'],
  callToAction: ['ctaTitle', 'ctaLink'],
  messagesPrompt: ['messagesPrompt'],
  consentText: ['complianceTextEn', 'complianceTextDe'],
  // With the labels of the event's registration fields (`registrationFieldLabels`).
  access: ['accessText'],
} as const satisfies Record<string, readonly ChannelOverrideField[]>;
export type OverrideGroup = keyof typeof OVERRIDE_GROUPS;
export const OVERRIDE_GROUP_NAMES = Object.keys(OVERRIDE_GROUPS) as OverrideGroup[];

export type OverrideValues = Pick<EventSettings, ChannelOverrideField> & {
  /** A label for each of the event's registration fields, by name. */
  registrationFieldLabels: RegistrationFieldLabels;
};

/** The labels the access group shows: the channel's, else the event's, for the event's fields. */
const labelsOf = (overrides: ChannelOverrides, settings: EventSettings): RegistrationFieldLabels =>
  Object.fromEntries(
    settings.registrationFields.map((field) => [
      field.name,
      overrides.registrationFieldLabels?.[field.name] ?? field.label,
    ]),
  );

/** Whether the channel overrides any setting of the group. */
const isOverridden = (group: OverrideGroup, saved: ChannelOverrides): boolean =>
  OVERRIDE_GROUPS[group].some((field) => field in saved) ||
  (group === 'access' && saved.registrationFieldLabels !== undefined);

/** The channel screen's form. */
export interface ChannelFormValues {
  slug: string;
  title: string;
  visible: boolean;
  /** Which groups the channel overrides. */
  overridden: Record<OverrideGroup, boolean>;
  /** Every overridable setting: the channel's where it overrides, else the event's. */
  values: OverrideValues;
  /** `all`: the event's highlights (null); `chosen`: those in `highlightIds`. */
  highlights: 'all' | 'chosen';
  highlightIds: string[];
}

const ALL_FIELDS = Object.values(OVERRIDE_GROUPS).flat() as ChannelOverrideField[];

/** The values a group shows when its override is switched on: the channel's, else the event's. */
export function groupValues(
  group: OverrideGroup,
  overrides: ChannelOverrides,
  settings: EventSettings,
): Partial<OverrideValues> {
  return {
    ...Object.fromEntries(
      OVERRIDE_GROUPS[group].map((field) => [field, overrides[field] ?? settings[field]]),
    ),
    ...(group === 'access' ? { registrationFieldLabels: labelsOf(overrides, settings) } : {}),
  };
}

export function channelFormValues(channel: Channel, settings: EventSettings): ChannelFormValues {
  const values = {
    ...Object.fromEntries(
      ALL_FIELDS.map((field) => [field, channel.overrides[field] ?? settings[field]]),
    ),
    registrationFieldLabels: labelsOf(channel.overrides, settings),
  } as OverrideValues;
  const overridden = Object.fromEntries(
    OVERRIDE_GROUP_NAMES.map((group) => [group, isOverridden(group, channel.overrides)]),
  ) as Record<OverrideGroup, boolean>;
  return {
    slug: channel.slug,
    title: channel.title,
    visible: channel.visible,
    overridden,
    values,
    highlights: channel.highlightIds === null ? 'all' : 'chosen',
    highlightIds: channel.highlightIds ?? [],
  };
}

/** The overrides the form stands for: the fields of the checked groups only. */
export function overridesOf(values: ChannelFormValues): ChannelOverrides {
  const overrides: Record<string, unknown> = {};
  for (const group of OVERRIDE_GROUP_NAMES) {
    if (!values.overridden[group]) continue;
    for (const field of OVERRIDE_GROUPS[group]) overrides[field] = values.values[field];
    const labels = values.values.registrationFieldLabels;
    if (group === 'access' && Object.keys(labels).length > 0) {
      overrides.registrationFieldLabels = labels;
    }
  }
  return overrides as ChannelOverrides;
}

const highlightIdsOf = (values: ChannelFormValues, order: readonly string[]): string[] | null =>
  values.highlights === 'all'
    ? null
    : // In the event's order (the page shows them so), whatever order they were ticked in.
      order.filter((id) => values.highlightIds.includes(id));

/**
 * What `PATCH /events/{id}/channels/{channelId}` needs: the fields that differ from the saved
 * channel; `overrides` whole when any override changed (the server replaces them as a whole).
 */
export function channelPatch(
  values: ChannelFormValues,
  saved: Channel,
  highlightOrder: readonly string[],
): ChannelPatch {
  return changedFields(
    {
      slug: values.slug,
      title: values.title,
      visible: values.visible,
      overrides: overridesOf(values),
      highlightIds: highlightIdsOf(values, highlightOrder),
    },
    saved,
  );
}

/** Where a server error of the channel (`overrides.playerLink`) sits in the form (`values.playerLink`). */
export const formFieldOf = (serverField: string): string =>
  serverField.startsWith('overrides.')
    ? `values.${serverField.slice('overrides.'.length)}`
    : serverField;
