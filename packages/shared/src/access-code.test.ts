import { describe, expect, it } from 'vitest';
import { accessCodeWeakness } from './access-code.js';

describe('accessCodeWeakness (ADR 044)', () => {
  it.each([
    '',
    '4711',
    'ab12c',
    '000000',
    'AAAAAAAA',
    '121212',
    'abcabcabc',
    '123456',
    '23456789',
    '987654',
    'abcdef',
    'FEDCBA',
    'Password',
    ' qwertz ',
  ])('refuses %j', (code) => {
    expect(accessCodeWeakness(code)).toBe('validation.accessCodeWeak?min=6');
  });

  it.each(['482913', '135792', 'k7-Meteor-42', 'Open Sesame', 'HK3M9PQ2XR', 'äöüßéè'])(
    'accepts %j',
    (code) => {
      expect(accessCodeWeakness(code)).toBeUndefined();
    },
  );
});
