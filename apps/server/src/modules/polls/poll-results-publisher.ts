import type { PollResults } from '@livent/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { PageNotifier } from '../live-page/index.js';
import { appendPollEntry } from './poll-entries.js';
import { countResults } from './poll-results.js';
import { isOnPage, readPoll, type StoredPoll } from './poll-view.js';
import { findPoll, listCountedVotes } from './polls.repository.js';

export interface PollResultsOptions {
  /** How often at most one poll's results go out to open pages, and how long counts are reused. */
  intervalMs: number;
}

export const DEFAULT_POLL_RESULTS_OPTIONS: PollResultsOptions = { intervalMs: 1000 };

export interface PollResultsDependencies {
  db: Kysely<Database>;
  now: Clock;
  pageFeed: PageNotifier;
  log: { error(object: unknown, message: string): void };
}

/**
 * Votes do not write a page entry each (ADR 058): a thousand viewers voting in a second would
 * send every open page a thousand frames. The first vote of a poll whose results are shown starts
 * a timer on this instance; when it fires, one `poll` entry with the results counted then goes
 * out, and the next vote starts the next timer. So each poll's results reach the pages at most
 * once per interval and instance, and at most one interval after a vote.
 *
 * The counts that pages read (`_polls`, a vote's answer) are reused for the same interval, so
 * that a burst of pages reading their state again counts each poll once.
 */
export class PollResultsPublisher {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly counted = new Map<string, { at: number; results: PollResults }>();
  private readonly flushes = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly deps: PollResultsDependencies,
    private readonly options: PollResultsOptions = DEFAULT_POLL_RESULTS_OPTIONS,
  ) {}

  /** A vote was stored: the poll's results go out within the interval. */
  voted(eventId: string, pollId: string): void {
    if (this.closed || this.timers.has(pollId)) return;
    const timer = setTimeout(() => {
      this.timers.delete(pollId);
      const flush = this.publish(eventId, pollId).catch((error: unknown) =>
        this.deps.log.error({ err: error, pollId }, 'poll results not published'),
      );
      this.flushes.add(flush);
      void flush.finally(() => this.flushes.delete(flush));
    }, this.options.intervalMs);
    timer.unref();
    this.timers.set(pollId, timer);
  }

  /** The organisers changed what the results are made of (moderation): count afresh. */
  forget(pollId: string): void {
    this.counted.delete(pollId);
  }

  /** The poll's results, counted at most once per interval. */
  async results(db: Kysely<Database>, poll: StoredPoll): Promise<PollResults> {
    const cached = this.counted.get(poll.id);
    const nowMs = this.deps.now().getTime();
    if (cached && nowMs - cached.at < this.options.intervalMs) return cached.results;
    const results = countResults(poll, await listCountedVotes(db, poll.id));
    this.counted.set(poll.id, { at: nowMs, results });
    return results;
  }

  /** Stops the timers and waits for the results already on their way (before the database closes). */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.all([...this.flushes]);
  }

  private async publish(eventId: string, pollId: string): Promise<void> {
    const { db, now, pageFeed } = this.deps;
    const published = await db.transaction().execute(async (trx) => {
      const row = await findPoll(trx, eventId, pollId);
      const poll = row && readPoll(row);
      if (!poll || !isOnPage(poll) || !poll.resultsShown) return false;
      await appendPollEntry(trx, poll, now().toISOString());
      return true;
    });
    if (published) pageFeed.notify(eventId);
  }
}
