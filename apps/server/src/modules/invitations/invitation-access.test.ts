import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedTestDatabase, type MigratedTestDatabase } from '../../test/database.js';
import { InvitationAccess } from './invitation-access.js';

describe('InvitationAccess', () => {
  let database: MigratedTestDatabase;
  beforeAll(async () => {
    database = await migratedTestDatabase();
  });
  afterAll(async () => database.cleanup());

  it('answers a check whose read a change dropped midway, from the database again', async () => {
    const access = new InvitationAccess(database.db, () => new Date());
    // The read starts; another instance's notice drops the entry before it ends.
    const checking = access.check('event-1', 'invitation-1', 1);
    access.changedElsewhere('event-1|invitation-1');
    await expect(checking).resolves.toBe(false);
    // All of them at once (after a lost connection) as well.
    const again = access.check('event-1', 'invitation-1', 1);
    access.changedElsewhere(undefined);
    await expect(again).resolves.toBe(false);
  });
});
