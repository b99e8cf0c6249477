import { LIVE_KINDS, type LiveEntries, type LiveKind } from '@livent/shared';
import { LogTail, READ_BATCH, type LogTailOptions } from '../../lib/live-log/log-tail.js';
import type { PageNotifier } from './page-log.js';

/** One entry of the page log as the stream sends it. */
export interface PageLogEntry {
  seq: number;
  /** Null: every page of the event; else the one channel's page. */
  channelId: string | null;
  kind: LiveKind;
  /** The entry's data as stored: JSON text, sent as the frame's `data:` line as it is. */
  json: string;
}

/** The PostgreSQL channel every instance listens on; the payload is an event id. */
export const PAGE_CHANNEL = 'livent_page';

/**
 * How long the page log keeps an entry: a page away for longer reads its state again (`reset`).
 * Shorter than the message log's week, since reactions add an entry per second of a live event
 * and nobody resumes a page after a day.
 */
export const PAGE_LOG_RETENTION_MS = 24 * 3600_000;

const KINDS = new Set<string>(LIVE_KINDS);

/** Entries of the page log one answer of the polling fallback reads at most. */
export const SINCE_MAX = 100;

/**
 * What open pages are told, per event (ADR 057): the tail reader of `page_log` (lib/live-log),
 * woken by the writers' `notify` after their commit, on every instance through `NOTIFY
 * livent_page` on PostgreSQL.
 */
export class PageFeed extends LogTail<PageLogEntry> implements PageNotifier {
  constructor(options: LogTailOptions) {
    super(
      {
        table: 'page_log',
        channel: PAGE_CHANNEL,
        name: 'live pages',
        prunedThroughKey: 'page_log_pruned_through',
        retentionMs: PAGE_LOG_RETENTION_MS,
      },
      options,
    );
  }

  /**
   * The highest id the stream can have given any page: the log's last seq, or the pruned position
   * when that is higher (see {@link pagePosition}). A Last-Event-ID above it was never given.
   */
  async logEnd(): Promise<number> {
    const row = await this.db
      .selectFrom('page_log')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .executeTakeFirst();
    return Math.max(Number(row?.seq ?? 0), await this.prunedThrough());
  }

  /**
   * Whether a page that has everything up to `eventPosition` (its event's last seq) can be given
   * what it missed since `from`: not when entries after it may have been pruned (`reset`), nor
   * when `from` was never given (`reset`); `current` when nothing was missed.
   */
  async resumable(from: number, eventPosition: number): Promise<'reset' | 'current' | 'replay'> {
    const pruned = await this.prunedThrough();
    if (from < pruned) return 'reset';
    if (from >= eventPosition) return from > (await this.logEnd()) ? 'reset' : 'current';
    return 'replay';
  }

  override async read(eventId: string, afterSeq: number, limit = READ_BATCH) {
    const rows = await this.db
      .selectFrom('page_log')
      .select(['seq', 'channel_id', 'kind', 'data'])
      .where('event_id', '=', eventId)
      .where('seq', '>', afterSeq)
      .orderBy('seq')
      .limit(limit)
      .execute();
    return rows.map((row): PageLogEntry => ({
      seq: Number(row.seq),
      channelId: row.channel_id,
      // A kind this version does not know (written by a newer instance) tells the page to
      // read its state again rather than be dropped silently.
      kind: KINDS.has(row.kind) ? (row.kind as LiveKind) : 'reset',
      json: row.data,
    }));
  }
}

/**
 * Where a page of the event stands once it has everything: its event's last seq, or the pruned
 * position when that is higher. The pruned position is the whole log's, so a quiet event's own
 * last seq may lie below it; a page handed that would be told `reset` on every resume.
 */
export async function pagePosition(feed: PageFeed, eventPosition: number): Promise<number> {
  return Math.max(eventPosition, await feed.prunedThrough());
}

/**
 * The polling fallback's answer (ADR 057): the entries for the page of `channelId` after `after`
 * (where the page stands without one, see {@link pagePosition}), or one `reset` when the page
 * cannot be given what it missed (an id never given, or entries pruned since).
 */
export async function pageEntriesSince(
  feed: PageFeed,
  eventId: string,
  channelId: string | null,
  after: number | undefined,
  limit = SINCE_MAX,
): Promise<LiveEntries> {
  const eventPosition = await feed.lastSeq(eventId);
  const last = await pagePosition(feed, eventPosition);
  if (after === undefined) return { entries: [], last };
  const resumable = await feed.resumable(after, eventPosition);
  if (resumable === 'reset') {
    return { entries: [{ id: last, kind: 'reset', data: { seq: last } }], last };
  }
  if (resumable === 'current') return { entries: [], last: after };
  const read = await feed.read(eventId, after, limit);
  const entries = read
    .filter((entry) => isForPage(entry, channelId))
    .map((entry) => ({ id: entry.seq, kind: entry.kind, data: JSON.parse(entry.json) as unknown }));
  // Other channels' entries were read too: the next call starts after them.
  return { entries, last: read.length > 0 ? read[read.length - 1]!.seq : after };
}

/** Whether the page of `channelId` (null: the main page) is told of `entry`. */
export function isForPage(entry: PageLogEntry, channelId: string | null): boolean {
  return entry.channelId === null || entry.channelId === channelId;
}
