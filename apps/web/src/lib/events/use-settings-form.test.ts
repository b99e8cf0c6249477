import { DEFAULT_EVENT_SETTINGS, type EventSettings } from '@livent/shared';
import { describe, expect, it } from 'vitest';
import { changedSettings, emptyToNull, pickSettings } from './use-settings-form';

const saved: EventSettings = {
  ...DEFAULT_EVENT_SETTINGS,
  title: 'Launch',
  slug: 'launch',
  menuItems: [{ name: 'Agenda', link: 'https://example.com', newWindow: false }],
};

describe('the editor sends only the changed settings (spec/api.md)', () => {
  it('picks the section’s settings as form values', () => {
    expect(pickSettings(saved, ['title', 'playerMode'])).toEqual({
      title: 'Launch',
      playerMode: 'iframe',
    });
  });

  it('sends nothing when nothing changed, and a field changed back is not sent', () => {
    expect(changedSettings(pickSettings(saved, ['title', 'headline']), saved)).toEqual({});
  });

  it('sends each changed field, lists whole', () => {
    const values = {
      ...pickSettings(saved, ['title', 'headline', 'menuItems', 'startDate']),
      headline: 'Live now',
      startDate: '2026-12-24',
      menuItems: [{ name: 'Agenda', link: 'https://example.com', newWindow: true }],
    };
    expect(changedSettings(values, saved)).toEqual({
      headline: 'Live now',
      startDate: '2026-12-24',
      menuItems: [{ name: 'Agenda', link: 'https://example.com', newWindow: true }],
    });
  });

  it('never sends settings the plan locks', () => {
    const values = { ...pickSettings(saved, ['contactName', 'contactWebsite']) };
    values.contactName = 'Ada';
    values.contactWebsite = 'https://example.com';
    expect(changedSettings(values, saved, ['contactName'])).toEqual({
      contactWebsite: 'https://example.com',
    });
  });

  it('stores an emptied date as null', () => {
    expect(emptyToNull('')).toBeNull();
    expect(emptyToNull('2026-12-24')).toBe('2026-12-24');
  });
});
