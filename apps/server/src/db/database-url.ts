import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export type Dialect = 'sqlite' | 'postgres';

export type DatabaseLocation =
  { dialect: 'sqlite'; filename: string } | { dialect: 'postgres'; connectionString: string };

/**
 * Reads DATABASE_URL: `file:PATH` is SQLite (a relative PATH is relative to the working
 * directory; `file::memory:` keeps the database in memory), `postgres://` or `postgresql://` is
 * PostgreSQL. Anything else is `undefined`, which the configuration reports.
 */
export function parseDatabaseUrl(url: string, cwd = process.cwd()): DatabaseLocation | undefined {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    try {
      new URL(url);
    } catch {
      return undefined;
    }
    return { dialect: 'postgres', connectionString: url };
  }
  if (url.startsWith('file:')) {
    if (url === 'file::memory:') return { dialect: 'sqlite', filename: ':memory:' };
    let path: string;
    try {
      path = url.startsWith('file://') ? fileURLToPath(url) : url.slice('file:'.length);
    } catch {
      return undefined; // e.g. file://otherhost/path
    }
    if (path === '') return undefined;
    return { dialect: 'sqlite', filename: isAbsolute(path) ? path : resolve(cwd, path) };
  }
  return undefined;
}
