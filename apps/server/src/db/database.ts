import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  sql,
  type SqliteDatabase as KyselySqlite,
} from 'kysely';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import {
  createPrivateDirectoryIfMissing,
  makeFilesPrivate,
  sqliteFiles,
} from '../lib/private-files.js';
import { parseDatabaseUrl, type Dialect } from './database-url.js';
import type { Database } from './schema.js';
import { startCheckpointer, type Checkpointer } from './sqlite-checkpointer.js';

export type { Dialect } from './database-url.js';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Closes the connection(s); safe to call more than once. */
  close(): Promise<void>;
}

export interface CreateDatabaseOptions {
  /** Errors of idle PostgreSQL connections (e.g. the server restarted); the pool replaces them. */
  onPoolError?: (error: Error) => void;
  /**
   * SQLite on disk: checkpoint the WAL on a thread of its own instead of inside a commit on the
   * event loop (ADR 068). The server does; tests and the CLI keep SQLite's own checkpoints.
   */
  backgroundCheckpoints?: { onError: (error: Error) => void };
}

const PG_INT8_OID = 20;

/** Distinct SQL texts kept prepared; the repositories' queries are far fewer. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * The database as Kysely's SQLite dialect sees it, with prepared statements reused by SQL text.
 * The dialect prepares every query anew, which cost about 5% of a signed-in request (ADR 020);
 * a statement is only compiled SQL and binds its parameters on each run, so reusing it changes
 * no answer. A statement still busy (an unfinished `stream()` of the same SQL) is not shared: the
 * caller gets a fresh one. Least recently used statements beyond `max` are dropped and finalized
 * by the garbage collector.
 */
export function withStatementCache(
  sqlite: SqliteDatabase.Database,
  max = STATEMENT_CACHE_SIZE,
): KyselySqlite {
  const statements = new LRUCache<string, SqliteDatabase.Statement>({ max });
  return {
    prepare(source: string) {
      const cached = statements.get(source);
      if (cached && !cached.busy) return cached;
      const statement = sqlite.prepare(source);
      if (!cached) statements.set(source, statement);
      return statement;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}

export function createDatabase(url: string, options: CreateDatabaseOptions = {}): DatabaseHandle {
  const location = parseDatabaseUrl(url);
  if (!location) throw new Error(`Unsupported DATABASE_URL: ${redactDatabaseUrl(url)}`);

  let db: Kysely<Database>;
  let checkpointer: Checkpointer | undefined;
  if (location.dialect === 'sqlite') {
    const onDisk = location.filename !== ':memory:';
    // A folder Livent creates is owner-only; one the operator made keeps the mode they chose.
    if (onDisk) createPrivateDirectoryIfMissing(dirname(location.filename));
    const sqlite = new SqliteDatabase(location.filename);
    // SQLite creates the file with 0644 less the umask and gives the -wal and -shm it creates
    // later the database's mode: owner-only before WAL mode opens them, and again for those an
    // earlier run left.
    if (onDisk) makeFilesPrivate(location.filename);
    // WAL with synchronous=NORMAL keeps every committed transaction across a crash or `kill -9`
    // of the process (the WAL is in the OS page cache already); only a power loss or OS crash
    // can lose the last transactions. That is the durability contract of docs/architecture.md.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    // Another process (a second instance, a CLI) may hold the write lock briefly; wait for it
    // instead of failing with SQLITE_BUSY.
    sqlite.pragma('busy_timeout = 5000');
    if (onDisk) makeFilesPrivate(...sqliteFiles(location.filename));
    if (onDisk && options.backgroundCheckpoints) {
      checkpointer = startCheckpointer(
        location.filename,
        sqlite,
        options.backgroundCheckpoints.onError,
      );
    }
    db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    });
  } else {
    const pool = new pg.Pool({
      connectionString: location.connectionString,
      // COUNT(*) and other bigint results arrive as strings by default; numbers keep the answers
      // of one repository identical on SQLite and PostgreSQL. Counts stay far below 2^53.
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === PG_INT8_OID && format !== 'binary'
            ? (value: string) => Number(value)
            : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // Without a listener, an error on an idle connection would crash the process.
    pool.on('error', (error) => options.onPoolError?.(error));
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }

  let closing: Promise<void> | undefined;
  return {
    db,
    dialect: location.dialect,
    // The thread's last checkpoint first: the connection's close then finds the WAL checkpointed.
    close: () =>
      (closing ??= (async () => {
        await checkpointer?.stop();
        await db.destroy();
      })()),
  };
}

/** A round trip to the database; rejects when it cannot answer. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

/** The URL without its password, for messages and logs. */
export function redactDatabaseUrl(url: string): string {
  return url.replace(/^(postgres(?:ql)?:\/\/[^:/@]*:)[^@]*@/, '$1***@');
}
