import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-app.js';
import { createDatabase, type DatabaseHandle } from './database.js';
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
});
