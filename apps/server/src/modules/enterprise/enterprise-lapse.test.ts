import type { AccountPlan, EnterpriseMembership } from '@livent/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, uniqueEmail, type SignedInUser } from '../../test/accounts.js';
import { testClock } from '../../test/clock.js';
import { callAs, createEvent } from '../../test/events.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { joinEnterprise } from './enterprise.fixtures.js';

// A membership gives enterprise-member only while the admin's own plan is enterprise-admin
// (ADR 050): computed on every read, so that the admin's plan lapsing ends it for every member
// with nothing written, and its renewal brings it back.

const MINUTE = 60_000;
const clock = testClock();
let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp({}, { now: clock.now });
});
afterAll(() => test.cleanup());

/** Sets the admin's contract plan to end at `expires` (as staff would, straight in the table). */
async function adminPlanUntil(admin: SignedInUser, expires: Date): Promise<void> {
  await test.app.db
    .updateTable('users')
    .set({ plan: 'enterprise-admin', plan_expires: expires.toISOString() })
    .where('id', '=', admin.user.id)
    .execute();
}

describe("a lapsed admin plan and the members' plan", () => {
  it("ends enterprise-member for every member when the admin's plan lapses, and renewal restores it", async () => {
    const admin = await registerVerified(test.app, { email: uniqueEmail('admin') });
    await adminPlanUntil(admin, new Date(clock.now().getTime() + 10 * MINUTE));
    const member = await registerVerified(test.app);
    const event = await createEvent(test.app, member, 'Gated');
    await joinEnterprise(test.app, admin, member);

    const state = async () => {
      const self = await callAs(test.app, member, 'GET', '/auth/self');
      const plan = await callAs(test.app, member, 'GET', '/account/plan');
      const membership = await callAs(test.app, member, 'GET', '/account/enterprise');
      // The login list needs CUSTOM_ACCESS in the owner's plan (ownerPlanOf).
      const logins = await callAs(test.app, member, 'GET', `/events/${event.id}/logins`);
      return {
        badge: self.json<{ user: { plan: string } }>().user.plan,
        plan: plan.json<AccountPlan>().plan,
        canManage: plan.json<AccountPlan>().canManage,
        active: membership.json<EnterpriseMembership>().membership?.active,
        logins: logins.statusCode,
      };
    };
    const member_ = { badge: 'enterprise-member', plan: 'enterprise-member', active: true };
    expect(await state()).toEqual({ ...member_, canManage: false, logins: 200 });

    // The contract ends: nothing is written, the next read already knows.
    clock.advance(11 * MINUTE);
    expect(await state()).toEqual({
      badge: 'free',
      plan: 'free',
      canManage: true,
      active: false,
      logins: 403,
    });
    // Still a member (the admin may renew), but the admin's screens are closed to a lapsed plan.
    expect((await callAs(test.app, admin, 'GET', '/enterprise')).statusCode).toBe(403);
    const events = await callAs(test.app, member, 'GET', '/events');
    expect(events.statusCode).toBe(200);

    await adminPlanUntil(admin, new Date(clock.now().getTime() + 60 * MINUTE));
    // The session cache may hold the member's row for a moment (ADR 020).
    await expect
      .poll(() => state(), { timeout: 5_000, interval: 200 })
      .toEqual({ ...member_, canManage: false, logins: 200 });
    // Several sign-ups and a dozen requests: 5 s is too short on a busy machine.
  }, 30_000);
});
