import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-app.js';
import { createDatabase, type DatabaseHandle } from './database.js';
import * as billingMicroseconds from './migrations/0020-billing-microseconds.js';
import * as remindersOffForExistingEvents from './migrations/0032-reminders-off-for-existing-events.js';
import { migrations } from './migrations/index.js';
import { migrateToLatest } from './migrator.js';

describe('migrations', () => {
  let testDatabase: TestDatabase | undefined;
  let database: DatabaseHandle | undefined;
  afterEach(async () => {
    await database?.close();
    await testDatabase?.drop();
    database = testDatabase = undefined;
  });

  async function open(): Promise<DatabaseHandle> {
    testDatabase = await createTestDatabase();
    database = createDatabase(testDatabase.url);
    return database;
  }

  it('runs every migration once, in order, and records it', async () => {
    const { db } = await open();
    const results = await migrateToLatest(db);
    expect(results.map((result) => [result.migrationName, result.status])).toEqual(
      Object.keys(migrations).map((name) => [name, 'Success']),
    );

    const applied = await sql<{
      name: string;
    }>`select name from kysely_migration order by name`.execute(db);
    expect(applied.rows.map((row) => row.name)).toContain('0001_app_meta');

    expect(await migrateToLatest(db)).toEqual([]);
  });

  it('records when the schema was created', async () => {
    const { db } = await open();
    const before = new Date().toISOString();
    await migrateToLatest(db);

    const row = await db
      .selectFrom('app_meta')
      .select(['value', 'updated_at'])
      .where('key', '=', 'created_at')
      .executeTakeFirstOrThrow();
    expect(row.value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(row.value >= before).toBe(true);
    expect(row.updated_at).toBe(row.value);
  });

  it('keeps app_meta keys unique', async () => {
    const { db } = await open();
    await migrateToLatest(db);
    const now = new Date().toISOString();
    await expect(
      db
        .insertInto('app_meta')
        .values({ key: 'created_at', value: now, updated_at: now })
        .execute(),
    ).rejects.toThrow();
  });

  it('names the failing migration', async () => {
    const { db } = await open();
    const broken = {
      ...migrations,
      '9999_broken': {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        up: async (db: Kysely<any>) => {
          await sql`select * from a_table_that_does_not_exist`.execute(db);
        },
      },
    };
    await expect(migrateToLatest(db, { getMigrations: async () => broken })).rejects.toThrow(
      /^Database migration failed in 9999_broken: .*a_table_that_does_not_exist/,
    );
  });

  // Rows written before 0020 held milliseconds: they must compare with microsecond times as text.
  it('0020 widens billing times in milliseconds to six digits, leaves microsecond ones alone, and goes back', async () => {
    const { db } = await open();
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
    await billingMicroseconds.up(db);
    expect(await times()).toEqual([
      ['new', '2024-04-12T10:18:49.621500Z'],
      ['old', '2024-04-12T10:18:49.621000Z'],
    ]);
    // Down goes back to the old code's milliseconds, for every row.
    await billingMicroseconds.down(db);
    expect(await times()).toEqual([
      ['new', '2024-04-12T10:18:49.621Z'],
      ['old', '2024-04-12T10:18:49.621Z'],
    ]);
  });

  it('0032 turns reminders off for events saved before them, and leaves newer events alone', async () => {
    const { db } = await open();
    await migrateToLatest(db);
    const now = new Date().toISOString();
    await db
      .insertInto('users')
      .values({
        id: 'owner',
        email: 'owner@example.com',
        name: 'Owner',
        company: null,
        initials: null,
        password_hash: 'x',
        email_verified: 1,
        pending_email: null,
        plan: 'free',
        plan_expires: null,
        subscription_status: null,
        subscription_id: null,
        timezone: 'Europe/Berlin',
        email_language: 'en',
        always_show_help: 0,
        csv_delimiter: ',',
        newsletter: 0,
        whatsnew_seen: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const event = (id: string, settings: object) => ({
      id,
      owner_id: 'owner',
      slug: id,
      title: id,
      settings: JSON.stringify(settings),
      created_at: now,
      updated_at: now,
    });
    await db
      .insertInto('events')
      .values([
        event('older', { startMode: 'datetime', startDate: '2026-12-24' }),
        event('newer', { remindRegistrations: true, remindInvitations: false }),
      ])
      .execute();

    await remindersOffForExistingEvents.up(db);
    const settings = async (id: string) =>
      JSON.parse(
        (
          await db
            .selectFrom('events')
            .select('settings')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).settings,
      ) as Record<string, unknown>;
    expect(await settings('older')).toEqual({
      startMode: 'datetime',
      startDate: '2026-12-24',
      remindRegistrations: false,
      remindInvitations: false,
    });
    expect(await settings('newer')).toEqual({
      remindRegistrations: true,
      remindInvitations: false,
    });
  });
});
