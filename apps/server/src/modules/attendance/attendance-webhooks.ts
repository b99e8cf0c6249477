import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { WebhookEmitter } from '../webhooks/index.js';
import type { AttendanceBatch } from './attendance-batch.js';
import { parseAttendeeRef } from './attendee.js';

/** A person's `attendance.updated` at most this often (docs/decisions/072-webhooks.md). */
export const ATTENDANCE_WEBHOOK_WINDOW_MS = 5 * 60_000;
/** People this instance told of recently, beyond which the oldest are forgotten. */
const REMEMBERED_MAX = 50_000;

type Taken = ReturnType<AttendanceBatch['take']>;

/**
 * Tells the owners' webhooks of known viewers' attendance once the statistics wrote it (ADR 066,
 * ADR 072): at most once per person and event in {@link ATTENDANCE_WEBHOOK_WINDOW_MS}. This
 * instance remembers whom it told, so that a viewer's heartbeats cost no query between two
 * notices; the emit's own debounce keeps other instances from telling again within the window.
 */
export class AttendanceWebhooks {
  private readonly told = new Map<string, number>();

  constructor(private readonly deps: { db: Kysely<Database>; webhooks: WebhookEmitter }) {}

  /** After a batch was written: `live` names the events whose rows went in. */
  async tell(taken: Taken, live: ReadonlySet<string>, atMs: number): Promise<void> {
    for (const [key, person] of taken) {
      if (!live.has(person.eventId)) continue;
      if (atMs - (this.told.get(key) ?? -Infinity) < ATTENDANCE_WEBHOOK_WINDOW_MS) continue;
      const attendee = parseAttendeeRef(key.slice(key.indexOf('|') + 1));
      if (!attendee) continue;
      this.remember(key, atMs);
      const data = await this.facts(person.eventId, attendee.kind, attendee.id);
      if (!data) continue;
      await this.deps.webhooks.emit({
        type: 'attendance.updated',
        eventId: person.eventId,
        data,
        debounce: {
          key: `${attendee.kind}:${attendee.id}`,
          windowMs: ATTENDANCE_WEBHOOK_WINDOW_MS,
        },
      });
    }
  }

  private remember(key: string, atMs: number): void {
    this.told.delete(key);
    this.told.set(key, atMs);
    if (this.told.size > REMEMBERED_MAX) {
      const oldest = this.told.keys().next().value;
      if (oldest !== undefined) this.told.delete(oldest);
    }
  }

  /** The person and their attendance as written; undefined when either is gone. */
  private async facts(
    eventId: string,
    kind: 'registration' | 'invitation',
    personId: string,
  ): Promise<Record<string, unknown> | undefined> {
    const { db } = this.deps;
    const row = await db
      .selectFrom('attendance')
      .select(['first_join_at', 'last_seen_at', 'minutes', 'questions', 'polls'])
      .where('event_id', '=', eventId)
      .where('person_kind', '=', kind)
      .where('person_id', '=', personId)
      .executeTakeFirst();
    const person = await db
      .selectFrom(kind === 'registration' ? 'registrations' : 'invitations')
      .select(['id', 'name', 'email'])
      .where('id', '=', personId)
      .executeTakeFirst();
    if (!row || !person) return undefined;
    return {
      [kind]: { id: person.id, name: person.name, email: person.email },
      attendance: {
        firstJoinAt: row.first_join_at,
        lastSeenAt: row.last_seen_at,
        minutes: Number(row.minutes),
        questions: Number(row.questions),
        polls: Number(row.polls),
      },
    };
  }
}
