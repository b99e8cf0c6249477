import {
  ENTERPRISE_MESSAGES,
  type EnterpriseMembership,
  type EnterpriseOverview,
} from '@livent/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, registerVerified, uniqueEmail, type SignedInUser } from '../../test/accounts.js';
import { callAs, createEvent, setPlan } from '../../test/events.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { inviteToEnterprise, joinEnterprise } from './enterprise.fixtures.js';

// Enterprise admins invite accounts by email; an invitee joins only by accepting; the admin sees
// the members and the titles and owners of their events (ADR 028, "Enterprise").

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(() => test.cleanup());

/** A verified account on the enterprise-admin plan (set before its first signed-in call). */
async function newAdmin(name = 'Ada Admin'): Promise<SignedInUser> {
  const admin = await registerVerified(test.app, { name, email: uniqueEmail('admin') });
  await setPlan(test.app, admin.user.id, 'enterprise-admin');
  return admin;
}

const overview = async (user: SignedInUser, query = '') => {
  const response = await callAs(test.app, user, 'GET', `/enterprise${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<EnterpriseOverview>();
};

const invite = (admin: SignedInUser, email: string) => inviteToEnterprise(test.app, admin, email);
const join = (admin: SignedInUser, member: SignedInUser) => joinEnterprise(test.app, admin, member);

describe('enterprise membership', () => {
  it('invites by email; the invitee sees it, accepts, and the admin sees member and events', async () => {
    const admin = await newAdmin();
    const member = await registerVerified(test.app, { name: 'Mia Member', company: 'Acme' });
    await createEvent(test.app, member, 'Member launch');
    await createEvent(test.app, admin, 'Admin keynote');

    const id = await invite(admin, member.email.toUpperCase());
    const pending = await callAs(test.app, admin, 'GET', '/enterprise/invitations');
    expect(pending.json()).toEqual({
      results: [{ id, email: member.email, createdAt: expect.any(String) }],
    });
    // Not a member before accepting: neither listed nor its events shown.
    const before = await overview(admin);
    expect(before.members.total).toBe(0);
    expect(before.events.results.map((event) => event.title)).toEqual(['Admin keynote']);

    const mine = await callAs(test.app, member, 'GET', '/account/enterprise');
    expect(mine.json<EnterpriseMembership>()).toEqual({
      membership: null,
      invitations: [
        {
          id,
          createdAt: expect.any(String),
          enterprise: { name: 'Ada Admin', company: null, email: admin.email },
        },
      ],
    });

    const accepted = await callAs(
      test.app,
      member,
      'POST',
      `/account/enterprise/invitations/${id}/accept`,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<EnterpriseMembership>()).toEqual({
      membership: {
        enterprise: { name: 'Ada Admin', company: null, email: admin.email },
        joinedAt: expect.any(String),
        active: true,
      },
      invitations: [],
    });

    const after = await overview(admin);
    expect(after.members).toEqual({
      results: [
        {
          id: member.user.id,
          name: 'Mia Member',
          company: 'Acme',
          email: member.email,
          eventCount: 1,
          joinedAt: expect.any(String),
        },
      ],
      page: 1,
      pageSize: 10,
      total: 1,
    });
    expect(after.events.total).toBe(2);
    const memberEvent = after.events.results.find((event) => event.title === 'Member launch');
    // Title and owner only: no settings, slug or other content.
    expect(memberEvent).toEqual({
      id: expect.any(String),
      createdAt: expect.any(String),
      title: 'Member launch',
      ownerName: 'Mia Member',
      ownerEmail: member.email,
    });
    expect((await callAs(test.app, admin, 'GET', '/enterprise/invitations')).json()).toEqual({
      results: [],
    });
  });

  it("mails the invitation: by name in its language to an account, else in the admin's", async () => {
    const admin = await newAdmin('Grace Admin');
    const stranger = uniqueEmail('stranger');
    await invite(admin, stranger);
    const german = await registerVerified(test.app, { name: 'Dora Deutsch' });
    await test.app.db
      .updateTable('users')
      .set({ email_language: 'de' })
      .where('id', '=', german.user.id)
      .execute();
    await invite(admin, german.email);
    const mailTo = (to: string) =>
      test.app.db
        .selectFrom('mails')
        .selectAll()
        .where('to', '=', to)
        .where('template', '=', 'enterprise-invitation')
        .executeTakeFirst();

    const first = await mailTo(stranger);
    expect(first).toMatchObject({
      template: 'enterprise-invitation',
      language: 'en',
      subject: 'Grace Admin invites you to an enterprise account on Livent',
    });
    expect(first?.text).toMatch(/^Hello,\n/);
    expect(first?.text).toContain(`${test.app.config.publicUrl}/account/admin`);
    const second = await mailTo(german.email);
    expect(second).toMatchObject({ template: 'enterprise-invitation', language: 'de' });
    expect(second?.text).toMatch(/^Hallo Dora Deutsch,\n/);
  });

  it('pages and searches each table on its own', async () => {
    const admin = await newAdmin();
    const members = [];
    for (const name of ['Bea Brown', 'Carl Clark', 'Dora Dunn']) {
      const member = await registerVerified(test.app, { name });
      await join(admin, member);
      await createEvent(test.app, member, `${name} event`);
      members.push(member);
    }
    const first = await overview(admin, '?membersPageSize=2&eventsPageSize=1&eventsPage=2');
    expect(first.members.results.map((m) => m.name)).toEqual(['Bea Brown', 'Carl Clark']);
    expect(first.members.total).toBe(3);
    expect(first.events.results).toHaveLength(1);
    expect(first.events.total).toBe(3);

    const searched = await overview(admin, '?membersQ=DUNN&eventsQ=carl');
    expect(searched.members.results.map((m) => m.name)).toEqual(['Dora Dunn']);
    expect(searched.events.results.map((e) => e.title)).toEqual(['Carl Clark event']);
    // A search text with LIKE's wildcards matches them literally.
    expect((await overview(admin, '?membersQ=%25')).members.total).toBe(0);

    const bad = await callAs(test.app, admin, 'GET', '/enterprise?membersPageSize=1000&extra=1');
    expect(bad.statusCode).toBe(400);
  });

  it('removes a member and withdraws an invitation; another admin cannot', async () => {
    const admin = await newAdmin();
    const otherAdmin = await newAdmin('Otto Other');
    const member = await registerVerified(test.app);
    await join(admin, member);
    const openId = await invite(admin, uniqueEmail('later'));

    const foreignRemove = await callAs(
      test.app,
      otherAdmin,
      'DELETE',
      `/enterprise/members/${member.user.id}`,
    );
    expect(foreignRemove.statusCode).toBe(404);
    expect(foreignRemove.json()).toEqual({
      code: 404,
      message: ENTERPRISE_MESSAGES.memberNotFound,
    });
    const foreignWithdraw = await callAs(
      test.app,
      otherAdmin,
      'DELETE',
      `/enterprise/invitations/${openId}`,
    );
    expect(foreignWithdraw.statusCode).toBe(404);
    expect((await overview(otherAdmin)).members.total).toBe(0);

    expect(
      (await callAs(test.app, admin, 'DELETE', `/enterprise/invitations/${openId}`)).statusCode,
    ).toBe(204);
    expect(
      (await callAs(test.app, admin, 'DELETE', `/enterprise/members/${member.user.id}`)).statusCode,
    ).toBe(204);
    expect((await overview(admin)).members.total).toBe(0);
    expect((await callAs(test.app, member, 'GET', '/account/enterprise')).json()).toEqual({
      membership: null,
      invitations: [],
    });
    expect(
      (await callAs(test.app, admin, 'DELETE', `/enterprise/members/${member.user.id}`)).statusCode,
    ).toBe(404);
  });

  it('gives a member enterprise-member while a member and its own plan back after', async () => {
    const admin = await newAdmin();
    const member = await registerVerified(test.app);
    const planOf = async () =>
      (await callAs(test.app, member, 'GET', '/auth/self')).json<{ user: { plan: string } }>().user
        .plan;
    expect(await planOf()).toBe('free');
    await join(admin, member);
    expect(await planOf()).toBe('enterprise-member');
    // The own plan is kept, not overwritten.
    const row = await test.app.db
      .selectFrom('users')
      .select('plan')
      .where('id', '=', member.user.id)
      .executeTakeFirstOrThrow();
    expect(row.plan).toBe('free');
    expect(
      (await callAs(test.app, admin, 'DELETE', `/enterprise/members/${member.user.id}`)).statusCode,
    ).toBe(204);
    expect(await planOf()).toBe('free');

    await join(admin, member);
    expect(await planOf()).toBe('enterprise-member');
    await callAs(test.app, member, 'DELETE', '/account/enterprise');
    expect(await planOf()).toBe('free');
  });

  it("lets the member's events use the member plan's features, and not the admin read them", async () => {
    const admin = await newAdmin();
    const member = await registerVerified(test.app);
    const event = await createEvent(test.app, member, 'Gated');
    // The login list needs CUSTOM_ACCESS in the owner's plan (ownerPlanOf).
    const logins = () => callAs(test.app, member, 'GET', `/events/${event.id}/logins`);
    expect((await logins()).statusCode).toBe(403);
    await join(admin, member);
    expect((await logins()).statusCode).toBe(200);
    // The overview names the event; its content stays the owner's.
    expect((await callAs(test.app, admin, 'GET', `/events/${event.id}`)).statusCode).toBe(404);
    expect((await callAs(test.app, admin, 'GET', `/event-settings/${event.id}`)).statusCode).toBe(
      404,
    );
    await callAs(test.app, member, 'DELETE', '/account/enterprise');
    expect((await logins()).statusCode).toBe(403);
  });

  it('lets a member leave', async () => {
    const admin = await newAdmin();
    const member = await registerVerified(test.app);
    await join(admin, member);
    expect((await callAs(test.app, member, 'DELETE', '/account/enterprise')).statusCode).toBe(204);
    expect((await overview(admin)).members.total).toBe(0);
    const again = await callAs(test.app, member, 'DELETE', '/account/enterprise');
    expect(again.json()).toEqual({ code: 404, message: ENTERPRISE_MESSAGES.notMember });
  });

  it('refuses the overview and member administration without ENTERPRISE_ADMIN, members included', async () => {
    const admin = await newAdmin();
    const member = await registerVerified(test.app);
    await setPlan(test.app, member.user.id, 'enterprise-member');
    await join(admin, member);
    for (const caller of [member, await registerVerified(test.app)]) {
      for (const [method, path, payload] of [
        ['GET', '/enterprise', undefined],
        ['GET', '/enterprise/invitations', undefined],
        ['POST', '/enterprise/invitations', { email: uniqueEmail() }],
        ['DELETE', `/enterprise/members/${member.user.id}`, undefined],
      ] as const) {
        const response = await callAs(test.app, caller, method, path, payload);
        expect(response.statusCode, `${method} ${path}`).toBe(403);
        expect(response.json()).toEqual({ code: 403, message: ENTERPRISE_MESSAGES.notAdmin });
      }
    }
    expect((await overview(admin)).members.total).toBe(1);
  });

  it('joins nobody without their acceptance and only at their own verified address', async () => {
    const admin = await newAdmin();
    const invitee = await registerVerified(test.app);
    const stranger = await registerVerified(test.app);
    const unverified = await register(test.app);
    const id = await invite(admin, invitee.email);
    const unverifiedId = await invite(admin, unverified.email);

    const wrong = await callAs(
      test.app,
      stranger,
      'POST',
      `/account/enterprise/invitations/${id}/accept`,
    );
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ code: 404, message: ENTERPRISE_MESSAGES.invitationNotFound });
    expect(
      (await callAs(test.app, stranger, 'DELETE', `/account/enterprise/invitations/${id}`))
        .statusCode,
    ).toBe(404);
    // An address not yet proven does not see or accept what was sent to it.
    expect((await callAs(test.app, unverified, 'GET', '/account/enterprise')).json()).toEqual({
      membership: null,
      invitations: [],
    });
    const unproven = await callAs(
      test.app,
      unverified,
      'POST',
      `/account/enterprise/invitations/${unverifiedId}/accept`,
    );
    expect(unproven.statusCode).toBe(403);
    expect((await overview(admin)).members.total).toBe(0);

    // Declining removes it for the admin too.
    expect(
      (await callAs(test.app, invitee, 'DELETE', `/account/enterprise/invitations/${id}`))
        .statusCode,
    ).toBe(204);
    const open = await callAs(test.app, admin, 'GET', '/enterprise/invitations');
    expect(open.json<{ results: { email: string }[] }>().results.map((row) => row.email)).toEqual([
      unverified.email,
    ]);
  });

  it('refuses bad invitations and a second enterprise, changing nothing', async () => {
    const admin = await newAdmin();
    const otherAdmin = await newAdmin();
    const member = await registerVerified(test.app);

    const badEmail = await callAs(test.app, admin, 'POST', '/enterprise/invitations', {
      email: 'nope',
      plan: 'x',
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().errors).toEqual({
      email: 'validation.email',
      plan: 'validation.unknownField',
    });
    const self = await callAs(test.app, admin, 'POST', '/enterprise/invitations', {
      email: admin.email,
    });
    expect(self.json()).toEqual({ code: 400, message: ENTERPRISE_MESSAGES.cannotJoin });

    await join(admin, member);
    const twice = await callAs(test.app, admin, 'POST', '/enterprise/invitations', {
      email: member.email,
    });
    expect(twice.json()).toEqual({ code: 409, message: ENTERPRISE_MESSAGES.alreadyInvited });

    const secondId = await invite(otherAdmin, member.email);
    const second = await callAs(
      test.app,
      member,
      'POST',
      `/account/enterprise/invitations/${secondId}/accept`,
    );
    expect(second.json()).toEqual({ code: 409, message: ENTERPRISE_MESSAGES.alreadyMember });
    expect((await overview(otherAdmin)).members.total).toBe(0);

    // An admin's events belong to its own enterprise: it cannot join another.
    const adminInvite = await invite(otherAdmin, admin.email);
    const adminJoins = await callAs(
      test.app,
      admin,
      'POST',
      `/account/enterprise/invitations/${adminInvite}/accept`,
    );
    expect(adminJoins.json()).toEqual({ code: 403, message: ENTERPRISE_MESSAGES.cannotJoin });
  });
});
