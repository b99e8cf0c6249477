import { randomUUID } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createDatabase } from '../db/database.js';
import { listMessages } from '../modules/messages/messages.repository.js';
import { insertEvent, onEventsHost, type TestEvent } from '../modules/public/public.fixtures.js';
import { register } from '../test/accounts.js';
import { injectOnDashboardHost, RELAXED_ABUSE_LIMITS, testConfig } from '../test/test-app.js';
import {
  BackupError,
  backupSqlite,
  checkIntegrity,
  isDatabaseInUse,
  restoreSqlite,
} from './backup.js';

// The operator's backup and restore of the SQLite database (docs/decisions/032-operations.md):
// always on SQLite files of its own, whatever TEST_DB says.

let dir: string;
const apps: FastifyInstance[] = [];

afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  rmSync(dir, { recursive: true, force: true });
});

async function startApp(filename: string): Promise<FastifyInstance> {
  const config = testConfig({ DATABASE_URL: `file:${filename}` });
  const app = await buildApp({
    config,
    database: createDatabase(config.databaseUrl),
    logger: false,
    abuseLimits: RELAXED_ABUSE_LIMITS,
  });
  injectOnDashboardHost(app, config);
  apps.push(app);
  await app.ready();
  return app;
}

/** A viewer message through the public page; answers its text once acknowledged (201). */
async function postMessage(app: FastifyInstance, event: TestEvent, text: string): Promise<string> {
  const response = await onEventsHost(app, `/${event.slug}/_messages`, {
    method: 'POST',
    payload: { text, key: randomUUID() },
  });
  expect(response.statusCode, response.body).toBe(201);
  return text;
}

const textsOf = async (app: FastifyInstance, eventId: string) =>
  new Set((await listMessages(app.db, eventId, 100_000)).map((message) => message.text));

