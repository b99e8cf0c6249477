import type { AccountPlan, User } from '@livent/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, type SignedInUser } from '../../test/accounts.js';
import { testClock } from '../../test/clock.js';
import { callAs, setPlan } from '../../test/events.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

// The buyer's path on an installation without a billing provider (ADR 053): the trial an account
// starts once (`PLAN_TRIAL_DAYS`), the promo message set on the server, and what the plan answer
// tells the dashboard about checkout.

const clock = testClock('2026-11-22T10:00:00.000Z');
let test: TestApp;

beforeAll(async () => {
  test = await buildTestApp(
    {
      BILLING_PROVIDER: 'none',
      PLAN_TRIAL_DAYS: '14',
      PROMO_MESSAGE_EN: '  Annual plans: half price this month ',
      PROMO_MESSAGE_DE: '',
    },
    { now: clock.now },
  );
});
afterAll(() => test.cleanup());

async function accountPlan(user: SignedInUser, app = test.app): Promise<AccountPlan> {
  const response = await callAs(app, user, 'GET', '/account/plan');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AccountPlan>();
}

const startTrial = (user: SignedInUser, app = test.app) =>
  callAs(app, user, 'POST', '/account/plan/trial');

describe('the plan answer without a billing provider', () => {
  it('says that there is no checkout, offers the trial and serves the promo message', async () => {
    const user = await register(test.app);
    expect(await accountPlan(user)).toMatchObject({
      plan: 'free',
      checkout: false,
      trial: { days: 14, startable: true, used: false },
      promo: { en: 'Annual plans: half price this month', de: null },
    });
  });
});

describe('the trial', () => {
  it('starts once for the configured days; a second start is refused with 409', async () => {
    const user = await register(test.app);
    const started = await startTrial(user);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json<AccountPlan>()).toMatchObject({
      plan: 'trial',
      planExpires: '2026-12-06T10:00:00.000Z',
      planExpiresInDays: 14,
      trial: { days: 14, startable: false, used: true },
    });
    const self = await callAs(test.app, user, 'GET', '/auth/self');
    expect(self.json<{ user: User }>().user).toMatchObject({
      plan: 'trial',
      planExpiresInDays: 14,
    });

    const again = await startTrial(user);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 409, message: 'Trial already used' });
  });

  it('is refused once it has ended too, and the free plan applies again', async () => {
    const user = await register(test.app);
    expect((await startTrial(user)).statusCode).toBe(200);
    // Ended yesterday (moving the clock would end the session as well).
    await test.app.db
      .updateTable('users')
      .set({ plan_expires: '2026-11-21T10:00:00.000Z' })
      .where('id', '=', user.user.id)
      .execute();
    expect(await accountPlan(user)).toMatchObject({
      plan: 'free',
      storedPlan: 'trial',
      trial: { startable: false, used: true },
    });
    expect((await startTrial(user)).statusCode).toBe(409);
  });

  it('grants one of two racing starts', async () => {
    const user = await register(test.app);
    const answers = await Promise.all([startTrial(user), startTrial(user), startTrial(user)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('is not offered while another plan applies: 400', async () => {
    const user = await register(test.app);
    await setPlan(test.app, user.user.id, 'custom');
    expect((await accountPlan(user)).trial).toEqual({ days: 14, startable: false, used: false });
    const refused = await startTrial(user);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ code: 400, message: 'No trial available' });
  });

  it('is not offered at all with PLAN_TRIAL_DAYS=0: 400, and no promo without a message', async () => {
    const none = await buildTestApp({ BILLING_PROVIDER: 'none', PLAN_TRIAL_DAYS: '0' });
    try {
      const user = await register(none.app);
      expect(await accountPlan(user, none.app)).toMatchObject({
        trial: null,
        promo: { en: null, de: null },
      });
      expect((await startTrial(user, none.app)).statusCode).toBe(400);
    } finally {
      await none.cleanup();
    }
  });
});
