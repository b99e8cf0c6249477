import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The ids of the events the account owns. */
export async function ownedEventIds(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('events').select('id').where('owner_id', '=', userId).execute();
  return rows.map((row) => row.id);
}

/** Rows read per round trip: an export never holds a whole table in memory. */
const PAGE_SIZE = 1000;

type Row = Record<string, unknown>;

/**
 * How one table's rows of an account or event are read for the export (ADR 073): the filter
 * column, the order (`key`: one column unique under the filter, read by keyset; otherwise the
 * columns of the unique key, read by offset), and the columns left out because they are secrets
 * (password hashes, token hashes, personal links, provider secrets) or bulk data.
 */
export interface ExportedTable {
  table: keyof Database;
  where: string;
  key?: string;
  order?: readonly string[];
  omit?: readonly string[];
}

/** The table's rows where `where` is `value`, a page at a time, the omitted columns removed. */
export async function* exportedRows(
  db: Kysely<Database>,
  spec: ExportedTable,
  value: string,
): AsyncGenerator<Row[]> {
  // The tables are named by the export's fixed list, not by input; their types differ, so the
  // query is built untyped.
  const untyped = db as unknown as Kysely<Record<string, Row>>;
  let after: unknown;
  for (let offset = 0; ; offset += PAGE_SIZE) {
    let query = untyped.selectFrom(spec.table).selectAll().where(spec.where, '=', value);
    if (spec.key) {
      if (after !== undefined) query = query.where(spec.key, '>', after);
      query = query.orderBy(spec.key);
    } else {
      for (const column of spec.order ?? []) query = query.orderBy(column);
      query = query.offset(offset);
    }
    const rows = await query.limit(PAGE_SIZE).execute();
    if (spec.key) after = rows.at(-1)?.[spec.key];
    if (rows.length > 0) yield rows.map((row) => withoutColumns(row, spec.omit));
    if (rows.length < PAGE_SIZE) return;
  }
}

/** The row without the given columns. */
export function withoutColumns(row: Row, omit: readonly string[] = []): Row {
  if (omit.length === 0) return row;
  return Object.fromEntries(Object.entries(row).filter(([column]) => !omit.includes(column)));
}
