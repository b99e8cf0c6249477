import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { PgListener } from '../pg-listener.js';

/** An entry of a durable log: its `seq` is the position a live client resumes after. */
export interface LogEntry {
  seq: number;
}

export type TailListener<E extends LogEntry> = (entries: E[]) => void;

export interface TailSubscription {
  /**
   * The log position the listener starts after: it is called with every entry whose seq is
   * greater, and with no other.
   */
  seq: number;
  unsubscribe(): void;
}

export type TailLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** The logs a tail reads: each has `seq`, `event_id` and `created_at`. */
export type LogTable = 'message_log' | 'page_log';

/** What one log is: its table, its NOTIFY channel, and how long it keeps an entry. */
export interface LogDefinition {
  table: LogTable;
  /** The PostgreSQL channel every instance listens on; the payload is an event id. */
  channel: string;
  /** What the log lines are about, e.g. `live messages`. */
  name: string;
  /** The `app_meta` key holding the highest seq pruned so far. */
  prunedThroughKey: string;
  /**
   * How long the log keeps an entry. A client away for longer cannot be sent what it missed and
   * reads its state again instead (`prunedThrough`), so the log stays small.
   */
  retentionMs: number;
}

export interface LogTailOptions {
  db: Kysely<Database>;
  log: TailLog;
  /**
   * PostgreSQL only: the database URL for the tail's own LISTEN connection. A pooled connection
   * cannot listen, since the pool hands it to other queries; without it (SQLite) notify wakes
   * this process's readers only.
   */
  listenUrl?: string | undefined;
  /**
   * How often events with subscribers are read even without a wake-up: covers a lost
   * notification, and other processes writing to one SQLite file.
   */
  pollIntervalMs?: number;
  /** A failed read is retried after this long (the poll would also retry it, later). */
  retryDelayMs?: number;
  /** The LISTEN connection's reconnect waits: the first, then doubling up to the last. */
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
  /** The clock that decides which log entries are old enough to prune. */
  now?: () => Date;
}

export const DEFAULT_POLL_INTERVAL_MS = 3_000;
const DEFAULT_RETRY_DELAY_MS = 1_000;
const PRUNE_INTERVAL_MS = 3600_000;

/** Entries read per query; more wait for the next read, which follows at once. */
export const READ_BATCH = 500;

interface Tail<E extends LogEntry> {
  /** The last seq read from the log for this event and given to the listeners. */
  seq: number;
  /** Settles once `seq` holds the log's position at the first subscription. */
  ready: Promise<void>;
  listeners: Set<TailListener<E>>;
  reading: Promise<void> | undefined;
  again: boolean;
  retry: NodeJS.Timeout | undefined;
}

/**
 * Live entries of a durable log per event (ADR 025, ADR 057): one tail reader per event and
 * instance reads the log after what it has seen and fans the entries out to this instance's
 * listeners, so many open clients cost one read per change. A wake-up only says "read now": on
 * SQLite notify wakes this process's reader at once; on PostgreSQL it sends `NOTIFY <channel>,
 * '<eventId>'`, which wakes the reader of every instance (this one included) through each one's
 * LISTEN connection. A periodic read covers a notification that never arrived. Subclasses say how
 * entries are read (`read`).
 */
export abstract class LogTail<E extends LogEntry> {
  protected readonly db: Kysely<Database>;
  protected readonly log: TailLog;
  private readonly pollIntervalMs: number;
  private readonly retryDelayMs: number;

  private readonly tails = new Map<string, Tail<E>>();
  private poll: NodeJS.Timeout | undefined;
  private pruning: NodeJS.Timeout | undefined;
  private readonly now: () => Date;
  /** PostgreSQL only: the LISTEN connection through which every instance's notifications arrive. */
  private readonly listener: PgListener | undefined;
  private started = false;
  private closed = false;

