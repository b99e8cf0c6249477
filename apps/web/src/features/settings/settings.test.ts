import { describe, expect, it } from 'vitest';
import { changedSettings } from './components/settings-form';

describe('PATCH /settings sends only the changed fields (spec section 7)', () => {
  it('picks the dirty fields', () => {
    const values = {
      timezone: 'America/New_York',
      emailLanguage: 'de',
      alwaysShowHelp: false,
      csvDelimiter: ';',
      newsletter: true,
    } as const;
    expect(changedSettings(values, { timezone: true, newsletter: true })).toEqual({
      timezone: 'America/New_York',
      newsletter: true,
    });
    expect(changedSettings(values, {})).toEqual({});
  });
});
