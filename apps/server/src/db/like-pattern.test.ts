import { describe, expect, it } from 'vitest';
import { likePattern } from './like-pattern.js';

describe('likePattern', () => {
  it('escapes the LIKE wildcards and the escape character', () => {
    expect(likePattern('50%_off\\now')).toBe('%50\\%\\_off\\\\now%');
  });
});
