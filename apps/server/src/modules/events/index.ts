/**
 * The events module's public face (ADR 037): the role check that every route under an event
 * makes, the event's stored settings as read, and the writes to `events` that other modules'
 * transactions need (events.repository.ts stays the only writer of the table).
 */
export { requireEventRole, type AccessibleEvent } from './event-access.js';
export { eventsChanged } from './events-list-cache.js';
export {
  bumpEventVersion,
  changeEventOwner,
  markCalendarNotified,
  updateEvent,
  type EndAccessOption,
} from './events.repository.js';
export { appendPageStateEntry, changesPageState } from './page-state-entry.js';
export { checkPlanFeatures } from './plan-features.js';
export { readChannelOverrides, readEventSettings, readHighlightIds } from './settings-reader.js';
