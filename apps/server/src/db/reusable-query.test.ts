import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migratedTestDatabase, type MigratedTestDatabase } from '../test/database.js';
import { reusableQuery } from './reusable-query.js';

interface ItemsDatabase {
  items: { id: string; owner: string; kind: string; created_at: string };
}

// On SQLite, or on PostgreSQL when TEST_DATABASE_URL names one: each dialect compiles its own SQL.
describe('reusableQuery', () => {
  let database: MigratedTestDatabase;
  let db: Kysely<ItemsDatabase>;

  beforeAll(async () => {
    database = await migratedTestDatabase();
    db = database.db as unknown as Kysely<ItemsDatabase>;
    await db.schema
      .createTable('items')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('owner', 'text', (column) => column.notNull())
      .addColumn('kind', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .execute();
    await db
      .insertInto('items')
      .values([
        { id: 'a1', owner: 'alice', kind: 'note', created_at: '2026-01-01' },
        { id: 'a2', owner: 'alice', kind: 'task', created_at: '2026-01-02' },
        { id: 'a3', owner: 'alice', kind: 'note', created_at: '2026-01-03' },
        { id: 'b1', owner: 'bob', kind: 'note', created_at: '2026-01-01' },
      ])
      .execute();
  });

  afterAll(async () => database.cleanup());

  const notesOf = reusableQuery((kysely: Kysely<ItemsDatabase>, owner: string, after: string) =>
    kysely
      .selectFrom('items')
      .select(['id', 'created_at'])
      .where('owner', '=', owner)
      // A constant among the parameters keeps its place.
      .where('kind', '=', 'note')
      .where('created_at', '>', after)
      .orderBy('created_at', 'desc'),
  );

  it('answers like the query it was built from, with each call’s own arguments', async () => {
    const builder = (owner: string, after: string) =>
      db
        .selectFrom('items')
        .select(['id', 'created_at'])
        .where('owner', '=', owner)
        .where('kind', '=', 'note')
        .where('created_at', '>', after)
        .orderBy('created_at', 'desc')
        .execute();
    for (const [owner, after] of [
      ['alice', '2000-01-01'],
      ['alice', '2026-01-02'],
      ['bob', '2000-01-01'],
      ['carol', '2000-01-01'],
    ] as const) {
      expect(await notesOf.execute(db, owner, after)).toEqual(await builder(owner, after));
    }
    expect(await notesOf.execute(db, 'alice', '2000-01-01')).toEqual([
      { id: 'a3', created_at: '2026-01-03' },
      { id: 'a1', created_at: '2026-01-01' },
    ]);
    expect(await notesOf.executeTakeFirst(db, 'bob', '2000-01-01')).toEqual({
      id: 'b1',
      created_at: '2026-01-01',
    });
    expect(await notesOf.executeTakeFirst(db, 'carol', '2000-01-01')).toBeUndefined();
  });

  it('builds the query once per database, not per call', async () => {
    const build = vi.fn((kysely: Kysely<ItemsDatabase>, id: string) =>
      kysely.selectFrom('items').select('owner').where('id', '=', id),
    );
    // vi.fn reports no parameters of its own; the query's arity comes from the wrapper.
    const ownerOf = reusableQuery((kysely: Kysely<ItemsDatabase>, id: string) => build(kysely, id));
    expect(await ownerOf.executeTakeFirst(db, 'a1')).toEqual({ owner: 'alice' });
    expect(await ownerOf.executeTakeFirst(db, 'b1')).toEqual({ owner: 'bob' });
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('runs inside a transaction and sees its writes', async () => {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('items')
        .values({ id: 'c1', owner: 'carol', kind: 'note', created_at: '2026-02-01' })
        .execute();
      expect(await notesOf.execute(trx, 'carol', '2000-01-01')).toEqual([
        { id: 'c1', created_at: '2026-02-01' },
      ]);
    });
    await db.deleteFrom('items').where('id', '=', 'c1').execute();
  });

  it('refuses an argument that would become SQL text', async () => {
    const unsafe = reusableQuery((kysely: Kysely<ItemsDatabase>, column: string) =>
      kysely.selectFrom('items').select(sql.ref<string>(column).as('value')),
    );
    await expect(unsafe.execute(db, 'owner')).rejects.toThrow(/SQL text/);
  });

  it('refuses an argument the query does not use as a parameter', async () => {
    const unused = reusableQuery((kysely: Kysely<ItemsDatabase>, _owner: string) =>
      kysely.selectFrom('items').select('id'),
    );
    await expect(unused.execute(db, 'alice')).rejects.toThrow(/argument 1/);
  });
});