describe('backup and restore of the SQLite database', () => {
  it('backs up while the app writes, and the restored copy serves every acknowledged write', async () => {
    dir = mkdtempSync(join(tmpdir(), 'livent-backup-'));
    const live = join(dir, 'livent.db');
    const app = await startApp(live);
    const owner = await register(app);
    const event = await insertEvent(app, owner.user.id, {
      messagesEnabled: true,
      messagesMode: 'qa',
    });
    // A database of some pages, acknowledged through the API; a few dozen messages suffice
    // (every post is three commits: on a machine busy with disk writes, 200 took over 30 s).
    const before: string[] = [];
    for (let i = 0; i < 50; i += 1)
      before.push(await postMessage(app, event, `before ${i} ${'x'.repeat(400)}`));

    let writing = true;
    let during = 0;
    const writer = (async () => {
      while (writing) {
        await postMessage(app, event, `during ${during}`);
        during += 1;
      }
    })();
    const result = await backupSqlite(live, join(dir, 'backup.db'));
    writing = false;
    await writer;

    expect(result.integrity).toBe('ok');
    expect(during).toBeGreaterThan(0);
    // Only the final name, self-contained: no temporary file, -wal or -journal beside it.
    expect(
      readdirSync(dir).filter((name) => name.startsWith('backup') || name.startsWith('.')),
    ).toEqual(['backup.db']);
    expect(checkIntegrity(join(dir, 'backup.db'))).toBe('ok');

    const fresh = join(dir, 'restored', 'livent.db');
    mkdirSync(join(dir, 'restored'));
    expect(restoreSqlite(join(dir, 'backup.db'), fresh)).toEqual({ path: fresh });

    const restored = await startApp(fresh);
    const texts = await textsOf(restored, event.id);
    for (const text of before) expect(texts.has(text)).toBe(true);
    // The owner signs in on the restored database too.
    const login = await restored.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.email, password: owner.password },
    });
    expect(login.statusCode).toBe(200);
    // Hundreds of requests and two app starts: more than the default on a busy machine. Alone it
    // takes 2–3 s; beside another tier's tests writing to the same disk, once over 30 s.
  }, 60_000);

  it('refuses to restore over a database a server has open, and a damaged backup, changing nothing', async () => {
    dir = mkdtempSync(join(tmpdir(), 'livent-backup-'));
    const live = join(dir, 'livent.db');
    const app = await startApp(live);
    const owner = await register(app);
    await backupSqlite(live, join(dir, 'backup.db'));
    const later = await register(app);

    expect(isDatabaseInUse(live)).toBe(true);
    expect(() => restoreSqlite(join(dir, 'backup.db'), live)).toThrow(BackupError);
    expect(() => restoreSqlite(join(dir, 'backup.db'), live)).toThrow(/open in another process/);
    // The running server still has the account made after the backup.
    const self = await app.inject({ method: 'GET', url: '/api/auth/self', headers: later.headers });
    expect(self.statusCode).toBe(200);

    const damaged = join(dir, 'damaged.db');
    const bytes = readFileSync(join(dir, 'backup.db'));
    // Garbage over the second page onwards: the header still says SQLite.
    bytes.fill(0x5a, 4096, Math.min(bytes.length, 4096 * 4));
    writeFileSync(damaged, bytes);
    expect(checkIntegrity(damaged)).not.toBe('ok');
    expect(() => restoreSqlite(damaged, join(dir, 'other.db'))).toThrow(/integrity check/);
    expect(existsSync(join(dir, 'other.db'))).toBe(false);

    for (const closing of apps.splice(0)) await closing.close();
    expect(isDatabaseInUse(live)).toBe(false);
    // Once the server is stopped the restore goes ahead and keeps what it replaced.
    const result = restoreSqlite(join(dir, 'backup.db'), live, new Date('2026-11-24T10:00:00Z'));
    expect(result.previous).toBe(`${live}.replaced-2026-11-24T10-00-00-000Z`);
    expect(checkIntegrity(live)).toBe('ok');
    expect(existsSync(result.previous ?? '')).toBe(true);
    // The restored database is the backup's: the account made after it is gone, the owner is there.
    const restored = await startApp(live);
    const emails = (await restored.db.selectFrom('users').select('email').execute()).map(
      (u) => u.email,
    );
    expect(emails).toContain(owner.email);
    expect(emails).not.toContain(later.email);
  }, 30_000);

  it.skipIf(process.platform === 'win32')(
    'writes backups and restored databases owner-only (0600), whatever the umask',
    async () => {
      dir = mkdtempSync(join(tmpdir(), 'livent-backup-'));
      const live = join(dir, 'livent.db');
      const app = await startApp(live);
      await register(app);
      const umask = process.umask(0o000);
      try {
        await backupSqlite(live, join(dir, 'backup.db'));
        expect(modeOf(join(dir, 'backup.db'))).toBe(0o600);
        for (const closing of apps.splice(0)) await closing.close();

        // A backup copied around with a readable mode still restores owner-only.
        chmodSync(join(dir, 'backup.db'), 0o644);
        const result = restoreSqlite(join(dir, 'backup.db'), live);
        expect(modeOf(live)).toBe(0o600);
        expect(modeOf(result.previous ?? '')).toBe(0o600);
      } finally {
        process.umask(umask);
      }
    },
  );

  it("refuses a file without Livent's schema or with a migration this build does not know, changing nothing", async () => {
    dir = mkdtempSync(join(tmpdir(), 'livent-backup-'));
    const live = join(dir, 'livent.db');
    const app = await startApp(live);
    const owner = await register(app);
    await backupSqlite(live, join(dir, 'backup.db'));
    for (const closing of apps.splice(0)) await closing.close();
    const liveBytes = readFileSync(live);

    // A sound SQLite file that is someone else's database.
    const foreign = join(dir, 'foreign.db');
    const other = new SqliteDatabase(foreign);
    other.exec('create table notes (id integer primary key, text text)');
    other.close();
    expect(checkIntegrity(foreign)).toBe('ok');
    expect(() => restoreSqlite(foreign, live)).toThrow(
      /is not a Livent database \(it has no kysely_migration, app_meta, users, events table\), nothing was changed/,
    );

    // A backup from a newer version: a migration this build has never heard of.
    const newer = join(dir, 'newer.db');
    copyFileSync(join(dir, 'backup.db'), newer);
    const edit = new SqliteDatabase(newer);
    edit
      .prepare('insert into kysely_migration (name, timestamp) values (?, ?)')
      .run('9999_from_the_future', new Date().toISOString());
    edit.close();
    expect(() => restoreSqlite(newer, live)).toThrow(
      /migrations this version does not know: 9999_from_the_future/,
    );

    // Nothing moved: the live database is byte for byte the same and nothing was set aside.
    expect(readFileSync(live).equals(liveBytes)).toBe(true);
    expect(readdirSync(dir).filter((name) => name.includes('replaced'))).toEqual([]);
    const restarted = await startApp(live);
    const emails = (await restarted.db.selectFrom('users').select('email').execute()).map(
      (u) => u.email,
    );
    expect(emails).toContain(owner.email);
  }, 30_000);
});

const modeOf = (path: string) => statSync(path).mode & 0o777;
