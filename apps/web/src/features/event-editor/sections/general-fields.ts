import type { EventSettingName } from '@livent/shared';

/**
 * The General screen's settings: the event, its start and times, the page's state and what it
 * shows before and after (docs/decisions/063-event-times-and-page-states.md), the contact.
 */
export const GENERAL_FIELDS = [
  'title',
  'slug',
  'language',
  'description',
  'startMode',
  'startDate',
  'startTime',
  'startText',
  'timeZone',
  'durationMinutes',
  'pageState',
  'waitingText',
  'waitingImage',
  'thankYouText',
  'replayLink',
  'contactName',
  'contactEmail',
  'contactWebsite',
] as const satisfies readonly EventSettingName[];
export type GeneralField = (typeof GENERAL_FIELDS)[number];
