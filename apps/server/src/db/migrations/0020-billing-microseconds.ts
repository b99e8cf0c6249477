import { sql, type Kysely } from 'kysely';

// The billing tables' `occurred_at` (the provider's time of a change, by which deliveries are
// ordered and older ones never roll a subscription back) holds microseconds, always six digits
// (ADR 050): Paddle's times carry them, and two changes within one millisecond came out in
// either order. Rows written before held milliseconds; they get three zeros, so that every row
// has one width and compares as text with the new ones. Plain `substr`, `length` and `||` work
// on SQLite and PostgreSQL alike.
const TABLES = ['billing_subscriptions', 'billing_payments', 'billing_webhooks'] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await db
      .updateTable(table)
      .set({ occurred_at: sql`substr(occurred_at, 1, 23) || '000Z'` })
      .where(sql`length(occurred_at)`, '=', 24)
      .execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await db
      .updateTable(table)
      .set({ occurred_at: sql`substr(occurred_at, 1, 23) || 'Z'` })
      .where(sql`length(occurred_at)`, '=', 27)
      .execute();
  }
}