  constructor(
    private readonly definition: LogDefinition,
    options: LogTailOptions,
  ) {
    this.db = options.db;
    this.log = options.log;
    this.pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
    this.retryDelayMs = options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
    this.listener = options.listenUrl
      ? new PgListener({
          url: options.listenUrl,
          channels: [definition.channel],
          log: options.log,
          name: definition.name,
          onNotification: (_channel, eventId) => {
            if (eventId) this.wake(eventId);
          },
          // Whatever was notified while no connection listened is read now.
          onConnected: () => this.wakeAll(),
          reconnectMinMs: options.reconnectMinMs,
          reconnectMaxMs: options.reconnectMaxMs,
        })
      : undefined;
    this.now = options.now ?? (() => new Date());
  }

  /** Entries of an event's log after `afterSeq`, oldest first, at most `limit`. */
  abstract read(eventId: string, afterSeq: number, limit?: number): Promise<E[]>;

  /**
   * Starts the periodic read and, on PostgreSQL, the LISTEN connection. A database that cannot
   * be reached is logged and retried; it does not stop the server's start.
   */
  async start(): Promise<void> {
    if (this.started || this.closed) return;
    this.started = true;
    this.poll = setInterval(() => this.wakeAll(), this.pollIntervalMs);
    this.poll.unref();
    this.pruning = setInterval(() => {
      this.prune().catch((error: unknown) => {
        this.log.warn({ err: error }, `${this.definition.name}: pruning the log failed`);
      });
    }, PRUNE_INTERVAL_MS);
    this.pruning.unref();
    await this.listener?.start();
  }

