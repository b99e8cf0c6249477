import type { MessageChange } from '@livent/shared';
import {
  LogTail,
  READ_BATCH,
  type LogTailOptions,
  type TailListener,
  type TailLog,
  type TailSubscription,
} from '../../../lib/live-log/log-tail.js';
import type { MessageNotifier } from '../message-log.js';
import { toInboxMessage } from '../message-view.js';

/** One change as a live client gets it: the log's seq (the SSE id) and what changed. */
export interface FeedEntry {
  seq: number;
  change: MessageChange;
  /** Internal messages go only to organisers, never to guest moderators. */
  internal: boolean;
}

export type FeedListener = TailListener<FeedEntry>;
export type FeedSubscription = TailSubscription;
export type FeedLog = TailLog;
export type MessageFeedOptions = LogTailOptions;

/** The PostgreSQL channel every instance listens on; the payload is an event id. */
export const MESSAGES_CHANNEL = 'livent_messages';

/**
 * How long the log keeps an entry. A client away for longer cannot be sent what it missed and
 * reloads its list instead (`prunedThrough`), so the log stays small however long events run.
 */
export const LOG_RETENTION_MS = 7 * 24 * 3600_000;

/**
 * Live message changes per event (ADR 025): the tail reader of `message_log` (lib/live-log),
 * which reads each change with its message as the inbox shows it.
 */
export class MessageFeed extends LogTail<FeedEntry> implements MessageNotifier {
  constructor(options: MessageFeedOptions) {
    super(
      {
        table: 'message_log',
        channel: MESSAGES_CHANNEL,
        name: 'live messages',
        prunedThroughKey: 'message_log_pruned_through',
        retentionMs: LOG_RETENTION_MS,
      },
      options,
    );
  }

  /** Entries of an event's log after `afterSeq`, oldest first, at most `limit`. */
  override async read(eventId: string, afterSeq: number, limit = READ_BATCH): Promise<FeedEntry[]> {
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
}
