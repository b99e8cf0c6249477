import type { Migration } from 'kysely';
import * as m0001AppMeta from './0001-app-meta.js';

/**
 * Every migration, by the name recorded in `kysely_migration`. Names sort in the order they run;
 * add new ones at the end with the next number. A static list (not FileMigrationProvider) works
 * the same from `src` under Vitest/tsx and from the compiled `dist`.
 */
export const migrations: Record<string, Migration> = {
  '0001_app_meta': m0001AppMeta,
};
