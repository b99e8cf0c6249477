import {
  ERROR_MESSAGES,
  type EventListItem,
  type OwnerChange,
  type Permission,
  type PermissionsList,
} from '@livent/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, registerVerified, uniqueEmail, type SignedInUser } from '../../test/accounts.js';
import { callAs, createEvent, setPlan } from '../../test/events.js';
import { seedMessage } from '../../test/messages.js';
import { abuseLimits } from '../../lib/abuse-limits.js';
import { buildTestApp, RELAXED_ABUSE_LIMITS, type TestApp } from '../../test/test-app.js';

// Sharing an event with another account and handing it over (ADR 031): invitations wait for the
// other account, a shared user works on the event but may not delete, share or hand it over,
// and nothing caches a role, so a revocation counts from the very next request.

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(() => test.cleanup());

async function account(name: string, language: 'en' | 'de' = 'en'): Promise<SignedInUser> {
  const user = await registerVerified(test.app, { name, email: uniqueEmail(name.toLowerCase()) });
  if (language !== 'en') {
    const response = await callAs(test.app, user, 'PATCH', '/settings', {
      emailLanguage: language,
    });
    expect(response.statusCode, response.body).toBe(200);
  }
  return user;
}

async function share(owner: SignedInUser, eventId: string, email: string): Promise<Permission> {
  const response = await callAs(test.app, owner, 'POST', '/permissions', { eventId, email });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Permission>();
}

async function accept(user: SignedInUser, permissionId: string): Promise<void> {
  const response = await callAs(test.app, user, 'POST', `/permissions/${permissionId}/accept`);
  expect(response.statusCode, response.body).toBe(204);
}

async function list(user: SignedInUser): Promise<PermissionsList> {
  const response = await callAs(test.app, user, 'GET', '/permissions');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PermissionsList>();
}

async function events(user: SignedInUser): Promise<Pick<EventListItem, 'id' | 'title' | 'role'>[]> {
  const response = await callAs(test.app, user, 'GET', '/events');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<EventListItem[]>().map(({ id, title, role }) => ({ id, title, role }));
}

const mailsTo = (email: string, template: string) =>
  test.app.db
    .selectFrom('mails')
    .select(['to', 'subject', 'text', 'language', 'user_id'])
    .where('to', '=', email)
    .where('template', '=', template)
    .execute();

const status = async (user: SignedInUser, method: 'GET' | 'DELETE', path: string) =>
  (await callAs(test.app, user, method, path)).statusCode;

