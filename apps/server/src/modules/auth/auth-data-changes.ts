/**
 * Bumped by every write to `users` and every revocation in this process (the repositories call
 * {@link authDataChanged}). Caches whose answers depend on users or sessions (the session cache,
 * the events list) remember the generation they read at and use an entry only while it holds, so
 * this instance sees its own logouts, password changes and profile edits at once. It is one
 * number for all users: writes are rare next to reads, and a miss only costs the query it saves.
 * It lives apart from the session cache so that the repositories that bump it and the cache that
 * keeps their rows do not import each other.
 */
let generation = 0;

/** Tells every cache of the process that depends on users or sessions that they changed. */
export function authDataChanged(): void {
  generation += 1;
}

/** The current generation: an entry filled at an older one is stale. */
export function authDataGeneration(): number {
  return generation;
}
