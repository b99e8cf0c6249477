import {
  channelSettings,
  eventTimes,
  type ChannelOverrides,
  type EventTimes,
  type Language,
} from '@livent/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { senderAddress, writeCalendar, type CalendarMethod } from '../../lib/calendar/ics.js';
import type { Clock } from '../../lib/clock.js';
import type { AccessMailRecipient } from '../../lib/mailer/access-mail-send.js';
import { readEventSettings } from '../events/index.js';
import { findEventCalendarRow, type CalendarList } from './calendar.repository.js';

/** An event with a date (and time) as its calendar entries show it (ADR 064). */
export interface EventCalendar {
  id: string;
  ownerId: string;
  slug: string;
  title: string;
  /** The start is a date: `times.start` is set. */
  times: EventTimes & { start: Date };
  /** The SEQUENCE of the entries now, and the one the lists were last notified of. */
  sequence: number;
  notifiedSequence: number;
  /** The organiser's name (the owner's), or the title when it has none. */
  organizerName: string;
  /** The mail language of the event's lists (English unless German). */
  language: Language;
}

/** Someone on a list, as their invitation names them. */
export interface CalendarRecipient {
  list: CalendarList;
  id: string;
  name: string;
  email: string;
  /** Their personal link (the registration's or invitation's own builder). */
  personalLink: string;
}

export interface CalendarDependencies {
  now: Clock;
  /** The public pages' origin: the pages' addresses, and the UIDs' domain. */
  eventsUrl: string;
  /** The mails' sender (MAIL_FROM): the ORGANIZER's address, to which replies would go. */
  mailFrom: string;
}

const LIST_KIND: Record<CalendarList, string> = {
  registrations: 'registration',
  invitations: 'invitation',
};

/**
 * The event's calendar entries (ADR 064): an invitation per person on its lists (REQUEST, or
 * CANCEL when the event goes) and the published `.ics` of its pages.
 */
export class EventCalendars {
  private readonly host: string;

  constructor(private readonly deps: CalendarDependencies) {
    this.host = new URL(deps.eventsUrl).hostname;
  }

  /**
   * The event's calendar, a channel's times over the event's; undefined for a missing event and
   * for one whose start is not a date.
   */
  async load(
    db: Kysely<Database>,
    eventId: string,
    channelOverrides?: ChannelOverrides,
  ): Promise<EventCalendar | undefined> {
    const row = await findEventCalendarRow(db, eventId);
    if (!row) return undefined;
    const eventSettings = readEventSettings(row);
    const settings = channelOverrides
      ? channelSettings(eventSettings, channelOverrides)
      : eventSettings;
    const times = eventTimes(settings, row.owner_timezone);
    if (!times.start) return undefined;
    return {
      id: row.id,
      ownerId: row.owner_id,
      slug: row.slug,
      title: settings.title,
      times: { ...times, start: times.start },
      sequence: row.calendar_sequence,
      notifiedSequence: row.calendar_notified_sequence,
      organizerName: row.owner_name.trim() || row.title,
      language: eventSettings.language === 'de' ? 'de' : 'en',
    };
  }

  /** The page's address (a channel's under the event's). */
  pageUrl(event: Pick<EventCalendar, 'slug'>, channelSlug?: string): string {
    const path = channelSlug ? `/${event.slug}/${channelSlug}` : `/${event.slug}`;
    return new URL(path, this.deps.eventsUrl).toString();
  }

  /**
   * One person's invitation: the same UID for every mail to them about this event, so that their
   * calendar updates (REQUEST with a higher SEQUENCE) or removes (CANCEL) the one entry.
   */
  invitation(
    event: EventCalendar,
    person: CalendarRecipient,
    method: 'REQUEST' | 'CANCEL',
  ): string {
    return writeCalendar({
      ...this.common(event, method),
      uid: `${event.id}.${LIST_KIND[person.list]}.${person.id}@${this.host}`,
      // A cancellation is a change of its own: calendars take only a higher SEQUENCE.
      sequence: method === 'CANCEL' ? event.sequence + 1 : event.sequence,
      description: person.personalLink,
      url: person.personalLink,
      attendee: { name: person.name, email: person.email },
    });
  }

  /**
   * The invitation of each recipient of a list's send (their name and personal link from the
   * mail's placeholders), for `sendInBatches`.
   */
  invitationOf(
    event: EventCalendar,
    list: CalendarList,
    method: 'REQUEST' | 'CANCEL',
  ): (recipient: AccessMailRecipient) => string {
    return (recipient) =>
      this.invitation(
        event,
        {
          list,
          id: recipient.id,
          name: recipient.values.Name ?? '',
          email: recipient.email,
          personalLink: recipient.values.PersonalLink ?? '',
        },
        method,
      );
  }

  /** The page's `.ics` for anyone to add (PUBLISH, no attendee), one UID per event or channel. */
  published(event: EventCalendar, channel?: { id: string; slug: string }): string {
    const url = this.pageUrl(event, channel?.slug);
    return writeCalendar({
      ...this.common(event, 'PUBLISH'),
      uid: `${event.id}${channel ? `.${channel.id}` : ''}@${this.host}`,
      sequence: event.sequence,
      description: url,
      url,
    });
  }

  /** The new time in words, in the event's time zone (the time-change notice's `{NewTime}`). */
  timeText(event: EventCalendar): string {
    const { start, allDay, timeZone } = event.times;
    const date = new Intl.DateTimeFormat(event.language === 'de' ? 'de-DE' : 'en-GB', {
      dateStyle: 'full',
      ...(allDay ? {} : { timeStyle: 'short' }),
      timeZone,
    }).format(start);
    // The zone's name is the same in every language.
    return allDay ? date : `${date} (${timeZone})`;
  }

  private common(event: EventCalendar, method: CalendarMethod) {
    return {
      method,
      stamp: this.deps.now(),
      start: event.times.start,
      end: event.times.end,
      allDay: event.times.allDay,
      timeZone: event.times.timeZone,
      summary: event.title,
      organizer: { name: event.organizerName, email: senderAddress(this.deps.mailFrom) },
    };
  }
}
