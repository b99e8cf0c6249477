import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, pingDatabase, redactDatabaseUrl } from './database.js';
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
