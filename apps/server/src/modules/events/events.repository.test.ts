import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedTestDatabase, type MigratedTestDatabase } from '../../test/database.js';
import { listAccessibleEvents } from './events.repository.js';

describe('listAccessibleEvents', () => {
  let database: MigratedTestDatabase;

  beforeAll(async () => {
    database = await migratedTestDatabase();
    const at = '2026-01-01T00:00:00.000Z';
    await database.db
      .insertInto('users')
      .values(
        ['owner-a', 'owner-b'].map((id) => ({
          id,
          email: `${id}@example.com`,
          name: id,
          password_hash: 'x',
          email_verified: 0 as const,
          plan: 'free',
          timezone: 'UTC',
          email_language: 'en',
          always_show_help: 1,
          csv_delimiter: ',',
          newsletter: 0,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    const event = (id: string, ownerId: string, createdAt: string) => ({
      id,
      owner_id: ownerId,
      slug: `slug-${id}`,
      title: `Event ${id}`,
      settings: '{}',
      created_at: createdAt,
      updated_at: createdAt,
    });
    await database.db
      .insertInto('events')
      .values([
        event('e1', 'owner-a', '2026-01-01T00:00:00.000Z'),
        // Same time as e1: the id decides, descending.
        event('e2', 'owner-a', '2026-01-01T00:00:00.000Z'),
        event('e3', 'owner-a', '2026-01-02T00:00:00.000Z'),
        event('e4', 'owner-b', '2026-01-03T00:00:00.000Z'),
      ])
      .execute();
  });

  afterAll(async () => database.cleanup());

  it('answers the owner’s events, newest first, ties by id descending', async () => {
    const rows = await listAccessibleEvents(database.db, 'owner-a');
    expect(rows.map((row) => row.id)).toEqual(['e3', 'e2', 'e1']);
    expect(await listAccessibleEvents(database.db, 'owner-b')).toEqual([
      {
        id: 'e4',
        title: 'Event e4',
        slug: 'slug-e4',
        created_at: '2026-01-03T00:00:00.000Z',
        owner_id: 'owner-b',
        shared_user_id: null,
      },
    ]);
  });

  it('adds the events shared with the caller by an accepted permission, in the same order', async () => {
    const at = '2026-02-01T00:00:00.000Z';
    await database.db
      .insertInto('permissions')
      .values([
        {
          id: 'p1',
          event_id: 'e1',
          user_id: 'owner-b',
          status: 'accepted',
          created_at: at,
          accepted_at: at,
        },
        {
          id: 'p2',
          event_id: 'e3',
          user_id: 'owner-b',
          status: 'pending',
          created_at: at,
          accepted_at: null,
        },
      ])
      .execute();
    try {
      const rows = await listAccessibleEvents(database.db, 'owner-b');
      expect(rows.map((row) => [row.id, row.owner_id, row.shared_user_id])).toEqual([
        ['e4', 'owner-b', null],
        ['e1', 'owner-a', 'owner-b'],
      ]);
      // The owner's own list does not change.
      expect((await listAccessibleEvents(database.db, 'owner-a')).map((row) => row.id)).toEqual([
        'e3',
        'e2',
        'e1',
      ]);
    } finally {
      await database.db.deleteFrom('permissions').execute();
    }
  });

  it('is served by an index in its order, without sorting (SQLite)', async () => {
    if (database.dialect !== 'sqlite') return;
    const plan = await sql<{
      detail: string;
    }>`explain query plan select id from events where owner_id = ${'owner-a'} order by created_at desc, id desc`.execute(
      database.db,
    );
    const details = plan.rows.map((row) => row.detail).join('\n');
    expect(details).toContain('events_owner_id_created_at_id');
    expect(details).not.toContain('TEMP B-TREE');
  });
});
