import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { migrations } from '../db/migrations/index.js';
import { createPrivateFile, makeFilesPrivate, sqliteFiles } from '../lib/private-files.js';

/**
 * Online backup and offline restore of the SQLite database (docs/decisions/032-operations.md).
 * PostgreSQL has its own tools (`pg_dump`, `pg_restore`); nothing here reimplements them.
 */

export interface BackupResult {
  path: string;
  bytes: number;
  pages: number;
  /** `ok`, or SQLite's own list of problems. */
  integrity: string;
}

export class BackupError extends Error {}

/**
 * Copies a live database into `destination` with SQLite's backup API, safe while the server
 * writes: the copy is one consistent state (a step restarts when another connection wrote in
 * between). It is written under a temporary name, switched to a self-contained rollback-journal
 * file, checked with `PRAGMA integrity_check`, made durable, and only then renamed to
 * `destination`, so a crash or a failed check never leaves a half backup under the final name.
 */
export async function backupSqlite(source: string, destination: string): Promise<BackupResult> {
  if (!existsSync(source)) throw new BackupError(`No database at ${source}`);
  const temporary = join(
    dirname(destination),
    `.${basename(destination)}.${String(process.pid)}.partial`,
  );
  removeDatabaseFiles(temporary);
  // Owner-only from the start: the backup API writes into the existing file and keeps its mode.
  createPrivateFile(temporary);
  // Not read-only: a WAL database is read through its -shm file, which a read-only connection
  // may not be able to create. The backup API itself only reads.
  const database = new SqliteDatabase(source, { fileMustExist: true, timeout: 5000 });
  try {
    const { totalPages } = await database.backup(temporary, {
      // After the first 100 pages, the rest in one step: one read transaction, which in WAL
      // mode blocks no writer, and little chance for a write in between to restart the copy.
      progress: ({ remainingPages }) => Math.max(remainingPages, 100),
    });
    const integrity = finishCopy(temporary);
    if (integrity !== 'ok') {
      removeDatabaseFiles(temporary);
      throw new BackupError(`The backup failed its integrity check: ${integrity}`);
    }
    renameSync(temporary, destination);
    syncDirectory(dirname(destination));
    return { path: destination, bytes: statSync(destination).size, pages: totalPages, integrity };
  } catch (error) {
    removeDatabaseFiles(temporary);
    throw error;
  } finally {
    database.close();
  }
}

/** Makes a copied file self-contained (no -wal beside it), checks it and syncs it to disk. */
function finishCopy(path: string): string {
  const copy = new SqliteDatabase(path, { fileMustExist: true });
  let integrity: string;
  try {
    copy.pragma('journal_mode = DELETE');
    integrity = integrityOf(copy);
  } finally {
    copy.close();
  }
  const fd = openSync(path, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return integrity;
}

function integrityOf(database: SqliteDatabase.Database): string {
  const rows = database.pragma('integrity_check') as { integrity_check: string }[];
  return rows.map((row) => row.integrity_check).join('; ');
}

/** `PRAGMA integrity_check` of a database file: `ok`, or what SQLite found. */
export function checkIntegrity(path: string): string {
  if (!existsSync(path)) throw new BackupError(`No database at ${path}`);
  const database = new SqliteDatabase(path, { fileMustExist: true, timeout: 5000 });
  try {
    return integrityOf(database);
  } catch (error) {
    // Not a database at all ("file is not a database"): the same refusal as a damaged one.
    return error instanceof Error ? error.message : String(error);
  } finally {
    database.close();
  }
}

/**
 * Whether another process has the database open. Every connection to a WAL database holds a
 * shared lock for as long as it is open, idle or not, so an exclusive lock taken without waiting
 * fails exactly when a server (or any other program) still has it. The operating system drops a
 * killed process's locks, so a crashed server does not count.
 */
export function isDatabaseInUse(path: string): boolean {
  if (!existsSync(path)) return false;
  const probe = new SqliteDatabase(path, { fileMustExist: true, timeout: 0 });
  try {
    probe.pragma('locking_mode = EXCLUSIVE');
    probe.exec('BEGIN EXCLUSIVE');
    probe.exec('COMMIT');
    return false;
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) return true;
    throw error;
  } finally {
    probe.close();
  }
}

