import { chmodSync, closeSync, existsSync, fchmodSync, mkdirSync, openSync } from 'node:fs';

/**
 * Owner-only modes for what the server keeps on disk: the data folder, the SQLite database with
 * its -wal and -shm, the generated secret and every backup. Set with chmod rather than left to
 * the creating call: SQLite creates its files 0644 less the umask, whatever the caller wants, and
 * an existing file keeps whatever mode it had. Windows has no such modes: there nothing is changed
 * (docs/decisions/042-private-files-and-dns-answers-by-owner.md).
 */
export const PRIVATE_DIRECTORY_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

const POSIX = process.platform !== 'win32';

/** Creates the directory (and missing parents) if needed, and makes it owner-only. */
export function ensurePrivateDirectory(path: string): void {
  mkdirSync(path, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  if (POSIX) chmodSync(path, PRIVATE_DIRECTORY_MODE);
}

/**
 * Creates the directory owner-only when it is missing. One that exists keeps its mode: it may be
 * a folder the operator chose and shares with other software.
 */
export function createPrivateDirectoryIfMissing(path: string): void {
  if (!existsSync(path)) ensurePrivateDirectory(path);
}

/** Makes each existing file owner-only; paths that do not exist are skipped. */
export function makeFilesPrivate(...paths: string[]): void {
  if (!POSIX) return;
  for (const path of paths) {
    try {
      chmodSync(path, PRIVATE_FILE_MODE);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

/**
 * Creates an empty owner-only file, failing when it exists. SQLite writes into an existing file
 * without changing its mode, and gives the -wal, -shm and -journal it creates the database's mode.
 */
export function createPrivateFile(path: string): void {
  const fd = openSync(path, 'wx', PRIVATE_FILE_MODE);
  try {
    if (POSIX) fchmodSync(fd, PRIVATE_FILE_MODE);
  } finally {
    closeSync(fd);
  }
}

/** The database file and the two files SQLite keeps beside it in WAL mode. */
export function sqliteFiles(path: string): string[] {
  return [path, `${path}-wal`, `${path}-shm`];
}
