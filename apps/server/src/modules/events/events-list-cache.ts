import { LRUCache } from 'lru-cache';
import { authDataGeneration } from '../auth/index.js';

/**
 * Bumped by every write to `events` in this process: events.repository.ts is the only module that
 * writes the table (events-writes.test.ts scans the sources for others), and it calls
 * {@link eventsChanged} before and after each statement. A user's deletion, which takes their
 * events with it by foreign-key cascade, bumps the session cache's generation, which entries
 * check too.
 */
let generation = 0;

export function eventsChanged(): void {
  generation += 1;
}

/** Bodies kept at once, by their length in characters; the least recently used go first. */
export const EVENTS_LIST_CACHE_MAX_CHARS = 16 * 1024 * 1024;

interface Entry {
  body: string;
  events: number;
  auth: number;
}

/**
 * The events list's serialized answer per user (ADR 020, third pass). It is exact, not a cache
 * with a time bound: an entry is used only while no write to `events` (and none to `users` or
 * sessions) happened in the process since the read it was made from began. That holds on SQLite
 * alone, which one process serves by design (ARCHITECTURE.md, "Scale-out") and where Kysely runs
 * one statement or transaction at a time, so a read that starts after a write's bump sees it
 * committed or rolled back. On PostgreSQL other instances write too: the service makes none.
 */
export class EventsListCache {
  private readonly entries = new LRUCache<string, Entry>({
    maxSize: EVENTS_LIST_CACHE_MAX_CHARS,
    sizeCalculation: (entry) => Math.max(1, entry.body.length),
  });

  /** The user's list body, from the cache while nothing changed, else from `load`. */
  async get(userId: string, load: () => Promise<string>): Promise<string> {
    const cached = this.entries.get(userId);
    const auth = authDataGeneration();
    if (cached && cached.events === generation && cached.auth === auth) return cached.body;
    // Read before the query: a write that lands while it runs makes the entry stale.
    const before = { events: generation, auth };
    const body = await load();
    this.entries.set(userId, { body, ...before });
    return body;
  }

  get size(): number {
    return this.entries.size;
  }
}
