import { randomUUID } from 'node:crypto';
import type { LoginWay } from '@livent/shared';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { keysetBatches } from '../../db/keyset-batches.js';
import { likePattern } from '../../db/like-pattern.js';

/**
 * How long a login is kept (ADR 026): long enough to answer who attended an event and its
 * follow-ups, short enough that the list is no lasting record of people's visits.
 */
export const LOGIN_RETENTION_DAYS = 180;

export interface LoginRow {
  id: string;
  way: string;
  label: string;
  created_at: string;
}

export interface LoginsFilter {
  way?: LoginWay | undefined;
  q?: string | undefined;
}

/**
 * Records one access granted to a viewer (ADR 026), at the moment its cookie is issued. The
 * label is read here for registrations and invitations so that every way records the same
 * words the organiser's lists show; a code's viewers stay anonymous.
 */
export async function recordLogin(
  db: Kysely<Database>,
  login: { eventId: string; way: LoginWay; subject: string; label?: string; at: Date },
): Promise<void> {
  const label = login.label ?? (await labelOf(db, login.eventId, login.way, login.subject));
  await db
    .insertInto('access_logins')
    .values({
      id: randomUUID(),
      event_id: login.eventId,
      way: login.way,
      subject: login.subject,
      label,
      created_at: login.at.toISOString(),
    })
    .execute();
  // Pruned as the event's logins are written (its index makes this cheap), so that no job has to
  // run; an event nobody enters any more keeps its rows until it is deleted.
  const cutoff = new Date(login.at.getTime() - LOGIN_RETENTION_DAYS * 86_400_000).toISOString();
  await db
    .deleteFrom('access_logins')
    .where('event_id', '=', login.eventId)
    .where('created_at', '<', cutoff)
    .execute();
}

async function labelOf(
  db: Kysely<Database>,
  eventId: string,
  way: LoginWay,
  subject: string,
): Promise<string> {
  if (way === 'registration') {
    const row = await db
      .selectFrom('registrations')
      .select(['name', 'email'])
      .where('id', '=', subject)
      .where('event_id', '=', eventId)
      .executeTakeFirst();
    return row ? `${row.name} <${row.email}>` : '';
  }
  if (way === 'invitation') {
    const row = await db
      .selectFrom('invitations')
      .select(['name', 'username'])
      .where('id', '=', subject)
      .where('event_id', '=', eventId)
      .executeTakeFirst();
    if (!row) return '';
    return row.name ? `${row.name} / ${row.username}` : row.username;
  }
  return '';
}

/** The label of a single sign-on: name and email as the ID token says, else its subject. */
export function ssoLabel(identity: {
  subject: string;
  name: string | null;
  email: string | null;
}): string {
  const name = identity.name?.trim() ?? '';
  const email = identity.email?.trim() ?? '';
  if (name && email) return `${name} <${email}>`;
  return name || email || identity.subject;
}

function filtered(db: Kysely<Database>, eventId: string, filter: LoginsFilter) {
  let builder = db.selectFrom('access_logins').where('event_id', '=', eventId);
  if (filter.way) builder = builder.where('way', '=', filter.way);
  if (filter.q) {
    // lower() on both sides: LIKE is case-insensitive on SQLite but not on PostgreSQL.
    const pattern = likePattern(filter.q.toLowerCase());
    builder = builder.where(
      (eb) => sql<boolean>`lower(${eb.ref('label')}) like ${pattern} escape '\\'`,
    );
  }
  return builder;
}

/** One page, newest first, and the filtered total. */
export async function listLogins(
  db: Kysely<Database>,
  eventId: string,
  query: LoginsFilter & { page: number; pageSize: number },
): Promise<{ rows: LoginRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, eventId, query)
      .select(['id', 'way', 'label', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    filtered(db, eventId, query)
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/**
 * The filtered list newest first, read in batches before the last row seen (created_at, id),
 * so that an export of any size holds one batch in memory at a time.
 */
export function listLoginsInBatches(
  db: Kysely<Database>,
  eventId: string,
  filter: LoginsFilter,
  batchSize: number,
  max: number,
): AsyncGenerator<LoginRow> {
  return keysetBatches(
    (before, limit) => {
      let builder = filtered(db, eventId, filter);
      if (before) {
        const { created_at: at, id } = before;
        builder = builder.where((eb) =>
          eb.or([
            eb('created_at', '<', at),
            eb.and([eb('created_at', '=', at), eb('id', '<', id)]),
          ]),
        );
      }
      return builder
        .select(['id', 'way', 'label', 'created_at'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
    batchSize,
    max,
  );
}
