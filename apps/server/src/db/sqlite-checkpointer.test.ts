import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from './database.js';

describe('checkpoints on their own thread', () => {
  let dir: string | undefined;
  let database: DatabaseHandle | undefined;
  afterEach(async () => {
    await database?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    database = dir = undefined;
  });

  const size = (file: string) => statSync(file).size;

  it('moves committed pages into the database file while the connection never checkpoints', async () => {
    dir = mkdtempSync(join(tmpdir(), 'livent-checkpoint-'));
    const file = join(dir, 'livent.db');
    const errors: Error[] = [];
    database = createDatabase(`file:${file}`, {
      backgroundCheckpoints: { onError: (error) => errors.push(error) },
    });
    const { db } = database;
    const pragma = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
    expect(pragma.rows[0]?.wal_autocheckpoint).toBe(0);

    await sql`create table filler (text text not null)`.execute(db);
    // About 2 MB: below SQLite's own checkpoint threshold (1,000 pages, 4 MB), so only the thread
    // moves it into the database file.
    const row = 'x'.repeat(2_000);
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < 1_000; i++) await sql`insert into filler values (${row})`.execute(trx);
    });
    expect(size(file)).toBeLessThan(100_000);
    await expect
      .poll(() => size(file), { timeout: 5_000, interval: 100 })
      .toBeGreaterThan(1_500_000);
    expect(errors).toEqual([]);

    await database.close();
    database = undefined;
    // The last connection's close found nothing left in the WAL and removed it.
    expect(() => statSync(`${file}-wal`)).toThrow();
  });

  it('keeps SQLite checkpointing inside commits unless asked', async () => {
    dir = mkdtempSync(join(tmpdir(), 'livent-checkpoint-'));
    database = createDatabase(`file:${join(dir, 'livent.db')}`);
    const pragma = await sql<{
      wal_autocheckpoint: number;
    }>`pragma wal_autocheckpoint`.execute(database.db);
    expect(pragma.rows[0]?.wal_autocheckpoint).toBe(1000);
  });
});
