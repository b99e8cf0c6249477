import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { EventCalendars } from '../../calendar/index.js';
import { atGate, type AccessCookie, type PageAccessCheck } from '../page-access.js';
import { visibleChannel, type PublicEvents } from '../public-events.js';

export interface CalendarFileDependencies {
  db: Kysely<Database>;
  events: PublicEvents;
  access: PageAccessCheck;
  calendars: EventCalendars;
}

/**
 * A page's "add to calendar" file (ADR 064): the event's (or channel's) entry, published for
 * anyone who may see the page; a protected event's only to a viewer through its gate.
 */
export class CalendarFiles {
  constructor(private readonly deps: CalendarFileDependencies) {}

  /**
   * The `.ics` text of the page, or undefined for an unknown event or channel, a start that is
   * not a date, and a protected page without access (all answer the events' 404).
   */
  async file(
    slug: string,
    channelSlug: string | null,
    accessCookie: AccessCookie,
  ): Promise<string | undefined> {
    const { db, events, access, calendars } = this.deps;
    const head = await events.head(slug);
    if (!head) return undefined;
    const model = await events.model(head);
    const channel = channelSlug === null ? undefined : visibleChannel(model, channelSlug);
    if (channelSlug !== null && !channel) return undefined;
    if (atGate(await access.resolve(model, accessCookie))) return undefined;
    const calendar = await calendars.load(db, model.id, channel?.overrides);
    return calendar && calendars.published(calendar, channel);
  }
}
