import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { migratedTestDatabase, type MigratedTestDatabase } from '../test/database.js';
import { announceChange, CHANGES_CHANNEL, ChangeNotices } from './change-notices.js';

const postgres = process.env.TEST_DB === 'postgres';

function fakeLog() {
  return { warn: vi.fn() };
}

describe('change notices', () => {
  let database: MigratedTestDatabase;
  let url = '';
  const notices: ChangeNotices[] = [];

  beforeAll(async () => {
    database = await migratedTestDatabase();
    if (!postgres) return;
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(
      database.db,
    );
    const server = new URL(process.env.TEST_DATABASE_URL ?? '');
    server.pathname = `/${rows[0]!.name}`;
    url = server.toString();
  });
  afterEach(async () => {
    await Promise.all(notices.splice(0).map((notice) => notice.close()));
  });
  afterAll(async () => database.cleanup());

  /** One instance's listener, with what each topic's handler heard. */
  async function instance(options: { log?: ReturnType<typeof fakeLog> } = {}) {
    const heard: Record<string, (string | undefined)[]> = { auth: [], invitation: [] };
    const notice = new ChangeNotices({
      listenUrl: postgres ? url : undefined,
      log: options.log ?? fakeLog(),
      reconnectMinMs: 20,
    });
    notices.push(notice);
    notice.on('auth', (key) => heard.auth!.push(key));
    notice.on('invitation', (key) => heard.invitation!.push(key));
    await notice.start();
    return { notice, heard };
  }

  it.skipIf(postgres)(
    'needs no connection on SQLite, and announcing there sends nothing',
    async () => {
      const { notice, heard } = await instance();
      await announceChange(database.db, 'auth');
      expect(notice.listening).toBe(false);
      expect(heard.auth).toEqual([]);
    },
  );

  describe.skipIf(!postgres)('on PostgreSQL (LISTEN/NOTIFY)', () => {
    it("hands another instance's notice to the topic's handlers, with its key", async () => {
      const { heard } = await instance();
      await announceChange(database.db, 'invitation', 'event-1|invitation-1');
      await announceChange(database.db, 'auth');
      await vi.waitFor(() => expect(heard.auth).toHaveLength(1));
      expect(heard.auth).toEqual([undefined]);
      expect(heard.invitation).toEqual(['event-1|invitation-1']);
    });

    it('sends a notice made in a transaction at its commit, and none on rollback', async () => {
      const { heard } = await instance();
      await expect(
        database.db.transaction().execute(async (trx) => {
          await announceChange(trx, 'invitation', 'rolled-back');
          throw new Error('rollback');
        }),
      ).rejects.toThrow('rollback');
      await database.db.transaction().execute(async (trx) => {
        await announceChange(trx, 'invitation', 'committed');
        // Not yet: the transaction is still open.
        await sql`select pg_sleep(0.05)`.execute(trx);
        expect(heard.invitation).toEqual([]);
      });
      await vi.waitFor(() => expect(heard.invitation).toEqual(['committed']));
    });

    it('tells every handler that anything may have changed after its connection came back', async () => {
      const log = fakeLog();
      const { notice, heard } = await instance({ log });
      expect(heard).toEqual({ auth: [], invitation: [] });
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where query = ${`LISTEN ${CHANGES_CHANNEL}`} and datname = current_database()`.execute(
        database.db,
      );
      await vi.waitFor(() => expect(log.warn).toHaveBeenCalled());
      await vi.waitFor(() => expect(notice.listening).toBe(true));
      expect(heard).toEqual({ auth: [undefined], invitation: [undefined] });
    });

    it('keeps a failing handler from the others and from the connection', async () => {
      const log = fakeLog();
      const { notice, heard } = await instance({ log });
      notice.on('auth', () => {
        throw new Error('broken cache');
      });
      const after: (string | undefined)[] = [];
      notice.on('auth', (key) => after.push(key));
      await announceChange(database.db, 'auth');
      await vi.waitFor(() => expect(after).toEqual([undefined]));
      expect(heard.auth).toEqual([undefined]);
      expect(log.warn).toHaveBeenCalledWith(
        expect.objectContaining({ err: expect.any(Error) }),
        'change notices: a handler failed',
      );
      expect(notice.listening).toBe(true);
    });
  });
});
