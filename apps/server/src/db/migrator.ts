import { Migrator, type Kysely, type MigrationProvider, type MigrationResult } from 'kysely';
import { migrations } from './migrations/index.js';

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};

/**
 * Brings the schema up to date. Kysely holds a lock while it migrates, so several instances
 * starting at once on PostgreSQL do not run a migration twice. Throws with the failing
 * migration's name.
 */
export async function migrateToLatest(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  provider: MigrationProvider = migrationProvider,
): Promise<MigrationResult[]> {
  const { error, results = [] } = await new Migrator({ db, provider }).migrateToLatest();
  if (error !== undefined) {
    const failed = results.find((result) => result.status === 'Error');
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `Database migration failed${failed ? ` in ${failed.migrationName}` : ''}: ${reason}`,
      { cause: error },
    );
  }
  return [...results];
}
