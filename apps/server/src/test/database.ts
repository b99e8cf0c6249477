import { createDatabase, type DatabaseHandle } from '../db/database.js';
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
