import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-app.js';
import { createDatabase, type DatabaseHandle } from '../database.js';
import { migrateToLatest } from '../migrator.js';
import { down, up } from './0020-billing-microseconds.js';

// Rows written before 0020 held milliseconds: they must compare with microsecond times as text.
describe('migration 0020: billing times in microseconds', () => {
  let testDatabase: TestDatabase | undefined;
  let database: DatabaseHandle | undefined;
  afterEach(async () => {
    await database?.close();
    await testDatabase?.drop();
    database = testDatabase = undefined;
  });

  it('widens millisecond times to six digits, leaves microsecond ones alone, and goes back', async () => {
    testDatabase = await createTestDatabase();
    database = createDatabase(testDatabase.url);
    const { db } = database;
    await migrateToLatest(db);
    const webhook = (eventId: string, occurredAt: string) => ({
      provider: 'paddle',
      event_id: eventId,
      event_type: 'subscription.updated',
      occurred_at: occurredAt,
      payload: '{}',
      status: 'applied',
      next_attempt_at: occurredAt,
      received_at: occurredAt,
    });
    await db
      .insertInto('billing_webhooks')
      .values([
        webhook('old', '2024-04-12T10:18:49.621Z'),
        webhook('new', '2024-04-12T10:18:49.621500Z'),
      ])
      .execute();
    const times = async () =>
      (
        await db
          .selectFrom('billing_webhooks')
          .select(['event_id', 'occurred_at'])
          .orderBy('event_id')
          .execute()
      ).map((row) => [row.event_id, row.occurred_at]);

    // As written before, the older time sorts after the newer one ('Z' > '5').
    expect('2024-04-12T10:18:49.621Z' > '2024-04-12T10:18:49.621500Z').toBe(true);
    await up(db);
    expect(await times()).toEqual([
      ['new', '2024-04-12T10:18:49.621500Z'],
      ['old', '2024-04-12T10:18:49.621000Z'],
    ]);
    // Down goes back to the old code's milliseconds, for every row.
    await down(db);
    expect(await times()).toEqual([
      ['new', '2024-04-12T10:18:49.621Z'],
      ['old', '2024-04-12T10:18:49.621Z'],
    ]);
  });
});
