// `npm run backup [-- <path>]` and `npm run restore -- <file>`: the operator's SQLite backup and
// restore (docs/decisions/032-operations.md). The backup is safe while the server runs; the
// restore refuses while any process has the database open.
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parseDatabaseUrl } from './db/database-url.js';
import { redactDatabaseUrl } from './db/database.js';
import { createPrivateDirectoryIfMissing } from './lib/private-files.js';
import { BackupError, backupSqlite, restoreSqlite } from './ops/backup.js';

const DEFAULT_DATABASE_URL = 'file:data/livent.db';

const { positionals } = parseArgs({ allowPositionals: true });
const [command, argument] = positionals;

function fail(message: string, code = 1): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

const databaseUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
const location = parseDatabaseUrl(databaseUrl);
if (!location)
  fail(`DATABASE_URL is not a database this server knows: ${redactDatabaseUrl(databaseUrl)}`, 2);
if (location.dialect === 'postgres') {
  // PostgreSQL's own tools make consistent dumps of a live database and restore them; a copy of
  // them here would only be worse.
  fail(
    command === 'restore'
      ? 'DATABASE_URL is PostgreSQL: restore with pg_restore, e.g.\n  pg_restore --clean --if-exists --no-owner --dbname "$DATABASE_URL" livent.dump'
      : 'DATABASE_URL is PostgreSQL: back it up with pg_dump, which is safe while the server runs, e.g.\n  pg_dump --format=custom --file=livent.dump "$DATABASE_URL"',
    2,
  );
}
if (location.filename === ':memory:')
  fail('DATABASE_URL is an in-memory database: there is nothing to back up.', 2);

try {
  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const destination = resolve(
      argument ?? join(dirname(location.filename), 'backups', `livent-${stamp}.db`),
    );
    createPrivateDirectoryIfMissing(dirname(destination));
    const result = await backupSqlite(location.filename, destination);
    process.stdout.write(
      `Backup written to ${result.path} (${String(result.bytes)} bytes, ${String(result.pages)} pages)\nintegrity_check: ${result.integrity}\n`,
    );
  } else if (command === 'restore') {
    if (!argument) fail('Usage: npm run restore -- <backup file>', 2);
    const result = restoreSqlite(resolve(argument), location.filename);
    process.stdout.write(
      `Restored ${resolve(argument)} to ${result.path}${result.previous ? `\nThe database it replaced is kept as ${result.previous}` : ''}\nintegrity_check: ok\n`,
    );
  } else {
    fail('Usage: backup-cli.js backup [path] | restore <backup file>', 2);
  }
} catch (error) {
  fail(error instanceof BackupError ? error.message : `Failed: ${String(error)}`);
}
