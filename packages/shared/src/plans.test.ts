import { describe, expect, it } from 'vitest';
import { ACCESS_MODES, EVENT_LAYOUTS } from './events.js';
import {
  effectivePlan,
  hasFeature,
  isCustomPlan,
  limitOf,
  PLAN_ALLOWANCES,
  PLAN_NAMES,
  PLAN_RENEWAL_GRACE_MS,
  planExpiresInDays,
  planPriceCents,
  SUBSCRIPTION_STATUSES,
  type PlanName,
  type SubscriptionStatus,
} from './plans.js';

describe('plan checks', () => {
  it('default to false and 0 when the allowance is absent', () => {
    expect(hasFeature(undefined, 'CUSTOM_ACCESS')).toBe(false);
    expect(limitOf(undefined, 'events')).toBe(0);
    expect(limitOf({ features: [], limit: {} }, 'channels')).toBe(0);
  });

  it('read features and limits from the allowance', () => {
    const allowance = { features: ['CUSTOM_ACCESS' as const], limit: { events: 10 } };
    expect(hasFeature(allowance, 'CUSTOM_ACCESS')).toBe(true);
    expect(hasFeature(allowance, 'ENTERPRISE_ADMIN')).toBe(false);
    expect(limitOf(allowance, 'events')).toBe(10);
  });

  it('treats custom, enterprise-admin and enterprise-member as the custom type', () => {
    expect(isCustomPlan('enterprise-member')).toBe(true);
    expect(isCustomPlan('professional')).toBe(false);
  });
});