  /** Ends the LISTEN connection, every timer and every subscription; waits for reads in flight. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.poll);
    clearInterval(this.pruning);
    const reads: Promise<void>[] = [];
    for (const tail of this.tails.values()) {
      clearTimeout(tail.retry);
      tail.listeners.clear();
      if (tail.reading) reads.push(tail.reading);
    }
    this.tails.clear();
    await Promise.all([...reads, this.listener?.close()]);
  }

  /**
   * Deletes log entries older than the retention and records the highest seq deleted, so that a
   * client resuming from before it gets `reset` instead of a silent gap. Every instance may run
   * it; the recorded value only ever rises. Answers how many entries went.
   */
  async prune(): Promise<number> {
    const { retentionMs, prunedThroughKey: key } = this.definition;
    // Both logs have the columns used here; Kysely cannot type a union of tables' queries.
    const table = this.definition.table as 'page_log';
    const cutoff = new Date(this.now().getTime() - retentionMs).toISOString();
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom(table)
        .select((eb) => eb.fn.max('seq').as('seq'))
        .where('created_at', '<', cutoff)
        .executeTakeFirst();
      const through = Number(row?.seq ?? 0);
      if (through === 0) return 0;
      const deleted = await trx.deleteFrom(table).where('seq', '<=', through).execute();
      const value = String(Math.max(through, await this.prunedThrough(trx)));
      const at = this.now().toISOString();
      await trx
        .insertInto('app_meta')
        .values({ key, value, updated_at: at })
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ value, updated_at: at }))
        .execute();
      return deleted.reduce((sum, result) => sum + Number(result.numDeletedRows), 0);
    });
  }

  /** The highest seq pruned from the log (0 when none): a client behind it must reload. */
  async prunedThrough(db: Kysely<Database> = this.db): Promise<number> {
    const row = await db
      .selectFrom('app_meta')
      .select('value')
      .where('key', '=', this.definition.prunedThroughKey)
      .executeTakeFirst();
    return Number(row?.value ?? 0);
  }

  /** The last seq of an event's log (0 when empty): where a new client starts. */
  async lastSeq(eventId: string): Promise<number> {
    const row = await this.db
      .selectFrom(this.definition.table as 'page_log')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .where('event_id', '=', eventId)
      .executeTakeFirst();
    return Number(row?.seq ?? 0);
  }

  /**
   * Calls `listener` with every entry of the event after the answer's `seq`, until
   * `unsubscribe`. Rejects when the log's position cannot be read.
   */
  async subscribe(eventId: string, listener: TailListener<E>): Promise<TailSubscription> {
    if (this.closed) throw new Error(`${this.definition.name}: the feed is closed`);
    let tail = this.tails.get(eventId);
    if (!tail) {
      const created: Tail<E> = {
        seq: 0,
        ready: Promise.resolve(),
        listeners: new Set(),
        reading: undefined,
        again: false,
        retry: undefined,
      };
      created.ready = this.lastSeq(eventId).then((seq) => {
        created.seq = seq;
      });
      tail = created;
      this.tails.set(eventId, tail);
    }
    const current = tail;
    try {
      await current.ready;
    } catch (error) {
      // The next subscriber starts over instead of inheriting the failure.
      if (this.tails.get(eventId) === current && current.listeners.size === 0) {
        this.tails.delete(eventId);
      }
      throw error;
    }
    if (this.closed) throw new Error(`${this.definition.name}: the feed is closed`);
    // The last subscriber left while this one waited: start again with a tail in the map.
    if (this.tails.get(eventId) !== current) return this.subscribe(eventId, listener);
    current.listeners.add(listener);
    return {
      // Entries reach listeners in the same turn as `seq` advances, so this is exact.
      seq: current.seq,
      unsubscribe: () => {
        current.listeners.delete(listener);
        if (current.listeners.size === 0 && this.tails.get(eventId) === current) {
          clearTimeout(current.retry);
          this.tails.delete(eventId);
        }
      },
    };
  }

  /** True while the LISTEN connection is up (PostgreSQL). */
  get listening(): boolean {
    return this.listener?.up ?? false;
  }

  /** The number of events this instance has subscribers for (one tail reader each). */
  get subscribedEvents(): number {
    return this.tails.size;
  }

  /**
   * After a commit that appended to the event's log. On PostgreSQL the notification wakes every
   * instance's reader, this one's through its own LISTEN connection; while that connection is
   * down, this instance's reader is woken directly.
   */
  notify(eventId: string): void {
    if (this.closed) return;
    if (!this.listener) {
      this.wake(eventId);
      return;
    }
    if (!this.listener.up) this.wake(eventId);
    sql`select pg_notify(${this.definition.channel}, ${eventId})`
      .execute(this.db)
      .catch((error: unknown) => {
        // Other instances find the change with their periodic read.
        this.log.warn({ err: error, eventId }, `${this.definition.name}: NOTIFY failed`);
        this.wake(eventId);
      });
  }

  /** Reads the event's log now (when this instance has subscribers for it). */
  wake(eventId: string): void {
    const tail = this.tails.get(eventId);
    if (!tail || this.closed) return;
    if (tail.reading) {
      tail.again = true;
      return;
    }
    clearTimeout(tail.retry);
    tail.retry = undefined;
    tail.reading = this.drain(eventId, tail).finally(() => {
      tail.reading = undefined;
    });
  }

  private wakeAll(): void {
    for (const eventId of this.tails.keys()) this.wake(eventId);
  }

  private async drain(eventId: string, tail: Tail<E>): Promise<void> {
    const { name } = this.definition;
    try {
      await tail.ready;
      do {
        tail.again = false;
        const entries = await this.read(eventId, tail.seq, READ_BATCH);
        if (entries.length === 0 || this.tails.get(eventId) !== tail) continue;
        tail.seq = entries[entries.length - 1]!.seq;
        for (const listener of tail.listeners) {
          try {
            listener(entries);
          } catch (error) {
            // One broken connection must not keep the change from the others.
            this.log.error({ err: error, eventId }, `${name}: a listener failed`);
          }
        }
        if (entries.length === READ_BATCH) tail.again = true;
      } while (tail.again && !this.closed);
    } catch (error) {
      if (this.closed || this.tails.get(eventId) !== tail) return;
      this.log.warn({ err: error, eventId }, `${name}: reading the log failed; retrying`);
      clearTimeout(tail.retry);
      tail.retry = setTimeout(() => {
        tail.retry = undefined;
        this.wake(eventId);
      }, this.retryDelayMs);
      tail.retry.unref();
    }
  }
}
