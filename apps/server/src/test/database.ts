import type { Insertable } from 'kysely';
import { createDatabase, type DatabaseHandle } from '../db/database.js';
import type { UsersTable } from '../db/schema.js';
import { migrateToLatest } from '../db/migrator.js';
import { createTestDatabase } from './test-app.js';

export interface MigratedTestDatabase extends DatabaseHandle {
  /** Closes the connection and deletes the database. */
  cleanup(): Promise<void>;
}

/** A migrated database of its own, without an app (unit tests of repositories and workers). */
export async function migratedTestDatabase(): Promise<MigratedTestDatabase> {
  const testDatabase = await createTestDatabase();
  const database = createDatabase(testDatabase.url);
  await migrateToLatest(database.db);
  return {
    ...database,
    cleanup: async () => {
      await database.close();
      await testDatabase.drop();
    },
  };
}

/** A user row with every required column, for tests that write the database directly. */
export function userRow(
  id: string,
  at: string,
  email = `${id}@example.com`,
): Insertable<UsersTable> {
  return {
    id,
    email,
    name: id,
    password_hash: 'x',
    email_verified: 1,
    plan: 'free',
    timezone: 'UTC',
    email_language: 'en',
    always_show_help: 1,
    csv_delimiter: ',',
    newsletter: 0,
    created_at: at,
    updated_at: at,
  };
}
