import { describe, expect, it } from 'vitest';
import { guestTokenFragment, guestTokenFromFragment } from './guest-link';

describe('the guest link token in the fragment (ADR 056)', () => {
  it('reads back what it wrote, with or without "#"', () => {
    const token = 'a+b/c=d&e';
    expect(guestTokenFromFragment(guestTokenFragment(token))).toBe(token);
    expect(guestTokenFromFragment(`#${guestTokenFragment(token)}`)).toBe(token);
  });

  it('finds no token in an empty or foreign fragment', () => {
    expect(guestTokenFromFragment('')).toBeUndefined();
    expect(guestTokenFromFragment('#token=')).toBeUndefined();
    expect(guestTokenFromFragment('#section-2')).toBeUndefined();
  });
});