const NOW = new Date('2026-11-22T10:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(NOW.getTime() + days * DAY).toISOString();

describe('effectivePlan', () => {
  // Expiry days of the plan display states (docs/product-spec.md sections 2 and 4): expired,
  // today, tomorrow, renew window, none, promo window and beyond it.
  const EXPIRY_DAYS = [-1, 0, 1, 6, 7, 31, 32] as const;
  const STATUSES = [null, ...SUBSCRIPTION_STATUSES] as const;

  /** The expected plan, written out independently of the implementation's branches. */
  function expected(plan: PlanName, days: number | null, status: SubscriptionStatus | null) {
    if (plan === 'free') return 'free';
    if (days === null) {
      if (plan === 'trial' || status === 'paused' || status === 'deleted') return 'free';
      return plan;
    }
    if (days > 0) return plan;
    // Day 0 is the moment of expiry itself: only a subscription the provider renews is still
    // within its renewal grace.
    const renews = status === 'active' || status === 'trialing' || status === 'past_due';
    return days === 0 && renews ? plan : 'free';
  }

  const rows = PLAN_NAMES.flatMap((plan) =>
    STATUSES.flatMap((status) => [...EXPIRY_DAYS, null].map((days) => ({ plan, status, days }))),
  );

  it.each(rows)('$plan, status $status, expiry in $days days', ({ plan, status, days }) => {
    const result = effectivePlan(
      { plan, planExpires: days === null ? null : inDays(days), subscriptionStatus: status },
      NOW,
    );
    const want = expected(plan, days, status);
    expect(result.plan).toBe(want);
    expect(result.allowance).toBe(PLAN_ALLOWANCES[want]);
    expect(result.lapsed).toBe(want !== plan);
  });

  it('ends a trial at its end date, to the millisecond', () => {
    const trial = { plan: 'trial', planExpires: NOW.toISOString(), subscriptionStatus: null };
    expect(effectivePlan(trial, new Date(NOW.getTime() - 1)).plan).toBe('trial');
    expect(effectivePlan(trial, NOW).plan).toBe('free');
    expect(effectivePlan(trial, NOW).allowance.features).toEqual([]);
  });

  it('keeps a renewing subscription through the renewal grace, but not a paused or cancelled one', () => {
    const endedAt = new Date(NOW.getTime() - PLAN_RENEWAL_GRACE_MS + 1).toISOString();
    for (const status of ['active', 'trialing', 'past_due'] as const) {
      expect(
        effectivePlan({ plan: 'business', planExpires: endedAt, subscriptionStatus: status }, NOW)
          .plan,
      ).toBe('business');
    }
    for (const status of ['paused', 'deleted', null] as const) {
      expect(
        effectivePlan({ plan: 'business', planExpires: endedAt, subscriptionStatus: status }, NOW)
          .plan,
      ).toBe('free');
    }
    const longAgo = new Date(NOW.getTime() - PLAN_RENEWAL_GRACE_MS).toISOString();
    expect(
      effectivePlan({ plan: 'business', planExpires: longAgo, subscriptionStatus: 'active' }, NOW)
        .plan,
    ).toBe('free');
  });

  it('treats unknown plan names and statuses safely', () => {
    expect(
      effectivePlan({ plan: 'platinum', planExpires: null, subscriptionStatus: null }, NOW),
    ).toEqual({ plan: 'free', allowance: PLAN_ALLOWANCES.free, lapsed: false });
    expect(
      effectivePlan(
        { plan: 'professional', planExpires: inDays(-1), subscriptionStatus: 'weird' },
        NOW,
      ).plan,
    ).toBe('free');
    expect(
      effectivePlan(
        { plan: 'professional', planExpires: 'not a date', subscriptionStatus: 'active' },
        NOW,
      ).plan,
    ).toBe('professional');
  });
});

describe('planAllowance lists', () => {
  it('follow the features: single sign-on with CUSTOM_ACCESS, own domains with CUSTOM_DOMAIN', () => {
    expect(PLAN_ALLOWANCES.free.access).toEqual(['none', 'code', 'registration', 'invitation']);
    expect(PLAN_ALLOWANCES.business.access).toContain('cip');
    expect(PLAN_ALLOWANCES.professional.access).not.toContain('cip');
    expect(PLAN_ALLOWANCES.free.domains).toEqual(['events']);
    expect(PLAN_ALLOWANCES.professional.domains).toEqual(['events', 'custom']);
    for (const plan of PLAN_NAMES) {
      expect(PLAN_ALLOWANCES[plan].layouts).toEqual([...EVENT_LAYOUTS]);
      for (const mode of PLAN_ALLOWANCES[plan].access ?? []) expect(ACCESS_MODES).toContain(mode);
    }
  });
});

describe('prices', () => {
  it('bill a year at half of twelve months', () => {
    expect(planPriceCents('professional', 'month')).toBe(4900);
    expect(planPriceCents('professional', 'year')).toBe(4900 * 6);
    expect(planPriceCents('business', 'year')).toBe(9900 * 6);
  });

  it('count expiry days down to negative', () => {
    expect(planExpiresInDays(null, NOW)).toBeNull();
    expect(planExpiresInDays(inDays(7), NOW)).toBe(7);
    expect(planExpiresInDays(new Date(NOW.getTime() + 1).toISOString(), NOW)).toBe(0);
    expect(planExpiresInDays(new Date(NOW.getTime() - 1).toISOString(), NOW)).toBe(-1);
  });

  it('count calendar days in the user’s time zone, whatever the hour', () => {
    const at = (iso: string) => new Date(iso);
    // A minute before midnight in Berlin; the plan ends a minute after it: tomorrow.
    expect(
      planExpiresInDays(
        '2026-06-10T22:01:00.000Z',
        at('2026-06-10T21:59:00.000Z'),
        'Europe/Berlin',
      ),
    ).toBe(1);
    // Just after midnight; it ends late the same evening: today.
    expect(
      planExpiresInDays(
        '2026-06-10T21:59:00.000Z',
        at('2026-06-09T22:01:00.000Z'),
        'Europe/Berlin',
      ),
    ).toBe(0);
    // The same instants are one day apart in Berlin and the same day in New York.
    expect(
      planExpiresInDays(
        '2026-06-10T22:30:00.000Z',
        at('2026-06-10T21:30:00.000Z'),
        'Europe/Berlin',
      ),
    ).toBe(1);
    expect(
      planExpiresInDays(
        '2026-06-10T22:30:00.000Z',
        at('2026-06-10T21:30:00.000Z'),
        'America/New_York',
      ),
    ).toBe(0);
    // Three calendar days ahead at an earlier hour (fewer than 72 hours): "in 3 days".
    expect(
      planExpiresInDays(
        '2026-06-13T07:00:00.000Z',
        at('2026-06-10T20:00:00.000Z'),
        'Europe/Berlin',
      ),
    ).toBe(3);
    // Ended earlier today: expired, not "today".
    expect(
      planExpiresInDays(
        '2026-06-10T08:00:00.000Z',
        at('2026-06-10T09:00:00.000Z'),
        'Europe/Berlin',
      ),
    ).toBe(-1);
  });

  it('count calendar days across a change of daylight saving time', () => {
    // Berlin springs forward on 29 March 2026: noon to noon three days later is 71 hours.
    expect(
      planExpiresInDays(
        '2026-03-31T10:00:00.000Z',
        new Date('2026-03-28T11:00:00.000Z'),
        'Europe/Berlin',
      ),
    ).toBe(3);
    // And falls back on 25 October 2026: midnight to midnight two days later is 49 hours.
    expect(
      planExpiresInDays(
        '2026-10-25T23:00:00.000Z',
        new Date('2026-10-23T22:00:00.000Z'),
        'Europe/Berlin',
      ),
    ).toBe(2);
    expect(
      planExpiresInDays(
        '2026-10-25T22:59:00.000Z',
        new Date('2026-10-23T22:00:00.000Z'),
        'Europe/Berlin',
      ),
    ).toBe(1);
  });

  it('count in UTC for a time zone it does not know', () => {
    expect(
      planExpiresInDays(
        '2026-06-11T00:30:00.000Z',
        new Date('2026-06-10T23:30:00.000Z'),
        'Mars/Base',
      ),
    ).toBe(1);
  });
});
