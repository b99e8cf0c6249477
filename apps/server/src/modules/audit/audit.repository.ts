import type { AuditAction } from '@livent/shared';
import { sql, type Kysely } from 'kysely';
import { keysetBatches } from '../../db/keyset-batches.js';
import { likePattern } from '../../db/like-pattern.js';
import type { Database } from '../../db/schema.js';

export interface AuditRow {
  id: string;
  event_id: string | null;
  actor: string;
  via: string;
  action: string;
  details: string;
  ip: string | null;
  created_at: string;
  /** The event's title now; null once it is deleted (its entries then name it in `details`). */
  event_title: string | null;
}

/** Whose entries: one event's (whoever's account they are in), or one account's. */
export type AuditScope = { eventId: string } | { accountId: string };

export interface AuditFilter {
  actions?: readonly AuditAction[] | undefined;
  q?: string | undefined;
}

function filtered(db: Kysely<Database>, scope: AuditScope, filter: AuditFilter) {
  let builder = db
    .selectFrom('audit_log')
    .where(
      'eventId' in scope
        ? (eb) => eb('audit_log.event_id', '=', scope.eventId)
        : (eb) => eb('audit_log.account_id', '=', scope.accountId),
    );
  if (filter.actions) builder = builder.where('audit_log.action', 'in', [...filter.actions]);
  if (filter.q) {
    // lower() on both sides: LIKE is case-insensitive on SQLite but not on PostgreSQL.
    const pattern = likePattern(filter.q.toLowerCase());
    builder = builder.where((eb) =>
      eb.or([
        sql<boolean>`lower(${eb.ref('audit_log.actor')}) like ${pattern} escape '\\'`,
        sql<boolean>`lower(${eb.ref('audit_log.details')}) like ${pattern} escape '\\'`,
      ]),
    );
  }
  return builder;
}

const COLUMNS = [
  'audit_log.id',
  'audit_log.event_id',
  'audit_log.actor',
  'audit_log.via',
  'audit_log.action',
  'audit_log.details',
  'audit_log.ip',
  'audit_log.created_at',
  'events.title as event_title',
] as const;

/** One page, newest first, and the filtered total. */
export async function listAuditEntries(
  db: Kysely<Database>,
  scope: AuditScope,
  query: AuditFilter & { page: number; pageSize: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, scope, query)
      .leftJoin('events', 'events.id', 'audit_log.event_id')
      .select(COLUMNS)
      .orderBy('audit_log.created_at', 'desc')
      .orderBy('audit_log.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    filtered(db, scope, query)
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/**
 * The filtered entries newest first, read in batches before the last row seen (created_at, id),
 * so that an export holds one batch in memory at a time.
 */
export function listAuditEntriesInBatches(
  db: Kysely<Database>,
  scope: AuditScope,
  filter: AuditFilter,
  batchSize: number,
  max: number,
): AsyncGenerator<AuditRow> {
  return keysetBatches(
    (before, limit) => {
      let builder = filtered(db, scope, filter);
      if (before) {
        const { created_at: at, id } = before;
        builder = builder.where((eb) =>
          eb.or([
            eb('audit_log.created_at', '<', at),
            eb.and([eb('audit_log.created_at', '=', at), eb('audit_log.id', '<', id)]),
          ]),
        );
      }
      return builder
        .leftJoin('events', 'events.id', 'audit_log.event_id')
        .select(COLUMNS)
        .orderBy('audit_log.created_at', 'desc')
        .orderBy('audit_log.id', 'desc')
        .limit(limit)
        .execute();
    },
    batchSize,
    max,
  );
}

/** Deletes the entries written before `cutoff` (ISO); answers how many. */
export async function deleteAuditEntriesBefore(
  db: Kysely<Database>,
  cutoff: string,
): Promise<number> {
  const result = await db
    .deleteFrom('audit_log')
    .where('created_at', '<', cutoff)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
