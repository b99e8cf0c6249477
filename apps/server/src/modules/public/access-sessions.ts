import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import {
  endSessionsBeyond,
  findSession,
  insertSession,
  touchSession,
  type SessionPerson,
} from './access-sessions.repository.js';

export type { SessionPerson } from './access-sessions.repository.js';

/**
 * How long an instance trusts what it knows of a session: a session ended by a sign-in on
 * another instance ends here within this time (at once on the instance of the sign-in), well
 * within the live streams' access re-check.
 */
export const SESSION_CHECK_TTL_MS = 5_000;
/** A session's `last_seen_at` is written again at most this often (a write per check would not do). */
const TOUCH_AFTER_MS = 5 * 60_000;
const MAX_ENTRIES = 100_000;

interface SessionState {
  open: boolean;
}

/**
 * The sessions of personal links and invitation logins (ADR 067): every access granted to a
 * registration or an invitation starts one, and past the event's limit the oldest of the
 * person's open sessions end. Whether a cookie's session is still open is one indexed read,
 * cached briefly per session like the invitation check, so that pages answered from memory stay
 * so ({@link peek}).
 */
export class AccessSessions {
  private readonly states: LRUCache<string, SessionState>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
  ) {
    this.states = new LRUCache({
      max: MAX_ENTRIES,
      ttl: SESSION_CHECK_TTL_MS,
      ttlResolution: 0,
      perf: { now: () => now().getTime() },
      fetchMethod: async (key) => {
        const [eventId = '', id = ''] = key.split('|');
        return this.read(eventId, id);
      },
    });
  }

  /**
   * A new session of `person`; with a limit, the person's oldest open sessions beyond it end.
   * A changed limit thus applies at the next sign-in.
   */
  async start(eventId: string, person: SessionPerson, limit: number | null): Promise<string> {
    const id = randomUUID();
    const at = this.now().toISOString();
    await insertSession(this.db, { id, eventId, person, at });
    this.states.set(`${eventId}|${id}`, { open: true });
    if (limit !== null) {
      const ended = await endSessionsBeyond(this.db, person, id, limit, at);
      for (const endedId of ended) this.states.set(`${eventId}|${endedId}`, { open: false });
    }
    return id;
  }

  /** Whether the session is open; undefined when not known now. */
  peek(eventId: string, id: string): boolean | undefined {
    return this.states.get(`${eventId}|${id}`)?.open;
  }

  /** Whether the session is open, asking the database if needed. */
  async check(eventId: string, id: string): Promise<boolean> {
    const state = await this.states.fetch(`${eventId}|${id}`);
    return state?.open ?? false;
  }

  /** The session's state from the database; a gone session (its person deleted) is not open. */
  private async read(eventId: string, id: string): Promise<SessionState> {
    const row = await findSession(this.db, eventId, id);
    if (!row) return { open: false };
    const now = this.now();
    if (row.ended_at === null && now.getTime() - Date.parse(row.last_seen_at) >= TOUCH_AFTER_MS) {
      await touchSession(this.db, id, now.toISOString());
    }
    return { open: row.ended_at === null };
  }
}
