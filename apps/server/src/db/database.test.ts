import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { CompiledQuery, Kysely, sql, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDatabase, pingDatabase, redactDatabaseUrl, withStatementCache } from './database.js';
import { parseDatabaseUrl } from './database-url.js';

describe('parseDatabaseUrl', () => {
  it.each([
    ['file:data/livent.db', { dialect: 'sqlite', filename: '/srv/livent/data/livent.db' }],
    ['file:/var/lib/livent.db', { dialect: 'sqlite', filename: '/var/lib/livent.db' }],
    ['file:///var/lib/livent.db', { dialect: 'sqlite', filename: '/var/lib/livent.db' }],
    ['file::memory:', { dialect: 'sqlite', filename: ':memory:' }],
    [
      'postgres://app@db:5432/livent',
      { dialect: 'postgres', connectionString: 'postgres://app@db:5432/livent' },
    ],
    [
      'postgresql://app:pw@db/livent',
      { dialect: 'postgres', connectionString: 'postgresql://app:pw@db/livent' },
    ],
  ])('reads %s', (url, expected) => {
    expect(parseDatabaseUrl(url, '/srv/livent')).toEqual(expected);
  });

  it.each(['mysql://db/livent', 'data/livent.db', 'file:', 'sqlite:livent.db', ''])(
    'refuses %j',
    (url) => {
      expect(parseDatabaseUrl(url)).toBeUndefined();
    },
  );
});

describe('redactDatabaseUrl', () => {
  it('hides the password only', () => {
    expect(redactDatabaseUrl('postgres://app:s3cret@db:5432/livent')).toBe(
      'postgres://app:***@db:5432/livent',
    );
    expect(redactDatabaseUrl('postgres://app@db/livent')).toBe('postgres://app@db/livent');
  });
});

describe('createDatabase on SQLite', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'livent-db-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('creates the parent directory and sets the durability pragmas', async () => {
    const database = createDatabase(`file:${join(dir, 'nested', 'deeper', 'livent.db')}`);
    try {
      expect(database.dialect).toBe('sqlite');
      const pragma = async (name: string) =>
        Object.values((await sql.raw(`pragma ${name}`).execute(database.db)).rows[0] as object)[0];
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('foreign_keys')).toBe(1);
      expect(await pragma('busy_timeout')).toBe(5000);
      expect(await pragma('synchronous')).toBe(1); // NORMAL
    } finally {
      await database.close();
    }
  });

  it.skipIf(process.platform === 'win32')(
    'keeps the database, its -wal and -shm and a folder it creates owner-only, whatever the umask',
    async () => {
      const folder = join(dir, 'data');
      const filename = join(folder, 'livent.db');
      const modes = () =>
        ['', '-wal', '-shm'].map((suffix) => statSync(`${filename}${suffix}`).mode & 0o777);
      const umask = process.umask(0o000);
      try {
        const database = createDatabase(`file:${filename}`);
        await sql`create table t (x integer)`.execute(database.db);
        await sql`insert into t values (1)`.execute(database.db);
        expect(statSync(folder).mode & 0o777).toBe(0o700);
        expect(modes()).toEqual([0o600, 0o600, 0o600]);
        await database.close();

        // Files an earlier run left readable are closed again when the server opens them.
        for (const suffix of ['', '-wal', '-shm']) {
          writeFileSync(`${filename}${suffix}`, '', { flag: 'a' });
          chmodSync(`${filename}${suffix}`, 0o644);
        }
        const again = createDatabase(`file:${filename}`);
        await pingDatabase(again.db);
        expect(modes()).toEqual([0o600, 0o600, 0o600]);
        await again.close();
      } finally {
        process.umask(umask);
      }
    },
  );

  it('closes once, however often asked, and then fails to answer', async () => {
    const database = createDatabase(`file:${join(dir, 'livent.db')}`);
    await pingDatabase(database.db);
    await Promise.all([database.close(), database.close()]);
    await database.close();
    await expect(pingDatabase(database.db)).rejects.toThrow();
  });

  it('refuses an unsupported URL', () => {
    expect(() => createDatabase('mysql://app:pw@db/livent')).toThrow(
      'Unsupported DATABASE_URL: mysql://app:pw@db/livent',
    );
  });
});

describe('withStatementCache', () => {
  function setUp(max?: number) {
    const sqlite = new SqliteDatabase(':memory:');
    sqlite.exec('create table t (n integer)');
    const prepare = vi.spyOn(sqlite, 'prepare');
    const db = new Kysely<{ t: { n: number } }>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite, max) }),
    });
    return { db, prepare };
  }

  it('prepares a statement once per SQL text and answers with fresh parameters each time', async () => {
    const { db, prepare } = setUp();
    try {
      for (const n of [1, 2, 3]) await db.insertInto('t').values({ n }).execute();
      const above = (min: number) =>
        db.selectFrom('t').select('n').where('n', '>', min).orderBy('n').execute();
      expect(await above(1)).toEqual([{ n: 2 }, { n: 3 }]);
      expect(await above(2)).toEqual([{ n: 3 }]);
      const texts = prepare.mock.calls.map(([source]) => source);
      expect(texts).toHaveLength(2); // one insert, one select
      expect(new Set(texts).size).toBe(2);
    } finally {
      await db.destroy();
    }
  });

  it('keeps at most `max` statements, preparing evicted ones again', async () => {
    const { db, prepare } = setUp(2);
    try {
      const run = (text: string) => db.executeQuery(CompiledQuery.raw(text));
      await run('select 1');
      await run('select 2');
      await run('select 3'); // evicts 'select 1'
      await run('select 2');
      await run('select 1');
      expect(prepare.mock.calls.map(([source]) => source)).toEqual([
        'select 1',
        'select 2',
        'select 3',
        'select 1',
      ]);
    } finally {
      await db.destroy();
    }
  });

  it('gives a fresh statement while the cached one is still iterating', () => {
    // Kysely holds its one SQLite connection while streaming, so this takes a direct caller.
    const sqlite = new SqliteDatabase(':memory:');
    try {
      sqlite.exec('create table t (n integer); insert into t values (1), (2)');
      const cache = withStatementCache(sqlite);
      const text = 'select n from t order by n';
      const seen: unknown[] = [];
      const outer = cache.prepare(text) as SqliteDatabase.Statement;
      for (const row of outer.iterate()) {
        const inner = cache.prepare(text) as SqliteDatabase.Statement;
        expect(inner).not.toBe(outer);
        seen.push(row, inner.all());
      }
      expect(seen).toEqual([{ n: 1 }, [{ n: 1 }, { n: 2 }], { n: 2 }, [{ n: 1 }, { n: 2 }]]);
      expect(cache.prepare(text)).toBe(outer);
    } finally {
      sqlite.close();
    }
  });
});