export interface RestoreResult {
  path: string;
  /** Where the database that was replaced went (with its -wal, if any); none when there was none. */
  previous?: string;
}

/**
 * Puts a backup in place of the database at `target`. Refuses a backup that fails its integrity
 * check, one that is not a Livent database this build can run (see {@link checkSchema}), and a
 * database some process still has open (the server must be stopped). The replaced
 * database is kept beside it as `<target>.replaced-<time>`; its -wal and -shm go with it, since
 * an old write-ahead log beside a restored file would be replayed into it.
 */
export function restoreSqlite(
  backup: string,
  target: string,
  now: Date = new Date(),
): RestoreResult {
  const integrity = checkIntegrity(backup);
  if (integrity !== 'ok') {
    throw new BackupError(
      `${backup} failed its integrity check, nothing was changed: ${integrity}`,
    );
  }
  const schemaProblem = checkSchema(backup);
  if (schemaProblem !== undefined) {
    throw new BackupError(`${backup} ${schemaProblem}, nothing was changed.`);
  }
  if (isDatabaseInUse(target)) {
    throw new BackupError(
      `${target} is open in another process (a running server?): stop it first, nothing was changed.`,
    );
  }
  const temporary = join(dirname(target), `.${basename(target)}.${String(process.pid)}.restoring`);
  removeDatabaseFiles(temporary);
  // copyFile gives the copy the backup's mode: owner-only before anything else is done with it.
  copyFileSync(backup, temporary);
  makeFilesPrivate(temporary);
  const copied = finishCopy(temporary);
  if (copied !== 'ok') {
    removeDatabaseFiles(temporary);
    throw new BackupError(`The copy of ${backup} failed its integrity check: ${copied}`);
  }
  let previous: string | undefined;
  if (existsSync(target)) {
    previous = `${target}.replaced-${now.toISOString().replace(/[:.]/g, '-')}`;
    for (const suffix of ['-wal', '-shm']) {
      if (existsSync(`${target}${suffix}`))
        renameSync(`${target}${suffix}`, `${previous}${suffix}`);
    }
    renameSync(target, previous);
    makeFilesPrivate(...sqliteFiles(previous));
  }
  renameSync(temporary, target);
  syncDirectory(dirname(target));
  return { path: target, previous };
}

/** Tables every Livent database has had since its first migrations. */
const LIVENT_TABLES = ['kysely_migration', 'app_meta', 'users', 'events'];

/**
 * Why `path` is not a database this build can run, or undefined when it is: a restored file the
 * server cannot use would only fail at its next start, with the database it replaced moved aside.
 * It must have Livent's tables and list only migrations this build knows; fewer (an older
 * backup) are fine, the server runs the rest when it starts.
 */
function checkSchema(path: string): string | undefined {
  const database = new SqliteDatabase(path, { fileMustExist: true, timeout: 5000 });
  try {
    const tables = new Set(
      (
        database.prepare(`select name from sqlite_master where type = 'table'`).all() as {
          name: string;
        }[]
      ).map((row) => row.name),
    );
    const missing = LIVENT_TABLES.filter((table) => !tables.has(table));
    if (missing.length > 0)
      return `is not a Livent database (it has no ${missing.join(', ')} table)`;
    const applied = (
      database.prepare('select name from kysely_migration order by name').all() as {
        name: string;
      }[]
    ).map((row) => row.name);
    const unknown = applied.filter((name) => !Object.hasOwn(migrations, name));
    if (unknown.length > 0)
      return `was written by a newer Livent (migrations this version does not know: ${unknown.join(', ')}); restore it with that version or a later one`;
    return undefined;
  } finally {
    database.close();
  }
}

function removeDatabaseFiles(path: string): void {
  for (const suffix of ['', '-journal', '-wal', '-shm'])
    rmSync(`${path}${suffix}`, { force: true });
}

/** A rename is durable only once its directory is synced. */
function syncDirectory(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
