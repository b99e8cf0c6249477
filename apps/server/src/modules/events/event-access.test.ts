import { ERROR_MESSAGES } from '@livent/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, registerVerified, type SignedInUser } from '../../test/accounts.js';
import { createEvent } from '../../test/events.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import type { AuthContext } from '../auth/sessions.service.js';
import { eventAccess, requireEventRole, roleOf } from './event-access.js';

describe('roleOf', () => {
  it('gives the owner the role owner, an accepted permission shared, and anyone else none', () => {
    expect(roleOf({ owner_id: 'u1', shared_user_id: null }, 'u1')).toBe('owner');
    expect(roleOf({ owner_id: 'u1', shared_user_id: null }, 'u2')).toBeNull();
    expect(roleOf({ owner_id: 'u1', shared_user_id: 'u2' }, 'u2')).toBe('shared');
    // A row read for another caller says nothing about this one.
    expect(roleOf({ owner_id: 'u1', shared_user_id: 'u2' }, 'u3')).toBeNull();
  });
});

describe('eventAccess and requireEventRole', () => {
  let testApp: TestApp;
  let owner: SignedInUser;
  let other: SignedInUser;
  let eventId: string;
  const authOf = async (user: SignedInUser): Promise<AuthContext> => {
    const auth = await testApp.app.services.sessions.authenticate(user.tokens.access.token);
    if (!auth) throw new Error('the test user is not signed in');
    return auth;
  };

  beforeAll(async () => {
    testApp = await buildTestApp();
    owner = await registerVerified(testApp.app);
    other = await register(testApp.app);
    eventId = (await createEvent(testApp.app, owner, 'Access')).id;
  });
  afterAll(() => testApp.cleanup());

  it("answers the caller's role: owner for the owner, none for another account or no event", async () => {
    const { db } = testApp.app;
    expect(await eventAccess(db, eventId, owner.user.id)).toBe('owner');
    expect(await eventAccess(db, eventId, other.user.id)).toBeNull();
    expect(await eventAccess(db, 'no-such-event', owner.user.id)).toBeNull();
  });

  it('gives an accepted permission the role shared, and a pending one none', async () => {
    const { db } = testApp.app;
    const shared = await registerVerified(testApp.app);
    const at = new Date().toISOString();
    await db
      .insertInto('permissions')
      .values({
        id: `permission-${shared.user.id}`,
        event_id: eventId,
        user_id: shared.user.id,
        status: 'pending',
        created_at: at,
        accepted_at: null,
      })
      .execute();
    expect(await eventAccess(db, eventId, shared.user.id)).toBeNull();
    await db
      .updateTable('permissions')
      .set({ status: 'accepted', accepted_at: at })
      .where('user_id', '=', shared.user.id)
      .execute();
    expect(await eventAccess(db, eventId, shared.user.id)).toBe('shared');
    // Another account still has none, and the owner stays the owner.
    expect(await eventAccess(db, eventId, other.user.id)).toBeNull();
    expect(await eventAccess(db, eventId, owner.user.id)).toBe('owner');
    const auth = await authOf(shared);
    expect(await requireEventRole(db, auth, eventId)).toMatchObject({
      role: 'shared',
      ownerPlan: 'free',
    });
    await expect(requireEventRole(db, auth, eventId, { roles: ['owner'] })).rejects.toMatchObject({
      statusCode: 404,
      message: ERROR_MESSAGES.eventNotFound,
    });
  });

  it('hands the owner the event with role and plan', async () => {
    const event = await requireEventRole(testApp.app.db, await authOf(owner), eventId);
    expect(event).toMatchObject({ id: eventId, title: 'Access', role: 'owner', ownerPlan: 'free' });
  });

  it.each([
    ['another account', () => authOf(other), () => eventId, undefined],
    ['a missing event', () => authOf(owner), () => 'no-such-event', undefined],
    ['a role not allowed', () => authOf(owner), () => eventId, { roles: ['shared'] as const }],
  ])('refuses %s with 404 "Event not found"', async (_case, auth, id, options) => {
    await expect(
      requireEventRole(testApp.app.db, await auth(), id(), options),
    ).rejects.toMatchObject({ statusCode: 404, message: ERROR_MESSAGES.eventNotFound });
  });
});
