import type { MessageChange } from '@livent/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { MessageNotifier } from '../message-log.js';
import { toInboxMessage } from '../message-view.js';

/** One change as a live client gets it: the log's seq (the SSE id) and what changed. */
export interface FeedEntry {
  seq: number;
  change: MessageChange;
  /** Internal messages go only to organisers, never to guest moderators. */
  internal: boolean;
}

export type FeedListener = (entries: FeedEntry[]) => void;

interface Tail {
  /** The last seq read from the log for this event. */
  seq: number;
  listeners: Set<FeedListener>;
  reading: Promise<void> | undefined;
  again: boolean;
}

/** Entries read per wake; more wait for the next read, which follows at once. */
const READ_BATCH = 500;

/**
 * Live message changes per event (ADR 025): one tail reader per event and instance reads the
 * durable log after what it has seen and fans the entries out to this instance's listeners, so
 * many open inboxes cost one read per change.
 */
export class MessageFeed implements MessageNotifier {
  private readonly tails = new Map<string, Tail>();

  constructor(private readonly db: Kysely<Database>) {}

  /** The last seq of an event's log (0 when empty): where a new client starts. */
  async lastSeq(eventId: string): Promise<number> {
    const row = await this.db
      .selectFrom('message_log')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .where('event_id', '=', eventId)
      .executeTakeFirst();
    return Number(row?.seq ?? 0);
  }

  /** Entries of an event's log after `afterSeq`, oldest first, at most `limit`. */
  async read(eventId: string, afterSeq: number, limit = READ_BATCH): Promise<FeedEntry[]> {
    const rows = await this.db
      .selectFrom('message_log')
      .leftJoin('messages', 'messages.id', 'message_log.message_id')
      .selectAll('messages')
      .select([
        'message_log.seq as log_seq',
        'message_log.message_id as log_message_id',
        'message_log.change as log_change',
      ])
      .where('message_log.event_id', '=', eventId)
      .where('message_log.seq', '>', afterSeq)
      .orderBy('message_log.seq')
      .limit(limit)
      .execute();
    return rows.map((row) => {
      const seq = Number(row.log_seq);
      // A message deleted since its entry was written reads as deleted.
      if (row.log_change === 'deleted' || row.id === null) {
        return { seq, internal: false, change: { change: 'deleted', id: row.log_message_id } };
      }
      const message = toInboxMessage(row as Parameters<typeof toInboxMessage>[0]);
      const change = row.log_change === 'created' ? 'created' : 'changed';
      return { seq, internal: message.kind === 'internal', change: { change, message } };
    });
  }

  /** Calls `listener` with every change of the event from now on; answers the unsubscribe. */
  async subscribe(eventId: string, listener: FeedListener): Promise<() => void> {
    let tail = this.tails.get(eventId);
    if (!tail) {
      tail = { seq: 0, listeners: new Set(), reading: undefined, again: false };
      this.tails.set(eventId, tail);
      tail.seq = await this.lastSeq(eventId);
    }
    tail.listeners.add(listener);
    return () => {
      tail.listeners.delete(listener);
      if (tail.listeners.size === 0 && this.tails.get(eventId) === tail) this.tails.delete(eventId);
    };
  }

  notify(eventId: string): void {
    const tail = this.tails.get(eventId);
    if (!tail) return;
    if (tail.reading) {
      tail.again = true;
      return;
    }
    tail.reading = this.drain(eventId, tail).finally(() => {
      tail.reading = undefined;
    });
  }

  private async drain(eventId: string, tail: Tail): Promise<void> {
    do {
      tail.again = false;
      const entries = await this.read(eventId, tail.seq);
      if (entries.length === 0) continue;
      tail.seq = entries[entries.length - 1]!.seq;
      for (const listener of tail.listeners) listener(entries);
      if (entries.length === READ_BATCH) tail.again = true;
    } while (tail.again);
  }
}
