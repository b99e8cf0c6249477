import type { PlanName } from '@livent/shared/plans';
import { describe, expect, it } from 'vitest';
import { planBanner, showsPromo } from './plan-banner';

describe('planBanner across expiry days', () => {
  const cases: [PlanName, number | null, ReturnType<typeof planBanner>][] = [
    ['trial', 14, { kind: 'trial', when: 'days', days: 14, to: '/account/plan' }],
    ['trial', 2, { kind: 'trial', when: 'days', days: 2, to: '/account/plan' }],
    ['trial', 1, { kind: 'trial', when: 'tomorrow', days: 1, to: '/account/plan' }],
    ['trial', 0, { kind: 'trial', when: 'today', days: 0, to: '/account/plan' }],
    // An ended trial arrives as free with negative days (ADR 028).
    ['free', -1, { kind: 'expired', to: '/events' }],
    ['free', -30, { kind: 'expired', to: '/events' }],
    ['free', null, null],
    ['professional', 30, null],
    ['professional', 7, null],
    ['professional', 6, { kind: 'renew', days: 6, to: '/account/billing' }],
    ['business', 1, { kind: 'renew', days: 1, to: '/account/billing' }],
    ['business', 0, { kind: 'renew', days: 0, to: '/account/billing' }],
    // A plan arranged with the team cannot be renewed through billing: no renewal offered.
    ['custom', 3, { kind: 'ends', days: 3 }],
    ['enterprise-admin', 0, { kind: 'ends', days: 0 }],
    ['tester', 6, { kind: 'ends', days: 6 }],
    ['custom', 7, null],
    ['custom', null, null],
    ['enterprise-admin', null, null],
  ];
  it.each(cases)('%s with %s days', (plan, days, expected) => {
    expect(planBanner({ plan, planExpiresInDays: days })).toEqual(expected);
  });
});

describe('showsPromo', () => {
  const cases: [PlanName, number | null, boolean][] = [
    ['free', null, false],
    ['trial', 14, true],
    ['professional', 31, true],
    ['professional', 32, false],
    ['business', 0, true],
    ['free', -3, true],
    ['custom', 10, false],
    ['enterprise-member', 10, false],
    ['enterprise-admin', 10, false],
  ];
  it.each(cases)('%s with %s days: %s', (plan, days, expected) => {
    expect(showsPromo({ plan, planExpiresInDays: days })).toBe(expected);
  });
});
