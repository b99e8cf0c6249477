import { sql, type Kysely } from 'kysely';

// Unique viewers per page (ADR 055): `uniques` counts a viewer's first visit of the day to the
// event, on the page where it happened, so a channel opened after the main page showed its page
// views with no viewer. `page_uniques` counts the first visit of the day to each page; the
// event's total stays `uniques` (a viewer of two pages is one viewer of the event). Rows written
// before know only the first visits, which are then the best lower bound per page.
const TABLES = ['stats_minutes', 'stats_hours'] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('page_uniques', 'integer', (column) => column.notNull().defaultTo(0))
      .execute();
    await db
      .updateTable(table)
      .set({ page_uniques: sql`uniques` })
      .execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table).dropColumn('page_uniques').execute();
  }
}
