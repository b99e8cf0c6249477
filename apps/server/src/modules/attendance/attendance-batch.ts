import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { addAttendance, type AttendanceWrite } from './attendance.repository.js';
import { parseAttendeeRef } from './attendee.js';

interface PendingPerson {
  eventId: string;
  /** The earliest time seen in this batch (their first join if they have no row yet). */
  firstAtMs: number;
  lastAtMs: number;
  /** The minutes (ISO) heartbeats marked, each once. */
  minutes: Set<string>;
}

/**
 * Known viewers' attendance collected between two writes of the statistics (ADR 066): the
 * collector adds pageviews and heartbeats of page views whose token binds a person, and writes
 * them with its own batch. Usually one statement per write; a write that spans a minute's end
 * takes one more per extra minute, so that each statement updates a person's row once and a
 * minute counts only when it is after the last counted.
 */
export class AttendanceBatch {
  private pending = new Map<string, PendingPerson>();

  get size(): number {
    return this.pending.size;
  }

  /** A page view of `attendee` (`r:<id>` / `i:<id>`) seen at `atMs`, in `minute` for a heartbeat. */
  seen(eventId: string, attendee: string, atMs: number, minute: string | null): void {
    const key = `${eventId}|${attendee}`;
    let person = this.pending.get(key);
    if (!person) {
      person = { eventId, firstAtMs: atMs, lastAtMs: atMs, minutes: new Set() };
      this.pending.set(key, person);
    }
    person.firstAtMs = Math.min(person.firstAtMs, atMs);
    person.lastAtMs = Math.max(person.lastAtMs, atMs);
    if (minute !== null) person.minutes.add(minute);
  }

  /** What was collected, emptied; give it to {@link write}, or back with {@link restore}. */
  take(): Map<string, PendingPerson> {
    const taken = this.pending;
    this.pending = new Map();
    return taken;
  }

  /** Puts a batch whose write failed back, to go out with the next one. */
  restore(taken: Map<string, PendingPerson>): void {
    for (const [key, person] of taken) {
      const current = this.pending.get(key);
      if (!current) this.pending.set(key, person);
      else {
        current.firstAtMs = Math.min(current.firstAtMs, person.firstAtMs);
        current.lastAtMs = Math.max(current.lastAtMs, person.lastAtMs);
        for (const minute of person.minutes) current.minutes.add(minute);
      }
    }
  }

  /** Writes a taken batch, keeping only the events in `live`; sorted, so instances lock alike. */
  static async write(
    db: Kysely<Database>,
    taken: Map<string, PendingPerson>,
    live: ReadonlySet<string>,
  ): Promise<void> {
    // Round n carries each person's n-th minute (usually there is one).
    const rounds: AttendanceWrite[][] = [];
    for (const key of [...taken.keys()].sort()) {
      const person = taken.get(key)!;
      const attendee = parseAttendeeRef(key.slice(key.indexOf('|') + 1));
      if (!attendee || !live.has(person.eventId)) continue;
      const minutes = [...person.minutes].sort();
      const joinedAt = new Date(person.firstAtMs).toISOString();
      const seenAt = new Date(person.lastAtMs).toISOString();
      for (let round = 0; round < Math.max(1, minutes.length); round++) {
        (rounds[round] ??= []).push({
          eventId: person.eventId,
          kind: attendee.kind,
          personId: attendee.id,
          joinedAt,
          seenAt,
          minute: minutes[round] ?? null,
        });
      }
    }
    for (const rows of rounds) await addAttendance(db, rows);
  }
}
