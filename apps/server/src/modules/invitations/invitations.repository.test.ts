import { INVITATION_SORTS, type InvitationSort } from '@livent/shared';
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedTestDatabase, type MigratedTestDatabase } from '../../test/database.js';
import { invitationsPageQuery } from './invitations.repository.js';

// The list must stay fluent with 100,000 invitations in an event (docs/architecture.md): every
// sort walks an index in its order instead of sorting the event's rows.

describe('invitation list queries', () => {
  let database: MigratedTestDatabase;

  beforeAll(async () => {
    database = await migratedTestDatabase();
  });
  afterAll(async () => database.cleanup());

  const cases = INVITATION_SORTS.flatMap((sort) =>
    (['asc', 'desc'] as const).map((order): [InvitationSort, 'asc' | 'desc'] => [sort, order]),
  );

  it.each(cases)(
    'sorts by %s %s through an index of the event, without sorting (SQLite)',
    async (sort, order) => {
      if (database.dialect !== 'sqlite') return;
      const compiled = invitationsPageQuery(database.db, 'event-1', {
        sort,
        order,
        q: undefined,
        page: 3,
        pageSize: 25,
      }).compile();
      const plan = await database.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
      );
      const details = plan.rows.map((row) => row.detail).join('\n');
      expect(details).toMatch(/USING (COVERING )?INDEX invitations_event_id_/);
      expect(details).not.toContain('TEMP B-TREE');
    },
  );
});
