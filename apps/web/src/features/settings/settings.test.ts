import { describe, expect, it } from 'vitest';
import { testUser } from '../../test/users';
import { changedSettings } from './components/settings-form';

describe('PATCH /settings sends only the changed fields (spec section 7)', () => {
  it('picks the fields that differ from the saved settings', () => {
    const saved = testUser().settings;
    const { whatsnewSeen: _seen, ...values } = saved;
    expect(
      changedSettings(
        { ...values, timezone: 'America/New_York', newsletter: !values.newsletter },
        saved,
      ),
    ).toEqual({ timezone: 'America/New_York', newsletter: !values.newsletter });
    expect(changedSettings(values, saved)).toEqual({});
  });
});
