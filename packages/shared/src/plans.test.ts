import { describe, expect, it } from 'vitest';
import { hasFeature, isCustomPlan, limitOf } from './plans.js';

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
