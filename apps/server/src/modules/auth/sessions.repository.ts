import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, SessionsTable } from '../../db/schema.js';
import { reusableQuery } from '../../db/reusable-query.js';
import { announceChange } from '../../lib/change-notices.js';
import { ENTERPRISE_PLAN_COLUMNS } from '../plans/index.js';
import { authDataChanged } from './auth-data-changes.js';
import type { ActiveSession } from './session-cache.js';

export type SessionRow = Selectable<SessionsTable>;

/** The SQL of `sessions` and `refresh_tokens`. */
export async function insertSession(
  db: Kysely<Database>,
  session: Insertable<SessionsTable>,
  refreshTokenHash: string,
): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
  await db
    .insertInto('refresh_tokens')
    .values({
      token_hash: refreshTokenHash,
      session_id: session.id,
      created_at: session.created_at,
      replaced_at: null,
    })
    .execute();
}

export interface RefreshTokenRecord {
  sessionId: string;
  userId: string;
  replacedAt: string | null;
  sessionExpiresAt: string;
  sessionRevokedAt: string | null;
}

export async function findRefreshToken(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<RefreshTokenRecord | undefined> {
  return db
    .selectFrom('refresh_tokens')
    .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
    .select([
      'sessions.id as sessionId',
      'sessions.user_id as userId',
      'refresh_tokens.replaced_at as replacedAt',
      'sessions.expires_at as sessionExpiresAt',
      'sessions.revoked_at as sessionRevokedAt',
    ])
    .where('refresh_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Marks a token as replaced and records its successor, if no one else did first: the
 * conditional update decides the race between concurrent refreshes on both dialects.
 */
export async function replaceRefreshToken(
  db: Kysely<Database>,
  tokenHash: string,
  successorHash: string,
  sessionId: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ replaced_at: now })
    .where('token_hash', '=', tokenHash)
    .where('replaced_at', 'is', null)
    .executeTakeFirst();
  if (result.numUpdatedRows !== 1n) return false;
  await db
    .insertInto('refresh_tokens')
    .values({
      token_hash: successorHash,
      session_id: sessionId,
      created_at: now,
      replaced_at: null,
    })
    .execute();
  return true;
}

/**
 * Records a use of the session if it is still active (not revoked, not expired at `now`);
 * answers whether it was. Being a write, it decides the race with a concurrent revocation on
 * both dialects: PostgreSQL re-checks the condition on the row a committed revocation left, and
 * a revocation that comes later waits for the caller's transaction.
 */
export async function touchActiveSession(
  db: Kysely<Database>,
  sessionId: string,
  changes: { last_used_at: string; ip: string | null; user_agent: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set(changes)
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', changes.last_used_at)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Revokes sessions that are not revoked yet; answers how many. */
export async function revokeSessions(
  db: Kysely<Database>,
  where: { sessionId?: string; userId?: string; exceptSessionId?: string },
  reason: string,
  now: string,
): Promise<number> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('revoked_at', 'is', null);
  if (where.sessionId !== undefined) query = query.where('id', '=', where.sessionId);
  if (where.userId !== undefined) query = query.where('user_id', '=', where.userId);
  if (where.exceptSessionId !== undefined) query = query.where('id', '!=', where.exceptSessionId);
  // Before and after: a session check running meanwhile must not keep the session it read.
  authDataChanged();
  const result = await query.executeTakeFirst();
  authDataChanged();
  await announceChange(db, 'auth');
  return Number(result.numUpdatedRows);
}

/**
 * The session (active: not revoked, not expired) and its user, in one indexed lookup. It runs on
 * every signed-in request the session cache does not answer, so it is compiled once (ADR 020,
 * second pass).
 */
const activeSessionUser = reusableQuery(
  (db: Kysely<Database>, sessionId: string, userId: string, now: string) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .select(ENTERPRISE_PLAN_COLUMNS)
      .select('sessions.expires_at as session_expires_at')
      .where('sessions.id', '=', sessionId)
      .where('sessions.user_id', '=', userId)
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', now),
);

export async function findActiveSessionUser(
  db: Kysely<Database>,
  sessionId: string,
  userId: string,
  now: string,
): Promise<ActiveSession | undefined> {
  const row = await activeSessionUser.executeTakeFirst(db, sessionId, userId, now);
  if (!row) return undefined;
  const { session_expires_at: sessionExpiresAt, ...user } = row;
  return { user, sessionExpiresAt };
}

export async function listActiveSessions(
  db: Kysely<Database>,
  userId: string,
  now: string,
): Promise<SessionRow[]> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('last_used_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Sessions past their absolute lifetime, with their tokens (cascade), are of no use any more. */
export async function deleteExpiredSessions(db: Kysely<Database>, before: string): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<', before).execute();
}
