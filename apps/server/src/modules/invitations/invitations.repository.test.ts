import { INVITATION_SORTS, type InvitationSort } from '@livent/shared';
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedTestDatabase, type MigratedTestDatabase } from '../../test/database.js';
import { invitationsPageQuery, invitationsToMailQuery } from './invitations.repository.js';

// The list must stay fluent with 100,000 invitations in an event (docs/architecture.md): every
// sort walks an index in its order instead of sorting the event's rows.

describe('invitation list queries', () => {
  let database: MigratedTestDatabase;

  beforeAll(async () => {
    database = await migratedTestDatabase();
  });
  afterAll(async () => database.cleanup());

  async function planOf(compiled: { sql: string; parameters: readonly unknown[] }) {
    const plan = await database.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
    );
    return plan.rows.map((row) => row.detail).join('\n');
  }

  it.each([true, false])(
    'reads the batches of a mail send through the index, without sorting (unsent only: %s; SQLite)',
    async (unsentOnly) => {
      if (database.dialect !== 'sqlite') return;
      const details = await planOf(
        invitationsToMailQuery(database.db, 'event-1', {
          after: { createdAt: '2026-01-01T00:00:00.000Z', id: 'x' },
          limit: 500,
          unsentOnly,
        }).compile(),
      );
      expect(details).toMatch(/USING INDEX invitations_event_id_created_at_id \(event_id=\? AND /);
      expect(details).not.toContain('TEMP B-TREE');
    },
  );

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
