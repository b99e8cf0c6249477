import { describe, expect, it } from 'vitest';
import { testUser } from '../../test/users';
import { changedProfile } from './components/profile-form';
import { deviceParts, isMobileSystem } from './user-agent';

describe('only changed profile fields are sent', () => {
  it('an emptied company becomes null; unchanged fields stay out', () => {
    const saved = testUser({ name: 'Ada', company: 'Acme', initials: 'AL' });
    expect(changedProfile({ name: 'Ada', company: '  ', initials: 'AL' }, saved)).toEqual({
      company: null,
    });
    expect(changedProfile({ name: 'Ada L.', company: 'Acme ', initials: 'AB' }, saved)).toEqual({
      name: 'Ada L.',
      initials: 'AB',
    });
  });
});

describe('session devices', () => {
  it('splits the server description into browser and system', () => {
    expect(deviceParts('Firefox 128 on Linux')).toEqual({
      browser: 'Firefox 128',
      system: 'Linux',
    });
    expect(deviceParts('Safari 17 on iOS')).toEqual({ browser: 'Safari 17', system: 'iOS' });
    expect(deviceParts('Chrome 126 on Chrome OS')).toEqual({
      browser: 'Chrome 126',
      system: 'Chrome OS',
    });
    expect(deviceParts('curl/8.5.0')).toEqual({ browser: 'curl/8.5.0' });
    expect(deviceParts(null)).toEqual({ browser: '' });
    expect(isMobileSystem('Android')).toBe(true);
    expect(isMobileSystem('macOS')).toBe(false);
  });
});