describe('sharing an event', () => {
  let owner: SignedInUser;
  let grantee: SignedInUser;
  let other: SignedInUser;
  let eventId: string;
  let permission: Permission;

  beforeAll(async () => {
    [owner, grantee, other] = await Promise.all([
      account('Olga'),
      account('Greta', 'de'),
      account('Otto'),
    ]);
    eventId = (await createEvent(test.app, owner, 'Shared launch')).id;
  });

  it('refuses an unknown email, the own address, bad input and a non-owner, changing nothing', async () => {
    const cases: [SignedInUser, object, number, string][] = [
      [owner, { eventId, email: uniqueEmail('nobody') }, 404, ERROR_MESSAGES.noUsersWithEmail],
      [owner, { eventId, email: owner.email.toUpperCase() }, 400, ERROR_MESSAGES.permissionSelf],
      [
        owner,
        { eventId, email: grantee.email, role: 'owner' },
        400,
        ERROR_MESSAGES.validationFailed,
      ],
      [
        owner,
        { eventId: 'no-such-event', email: grantee.email },
        404,
        ERROR_MESSAGES.eventNotFound,
      ],
      [other, { eventId, email: grantee.email }, 404, ERROR_MESSAGES.eventNotFound],
    ];
    for (const [caller, payload, code, message] of cases) {
      const response = await callAs(test.app, caller, 'POST', '/permissions', payload);
      expect(response.json(), JSON.stringify(payload)).toMatchObject({ code, message });
    }
    expect((await list(owner)).granted).toEqual([]);
    expect(await mailsTo(grantee.email, 'permission-invitation')).toEqual([]);
  });

  it('invites the account by email in its language; it waits until accepted', async () => {
    permission = await share(owner, eventId, grantee.email);
    expect(permission).toMatchObject({
      eventId,
      eventTitle: 'Shared launch',
      role: 'shared',
      status: 'pending',
      acceptedAt: null,
      user: { name: 'Greta', email: grantee.email },
    });
    const [mail] = await mailsTo(grantee.email, 'permission-invitation');
    expect(mail).toMatchObject({ language: 'de', user_id: grantee.user.id });
    expect(mail!.subject).toBe('Olga hat „Shared launch“ mit Ihnen geteilt');
    expect(mail!.text).toContain(`${test.app.config.publicUrl}/account/permissions`);

    expect((await list(grantee)).received).toEqual([
      { ...permission, user: { name: 'Olga', email: owner.email } },
    ]);
    expect((await list(owner)).granted).toEqual([permission]);
    // Pending: no access yet.
    expect(await events(grantee)).toEqual([]);
    expect(await status(grantee, 'GET', `/events/${eventId}`)).toBe(404);

    const again = await callAs(test.app, owner, 'POST', '/permissions', {
      eventId,
      email: grantee.email,
    });
    expect(again.json()).toEqual({ code: 409, message: ERROR_MESSAGES.permissionExists });
  });

  it('lets only the grantee accept; the event then joins its list with the role shared', async () => {
    for (const caller of [owner, other]) {
      const response = await callAs(
        test.app,
        caller,
        'POST',
        `/permissions/${permission.id}/accept`,
      );
      expect(response.json()).toEqual({ code: 404, message: ERROR_MESSAGES.permissionNotFound });
    }
    await accept(grantee, permission.id);
    expect(await events(grantee)).toEqual([
      { id: eventId, title: 'Shared launch', role: 'shared' },
    ]);
    expect(await events(owner)).toEqual([{ id: eventId, title: 'Shared launch', role: 'owner' }]);
    const [received] = (await list(grantee)).received;
    expect(received).toMatchObject({ status: 'accepted', acceptedAt: expect.any(String) });
  });

  it('lets the shared user edit the settings and read the messages under the owner’s plan', async () => {
    await seedMessage(test.app, eventId);
    const patched = await callAs(test.app, grantee, 'PATCH', `/event-settings/${eventId}`, {
      title: 'Renamed by Greta',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const messages = await callAs(test.app, grantee, 'GET', `/events/${eventId}/messages`);
    expect(messages.statusCode, messages.body).toBe(200);
    const summary = await callAs(test.app, grantee, 'GET', `/events/${eventId}`);
    expect(summary.json()).toMatchObject({ title: 'Renamed by Greta', role: 'shared' });
    // Both lists follow a change made by either side.
    expect((await events(owner))[0]?.title).toBe('Renamed by Greta');
    const renamed = await callAs(test.app, owner, 'PATCH', `/event-settings/${eventId}`, {
      title: 'Shared launch',
    });
    expect(renamed.statusCode).toBe(200);
    expect((await events(grantee))[0]?.title).toBe('Shared launch');
    // A gated setting follows the owner's free plan for the shared user too.
    const gated = await callAs(test.app, grantee, 'PATCH', `/event-settings/${eventId}`, {
      accessMode: 'cip',
    });
    expect(gated.statusCode).toBe(403);
  });

  it('refuses the shared user deleting, sharing and handing over the event with 404', async () => {
    expect(await status(grantee, 'DELETE', `/events/${eventId}`)).toBe(404);
    const shared = await callAs(test.app, grantee, 'POST', '/permissions', {
      eventId,
      email: other.email,
    });
    expect(shared.json()).toEqual({ code: 404, message: ERROR_MESSAGES.eventNotFound });
    const handedOver = await callAs(test.app, grantee, 'POST', `/events/${eventId}/owner-change`, {
      email: grantee.email,
    });
    expect(handedOver.json()).toEqual({ code: 404, message: ERROR_MESSAGES.eventNotFound });
    expect(await status(grantee, 'GET', `/events/${eventId}/owner-change`)).toBe(404);
    // The grantee sees its own permission, never the event's other permissions.
    expect((await list(grantee)).granted).toEqual([]);
    expect(await status(owner, 'GET', `/events/${eventId}`)).toBe(200);
  });

  it('ends access on the very next request once the owner revokes', async () => {
    // Warm every cache first: the list, the token, the session.
    expect(await events(grantee)).toHaveLength(1);
    expect(await status(grantee, 'GET', `/event-settings/${eventId}`)).toBe(200);
    expect(await status(other, 'DELETE', `/permissions/${permission.id}`)).toBe(404);
    expect(await status(owner, 'DELETE', `/permissions/${permission.id}`)).toBe(204);
    expect(await status(grantee, 'GET', `/event-settings/${eventId}`)).toBe(404);
    expect(await events(grantee)).toEqual([]);
    expect((await list(grantee)).received).toEqual([]);
    expect(await status(owner, 'DELETE', `/permissions/${permission.id}`)).toBe(404);
  });

  it('lets the invitee reject, and a shared user leave', async () => {
    const invitation = await share(owner, eventId, other.email);
    expect(
      (await callAs(test.app, owner, 'POST', `/permissions/${invitation.id}/reject`)).statusCode,
    ).toBe(404);
    const rejected = await callAs(test.app, other, 'POST', `/permissions/${invitation.id}/reject`);
    expect(rejected.statusCode).toBe(204);
    expect((await list(owner)).granted).toEqual([]);

    const again = await share(owner, eventId, grantee.email);
    await accept(grantee, again.id);
    expect(await status(grantee, 'DELETE', `/permissions/${again.id}`)).toBe(204);
    expect(await events(grantee)).toEqual([]);
    expect((await list(owner)).granted).toEqual([]);
  });
});

describe('handing an event over', () => {
  let owner: SignedInUser;
  let next: SignedInUser;
  let colleague: SignedInUser;
  let other: SignedInUser;
  let eventId: string;

  beforeAll(async () => {
    [owner, next, colleague, other] = await Promise.all([
      account('Olga'),
      account('Nina', 'de'),
      account('Carl'),
      account('Otto'),
    ]);
    eventId = (await createEvent(test.app, owner, 'Handover')).id;
    // Both the future owner and a colleague already work on the event.
    await accept(next, (await share(owner, eventId, next.email)).id);
    await accept(colleague, (await share(owner, eventId, colleague.email)).id);
  });

  const requestChange = (caller: SignedInUser, email: string, id = eventId) =>
    callAs(test.app, caller, 'POST', `/events/${id}/owner-change`, { email });

  it('refuses an unknown email, the own address and bad input', async () => {
    expect((await requestChange(owner, uniqueEmail('nobody'))).json()).toEqual({
      code: 404,
      message: ERROR_MESSAGES.noUsersWithEmail,
    });
    expect((await requestChange(owner, owner.email)).json()).toEqual({
      code: 400,
      message: ERROR_MESSAGES.ownerChangeSelf,
    });
    const extra = await callAs(test.app, owner, 'POST', `/events/${eventId}/owner-change`, {
      email: next.email,
      ownerId: other.user.id,
    });
    expect(extra.statusCode).toBe(400);
    expect((await callAs(test.app, owner, 'GET', `/events/${eventId}/owner-change`)).json()).toBe(
      null,
    );
  });

  it('waits for the new owner, who is mailed in its language; one pending change per event', async () => {
    const response = await requestChange(owner, next.email);
    expect(response.statusCode, response.body).toBe(201);
    const change = response.json<OwnerChange>();
    expect(change).toMatchObject({
      eventId,
      eventTitle: 'Handover',
      status: 'pending',
      from: { name: 'Olga', email: owner.email },
      to: { name: 'Nina', email: next.email },
    });
    const [mail] = await mailsTo(next.email, 'owner-change-request');
    expect(mail).toMatchObject({ language: 'de', user_id: next.user.id });
    expect(mail!.subject).toBe('Olga möchte Ihnen „Handover“ übergeben');
    expect(mail!.text).toContain(`${test.app.config.publicUrl}/account/permissions`);

    expect(
      (await callAs(test.app, owner, 'GET', `/events/${eventId}/owner-change`)).json(),
    ).toEqual(change);
    expect((await list(owner)).ownerChanges).toEqual({ sent: [change], received: [] });
    expect((await list(next)).ownerChanges).toEqual({ sent: [], received: [change] });
    expect((await requestChange(owner, other.email)).json()).toEqual({
      code: 409,
      message: ERROR_MESSAGES.ownerChangePending,
    });
    // Still the owner's until accepted.
    expect(await events(next)).toEqual([{ id: eventId, title: 'Handover', role: 'shared' }]);
  });

  it('hands the event over on accept: the old owner loses access, both are mailed', async () => {
    const [change] = (await list(next)).ownerChanges.received;
    for (const caller of [owner, other, colleague]) {
      const response = await callAs(
        test.app,
        caller,
        'POST',
        `/owner-changes/${change!.id}/accept`,
      );
      expect(response.json()).toEqual({ code: 404, message: ERROR_MESSAGES.permissionNotFound });
    }
    expect(await events(owner)).toEqual([{ id: eventId, title: 'Handover', role: 'owner' }]);
    const accepted = await callAs(test.app, next, 'POST', `/owner-changes/${change!.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(204);

    expect(await status(owner, 'GET', `/events/${eventId}`)).toBe(404);
    expect(await events(owner)).toEqual([]);
    expect(await events(next)).toEqual([{ id: eventId, title: 'Handover', role: 'owner' }]);
    // The colleague's permission stays, now granted by the new owner; the new owner's own went.
    expect(await events(colleague)).toEqual([{ id: eventId, title: 'Handover', role: 'shared' }]);
    expect((await list(next)).granted.map((p) => p.user.email)).toEqual([colleague.email]);
    expect((await list(next)).received).toEqual([]);
    expect(await list(owner)).toEqual({
      granted: [],
      received: [],
      ownerChanges: { sent: [], received: [] },
    });
    expect(await status(next, 'DELETE', `/events/${eventId}`)).toBe(204);
  });

  it('mailed both parties in their own language', async () => {
    const [previous] = await mailsTo(owner.email, 'owner-change-previous');
    expect(previous).toMatchObject({ language: 'en', subject: '“Handover” has a new owner' });
    const [current] = await mailsTo(next.email, 'owner-change-new');
    expect(current).toMatchObject({
      language: 'de',
      subject: 'Sie sind jetzt Besitzer von „Handover“',
    });
    expect(current!.text).toContain(`${test.app.config.publicUrl}/events/${eventId}`);
  });

  it('lets the new owner reject and the owner cancel; the event stays', async () => {
    const event = (await createEvent(test.app, owner, 'Stays')).id;
    const first = (await requestChange(owner, other.email, event)).json<OwnerChange>();
    expect(await status(owner, 'DELETE', `/owner-changes/${first.id}`)).toBe(204);
    expect((await list(other)).ownerChanges.received).toEqual([]);

    const second = (await requestChange(owner, other.email, event)).json<OwnerChange>();
    expect(await status(other, 'DELETE', `/owner-changes/${second.id}`)).toBe(404);
    const rejected = await callAs(test.app, other, 'POST', `/owner-changes/${second.id}/reject`);
    expect(rejected.statusCode).toBe(204);
    expect((await list(owner)).ownerChanges.sent).toEqual([]);
    expect(await events(owner)).toEqual([{ id: event, title: 'Stays', role: 'owner' }]);
    expect(await events(other)).toEqual([]);
  });

  it("refuses the accept when the new owner's event limit is reached, changing nothing", async () => {
    const full = await account('Fiona');
    // The free plan allows 10 events.
    for (let index = 0; index < 10; index += 1) await createEvent(test.app, full, `Own ${index}`);
    const event = (await createEvent(test.app, owner, 'Too many')).id;
    const change = (await requestChange(owner, full.email, event)).json<OwnerChange>();
    const response = await callAs(test.app, full, 'POST', `/owner-changes/${change.id}/accept`);
    expect(response.json()).toEqual({
      code: 403,
      message: ERROR_MESSAGES.ownerChangeEventLimitReached,
    });
    expect(await status(owner, 'GET', `/events/${event}`)).toBe(200);
    expect((await list(full)).ownerChanges.received).toEqual([change]);
  });
});

describe('accounts and sharing', () => {
  it("lets a shared user send an event's invitation mails under the owner's plan, as the owner's mails", async () => {
    const [owner, colleague] = await Promise.all([account('Olga'), account('Carl')]);
    await setPlan(test.app, owner.user.id, 'professional');
    const event = (await createEvent(test.app, owner, 'Invitations')).id;
    await accept(colleague, (await share(owner, event, colleague.email)).id);
    const guest = uniqueEmail('guest');
    const invited = await callAs(test.app, colleague, 'POST', `/events/${event}/invitations`, {
      name: 'Guest',
      email: guest,
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const sent = await callAs(test.app, colleague, 'POST', `/events/${event}/invitations/send`, {
      mode: 'unsent',
    });
    expect(sent.json()).toEqual({ queued: 1, skipped: 0 });
    expect(await mailsTo(guest, 'invitation')).toEqual([
      expect.objectContaining({ user_id: owner.user.id }),
    ]);
  });

  it('needs a verified address to accept', async () => {
    const owner = await account('Olga');
    const unverified = await register(test.app, { email: uniqueEmail('unverified') });
    const event = (await createEvent(test.app, owner, 'Verified only')).id;
    const permission = await share(owner, event, unverified.email);
    const response = await callAs(
      test.app,
      unverified,
      'POST',
      `/permissions/${permission.id}/accept`,
    );
    expect(response.json()).toEqual({ code: 403, message: ERROR_MESSAGES.emailNotVerified });
  });

  it("removes a deleted account's permissions and pending owner changes", async () => {
    const [owner, leaving] = await Promise.all([account('Olga'), account('Lena')]);
    const event = (await createEvent(test.app, owner, 'Goodbye')).id;
    await accept(leaving, (await share(owner, event, leaving.email)).id);
    expect((await requestChange()).statusCode).toBe(201);
    const deleted = await callAs(test.app, leaving, 'DELETE', '/account', {
      password: leaving.password,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await list(owner)).toEqual({
      granted: [],
      received: [],
      ownerChanges: { sent: [], received: [] },
    });

    function requestChange() {
      return callAs(test.app, owner, 'POST', `/events/${event}/owner-change`, {
        email: leaving.email,
      });
    }
  });
});

describe('sharing mails per account', () => {
  it('limits shares and owner-change requests together, failed ones included (429)', async () => {
    const limited = await buildTestApp(
      {},
      {
        abuseLimits: {
          ...RELAXED_ABUSE_LIMITS,
          sharingMailPerAccount: abuseLimits({ sharingMailPerAccount: 3 }).sharingMailPerAccount,
        },
      },
    );
    try {
      const { app } = limited;
      const [owner, first, second] = await Promise.all([
        registerVerified(app, { name: 'Olga' }),
        registerVerified(app, { name: 'Fritz' }),
        registerVerified(app, { name: 'Sara' }),
      ]);
      const eventId = (await createEvent(app, owner, 'Limited')).id;
      const shareWith = (email: string) =>
        callAs(app, owner, 'POST', '/permissions', { eventId, email });
      expect((await shareWith(first.email)).statusCode).toBe(201);
      expect((await shareWith(uniqueEmail('nobody'))).statusCode).toBe(404);
      const change = await callAs(app, owner, 'POST', `/events/${eventId}/owner-change`, {
        email: first.email,
      });
      expect(change.statusCode).toBe(201);
      const refused = await shareWith(second.email);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(
        await app.db
          .selectFrom('permissions')
          .select('user_id')
          .where('event_id', '=', eventId)
          .execute(),
      ).toEqual([{ user_id: first.user.id }]);
    } finally {
      await limited.cleanup();
    }
  });
});
