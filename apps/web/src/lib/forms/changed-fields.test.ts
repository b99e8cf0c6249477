import { describe, expect, it } from 'vitest';
import { changedFields } from './changed-fields';

describe('changedFields', () => {
  const saved = { title: 'Launch', slug: 'launch', ids: ['a', 'b'], overrides: { a: 1, b: 2 } };

  it('answers only what differs from the saved values', () => {
    expect(changedFields({ ...saved, title: 'Launch day' }, saved)).toEqual({
      title: 'Launch day',
    });
    expect(changedFields(saved, saved)).toEqual({});
  });

  it('sends lists and objects whole when a part changed, and ignores key order', () => {
    expect(changedFields({ ids: ['b', 'a'] }, saved)).toEqual({ ids: ['b', 'a'] });
    expect(changedFields({ overrides: { b: 2, a: 1 } }, saved)).toEqual({});
    expect(changedFields({ overrides: { a: 1 } }, saved)).toEqual({ overrides: { a: 1 } });
  });

  it('tells null from an empty text and never sends skipped names', () => {
    expect(changedFields({ company: '' }, { company: null })).toEqual({ company: '' });
    expect(changedFields({ title: 'New', slug: 'new' }, saved, ['slug'])).toEqual({ title: 'New' });
  });
});
