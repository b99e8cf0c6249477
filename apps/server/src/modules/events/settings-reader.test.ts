import { DEFAULT_EVENT_SETTINGS } from '@livent/shared';
import { describe, expect, it } from 'vitest';
import { readChannelOverrides, readEventSettings, readHighlightIds } from './settings-reader.js';

const row = (settings: string) => ({ settings, title: 'Launch', slug: 'launch' });

describe('readEventSettings', () => {
  it('keeps valid stored fields and fills the rest with defaults', () => {
    const settings = readEventSettings(
      row(JSON.stringify({ accentColor: '#aa0011', layout: 'tube', headerHeight: 120 })),
    );
    expect(settings).toEqual({
      ...DEFAULT_EVENT_SETTINGS,
      accentColor: '#aa0011',
      layout: 'tube',
      headerHeight: 120,
      title: 'Launch',
      slug: 'launch',
    });
  });

  it('falls back to the default for an invalid colour (nothing reaches the CSS unchecked)', () => {
    const settings = readEventSettings(
      row(
        JSON.stringify({
          accentColor: 'red;}body{display:none',
          textColor: '#123456',
          backgroundColor: '#12345',
        }),
      ),
    );
    expect(settings.accentColor).toBe(DEFAULT_EVENT_SETTINGS.accentColor);
    expect(settings.backgroundColor).toBe(DEFAULT_EVENT_SETTINGS.backgroundColor);
    expect(settings.textColor).toBe('#123456');
  });

  it('falls back per field for a wrong type or a value out of range', () => {
    const settings = readEventSettings(
      row(
        JSON.stringify({
          messagesEnabled: 'yes',
          headerHeight: 10_000,
          layout: 'grid',
          menuItems: [{ name: 'Home', link: 'javascript:alert(1)', newWindow: false }],
          headline: 'Still here',
        }),
      ),
    );
    expect(settings.messagesEnabled).toBe(false);
    expect(settings.headerHeight).toBe(DEFAULT_EVENT_SETTINGS.headerHeight);
    expect(settings.layout).toBe('classic');
    expect(settings.menuItems).toEqual([]);
    expect(settings.headline).toBe('Still here');
  });

  it('drops unknown fields, and title and slug always come from their columns', () => {
    const settings = readEventSettings(
      row(JSON.stringify({ secret: 1, title: 'Stored title', slug: 'stored' })),
    );
    expect(settings).not.toHaveProperty('secret');
    expect(settings.title).toBe('Launch');
    expect(settings.slug).toBe('launch');
  });

  it.each(['{not json', 'null', '[1,2]', '"text"', '42'])(
    'reads a broken or non-object document %s as the defaults',
    (stored) => {
      expect(readEventSettings(row(stored))).toEqual({
        ...DEFAULT_EVENT_SETTINGS,
        title: 'Launch',
        slug: 'launch',
      });
    },
  );
});

describe('readChannelOverrides', () => {
  it('keeps valid overrides and drops invalid ones and fields a channel may not override', () => {
    const overrides = readChannelOverrides(
      JSON.stringify({
        headline: 'Willkommen',
        language: 'de',
        playerMode: 'hologram',
        playerLink: 'javascript:alert(1)',
        accentColor: '#000000',
      }),
    );
    expect(overrides).toEqual({ headline: 'Willkommen', language: 'de' });
  });

  it('reads broken JSON as no overrides', () => {
    expect(readChannelOverrides('{')).toEqual({});
    expect(readChannelOverrides('[]')).toEqual({});
  });
});

describe('readHighlightIds', () => {
  it('reads null as all highlights, a list as its string ids, anything else as all', () => {
    expect(readHighlightIds(null)).toBeNull();
    expect(readHighlightIds('["a",2,"b"]')).toEqual(['a', 'b']);
    expect(readHighlightIds('{"a":1}')).toBeNull();
    expect(readHighlightIds('nope')).toBeNull();
  });
});
