import { REACTIONS, type Reaction, type ReactionCounts } from '@livent/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { appendPageEntry, type PageNotifier } from '../live-page/index.js';
import { addReactionCounts, eventExists, type ReactionAdd } from './reactions.repository.js';

export interface ReactionAggregatorDependencies {
  db: Kysely<Database>;
  now: Clock;
  log: FastifyBaseLogger;
  /** Wakes the open pages' streams after a burst is committed (ADR 057). */
  pageFeed: PageNotifier;
}

export interface ReactionAggregatorOptions {
  /** How often the taps collected are written and sent to the pages. */
  flushIntervalMs?: number;
}

const FLUSH_INTERVAL_MS = 1_000;
const MINUTE_MS = 60_000;

export interface ReactionCounters {
  /** Taps accepted since the start. */
  taps: number;
  /** Taps written to the database. */
  written: number;
  /** Transactions (one per event and flush with taps). */
  writes: number;
}

/**
 * Reactions counted in memory per event and written about once a second (ADR 059): for each
 * event with taps, one transaction adds them to the minute's rows of `reaction_counts` and
 * appends one `reactions` entry (that second's counts) to the page log, then the open pages are
 * woken. A thousand taps a second cost the writes of ten. What a failed write held goes back
 * into memory for the next flush; `close` writes what is left (a clean shutdown loses nothing).
 */
export class ReactionAggregator {
  /** Event id → `minute|reaction` → taps. */
  private pending = new Map<string, Map<string, ReactionAdd>>();
  private flushing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly flushIntervalMs: number;
  private readonly totals: ReactionCounters = { taps: 0, written: 0, writes: 0 };

  constructor(
    private readonly deps: ReactionAggregatorDependencies,
    options: ReactionAggregatorOptions = {},
  ) {
    this.flushIntervalMs = options.flushIntervalMs ?? FLUSH_INTERVAL_MS;
  }

  get counters(): ReactionCounters {
    return { ...this.totals };
  }

  /** Counts `count` taps of one reaction for the event, in the minute they came. */
  add(eventId: string, reaction: Reaction, count: number): void {
    const at = this.deps.now().getTime();
    const minute = new Date(Math.floor(at / MINUTE_MS) * MINUTE_MS).toISOString();
    this.pend(eventId, { minute, reaction, count });
    this.totals.taps += count;
  }

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.flushIntervalMs);
    this.timer.unref();
  }

  /** Stops the timer and writes what is still in memory. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  /** Writes what was collected; concurrent calls share one write. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.pending.size === 0) return;
    this.flushing = this.write().finally(() => {
      this.flushing = undefined;
    });
    await this.flushing;
  }

  private async write(): Promise<void> {
    const pending = this.pending;
    this.pending = new Map();
    // Sorted: instances writing the same events lock them in one order.
    for (const eventId of [...pending.keys()].sort()) {
      const rows = [...(pending.get(eventId)?.values() ?? [])];
      try {
        const written = await this.writeEvent(eventId, rows);
        if (!written) continue;
        this.totals.writes += 1;
        this.totals.written += rows.reduce((sum, row) => sum + row.count, 0);
        this.deps.pageFeed.notify(eventId);
      } catch (error) {
        for (const row of rows) this.pend(eventId, row);
        this.deps.log.warn({ err: error, eventId }, 'reactions: writing taps failed; retrying');
      }
    }
  }

  /** One transaction: the minute rows and the burst's page entry; false if the event is gone. */
  private async writeEvent(eventId: string, rows: readonly ReactionAdd[]): Promise<boolean> {
    return this.deps.db.transaction().execute(async (trx) => {
      // An event deleted since its taps came would fail on its foreign key again on every retry.
      if (!(await eventExists(trx, eventId))) return false;
      await addReactionCounts(trx, eventId, rows);
      await appendPageEntry(trx, {
        eventId,
        channelId: null,
        kind: 'reactions',
        data: burstOf(rows),
        at: this.deps.now().toISOString(),
      });
      return true;
    });
  }

  /** Adds taps to what the next flush writes (new ones, or those of a failed write). */
  private pend(eventId: string, row: ReactionAdd): void {
    let event = this.pending.get(eventId);
    if (!event) {
      event = new Map();
      this.pending.set(eventId, event);
    }
    const key = `${row.minute}|${row.reaction}`;
    const known = event.get(key);
    if (known) known.count += row.count;
    else event.set(key, { ...row });
  }
}

/** The taps of one flush per reaction, in the bar's order (what the pages float). */
function burstOf(rows: readonly ReactionAdd[]): ReactionCounts {
  const counts: ReactionCounts = {};
  for (const reaction of REACTIONS) {
    const sum = rows
      .filter((row) => row.reaction === reaction)
      .reduce((total, row) => total + row.count, 0);
    if (sum > 0) counts[reaction] = sum;
  }
  return counts;
}
