import type { FastifyBaseLogger } from 'fastify';
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { PgListener } from './pg-listener.js';

/** The PostgreSQL channel on which instances tell each other what changed. */
export const CHANGES_CHANNEL = 'livent_changes';

/**
 * What an instance may hold in memory for a while and another instance can change:
 * - `auth`: users and sessions (the session cache, ADR 020); no key;
 * - `invitation`: an invitation's access check, key `<eventId>|<invitationId>`;
 * - `registration`: that a registration exists, key its id;
 * - `domains`: the table of active custom domains (ADR 030); no key;
 * - `access`: an event's access settings, whose pages no instance may serve as before (ADR 044),
 *   key the event's id.
 */
export type ChangeTopic = 'auth' | 'invitation' | 'registration' | 'domains' | 'access';

/**
 * Called with the changed key, or with undefined when anything of the topic may have changed
 * (after the LISTEN connection was down, notices sent meanwhile are lost).
 */
export type ChangeHandler = (key: string | undefined) => void;

/**
 * Tells every instance that something of `topic` changed, after the statement that changed it.
 * On PostgreSQL this is `pg_notify` through `db`, so inside a transaction the notice goes out at
 * commit and never on rollback; every instance's {@link ChangeNotices} (this one's too) hears
 * it. On SQLite it does nothing: one process serves a SQLite file (docs/architecture.md,
 * "Scale-out"), and the writer already dropped what it held.
 *
 * Outside a transaction a notice that cannot be sent is not an error for the request that made
 * the change, which is committed: the other instances see it when what they hold expires (each
 * cache's time bound).
 */
export async function announceChange(
  db: Kysely<Database>,
  topic: ChangeTopic,
  key = '',
): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  const notice = sql`select pg_notify(${CHANGES_CHANNEL}, ${`${topic}:${key}`})`;
  if (db.isTransaction) {
    await notice.execute(db);
    return;
  }
  await notice.execute(db).catch(() => {
    // Committed already; the caches' time bounds cover the lost notice (see above).
  });
}

/**
 * Hears the changes other instances announce (PostgreSQL only) and hands them to the handlers
 * of this instance's caches, so a logout, a plan change, a deleted invitation or registration,
 * or a new custom domain counts on every instance at once rather than when a cache expires.
 */
export class ChangeNotices {
  private readonly handlers = new Map<ChangeTopic, ChangeHandler[]>();
  private readonly listener: PgListener | undefined;
  private readonly log: Pick<FastifyBaseLogger, 'warn'>;
  private connectedBefore = false;

  constructor(options: {
    /** PostgreSQL only: the database URL for the listener's own connection. */
    listenUrl: string | undefined;
    log: Pick<FastifyBaseLogger, 'warn'>;
    reconnectMinMs?: number;
  }) {
    this.log = options.log;
    this.listener = options.listenUrl
      ? new PgListener({
          url: options.listenUrl,
          channels: [CHANGES_CHANNEL],
          log: options.log,
          name: 'change notices',
          onNotification: (_channel, payload) => this.dispatch(payload),
          onConnected: () => {
            // Notices sent while none listened are lost: nothing held may be trusted. (Before
            // the first connection nothing was held yet.)
            if (this.connectedBefore) this.dispatchAll();
            this.connectedBefore = true;
          },
          reconnectMinMs: options.reconnectMinMs,
        })
      : undefined;
  }

  /** True while notices arrive (always false on SQLite, which needs none). */
  get listening(): boolean {
    return this.listener?.up ?? false;
  }

  on(topic: ChangeTopic, handler: ChangeHandler): void {
    const handlers = this.handlers.get(topic) ?? [];
    handlers.push(handler);
    this.handlers.set(topic, handlers);
  }

  async start(): Promise<void> {
    await this.listener?.start();
  }

  async close(): Promise<void> {
    await this.listener?.close();
  }

  private dispatch(payload: string): void {
    const colon = payload.indexOf(':');
    if (colon < 0) return;
    const topic = payload.slice(0, colon) as ChangeTopic;
    const key = payload.slice(colon + 1);
    for (const handler of this.handlers.get(topic) ?? []) this.call(handler, key || undefined);
  }

  private dispatchAll(): void {
    for (const handlers of this.handlers.values()) {
      for (const handler of handlers) this.call(handler, undefined);
    }
  }

  private call(handler: ChangeHandler, key: string | undefined): void {
    try {
      handler(key);
    } catch (error) {
      // One cache's failure must not keep the notice from the others (nor reach pg's socket).
      this.log.warn({ err: error, key }, 'change notices: a handler failed');
    }
  }
}
