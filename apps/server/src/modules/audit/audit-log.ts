import { randomUUID } from 'node:crypto';
import type { AuditAction, AuditVia } from '@livent/shared';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Who acted, as the log remembers them. */
export interface AuditActor {
  userId: string | null;
  /** The name at the time: an email address, `token name (owner's email)`, or "Livent". */
  name: string;
  via: AuditVia;
  ip: string | null;
}

/** What an entry names as its actor once the actor's account was deleted (ADR 073). */
export const DELETED_ACTOR_NAME = 'Deleted account';

/** Livent itself, for what no person did (a retention run). */
export const SYSTEM_ACTOR: AuditActor = { userId: null, name: 'Livent', via: 'system', ip: null };

/** The actor of an authenticated request: its user, through a session or a personal API token. */
export function auditActor(request: FastifyRequest): AuditActor {
  const auth = request.auth;
  if (!auth) return { ...SYSTEM_ACTOR, ip: request.ip };
  if (auth.apiToken) {
    return {
      userId: auth.user.id,
      name: `${auth.apiToken.name} (${auth.user.email})`,
      via: 'api_token',
      ip: request.ip,
    };
  }
  return { userId: auth.user.id, name: auth.user.email, via: 'session', ip: request.ip };
}

export interface AuditRecord {
  /** Whose log: the account itself, or the event's owner for an event's entries. */
  accountId: string;
  eventId?: string | null;
  actor: AuditActor;
  action: AuditAction;
  /** What changed, as JSON; for settings `{ changes: [{ field, from, to }] }`. */
  details?: Record<string, unknown>;
}

/**
 * The audit log's writing side (ADR 069): every module that changes something worth auditing
 * records it here, in the same transaction as the change where it has one (pass `db`), so that
 * an entry exists exactly when the change does.
 */
export class AuditLog {
  constructor(private readonly deps: { db: Kysely<Database>; now: Clock }) {}

  async record(entry: AuditRecord, db: Db = this.deps.db): Promise<void> {
    await this.recordMany([entry], db);
  }

  async recordMany(entries: readonly AuditRecord[], db: Db = this.deps.db): Promise<void> {
    if (entries.length === 0) return;
    const createdAt = this.deps.now().toISOString();
    await db
      .insertInto('audit_log')
      .values(
        entries.map((entry) => ({
          id: randomUUID(),
          account_id: entry.accountId,
          event_id: entry.eventId ?? null,
          actor_id: entry.actor.userId,
          actor: entry.actor.name,
          via: entry.actor.via,
          action: entry.action,
          details: JSON.stringify(entry.details ?? {}),
          ip: entry.actor.ip,
          created_at: createdAt,
        })),
      )
      .execute();
  }

  /**
   * A deleted account's part in other accounts' logs (ADR 073): the entries stay, as the other
   * account's record of what happened, but no longer name who it was.
   */
  async forgetActor(userId: string, db: Db = this.deps.db): Promise<void> {
    await db
      .updateTable('audit_log')
      .set({ actor_id: null, actor: DELETED_ACTOR_NAME, ip: null })
      .where('actor_id', '=', userId)
      .execute();
  }
}
