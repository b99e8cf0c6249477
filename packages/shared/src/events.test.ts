import { describe, expect, it } from 'vitest';
import {
  channelOverridesSchema,
  DEFAULT_EVENT_SETTINGS,
  eventSettingsPatchSchema,
  eventSettingsSchema,
  iframeSource,
  routingRuleSchema,
} from './events.js';

const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('event settings', () => {
  it('accept the defaults of a new event', () => {
    const parsed = eventSettingsSchema.safeParse({
      ...DEFAULT_EVENT_SETTINGS,
      title: 'Launch',
      slug: 'launch',
    });
    expect(parsed.success).toBe(true);
  });

  it('patch only known fields, with the spec messages', () => {
    expect(firstMessage(eventSettingsPatchSchema.safeParse({ owner: 'x' }))).toBe(
      'validation.unknownField',
    );
    expect(firstMessage(eventSettingsPatchSchema.safeParse({ slug: 'Not A Slug' }))).toBe(
      'validation.slug',
    );
    expect(firstMessage(eventSettingsPatchSchema.safeParse({ accentColor: 'red' }))).toBe(
      'validation.color',
    );
    expect(firstMessage(eventSettingsPatchSchema.safeParse({ extraFrameHeight: 961 }))).toBe(
      'validation.maxValue?max=960',
    );
    expect(firstMessage(eventSettingsPatchSchema.safeParse({ playerLink: 'nope' }))).toBe(
      'validation.url',
    );
    expect(firstMessage(eventSettingsPatchSchema.safeParse({ contactEmail: 'a@' }))).toBe(
      'validation.email',
    );
    expect(firstMessage(eventSettingsPatchSchema.safeParse({ startDate: '2026-02-30' }))).toBe(
      'validation.date',
    );
    expect(firstMessage(eventSettingsPatchSchema.safeParse({ startTime: '25:00' }))).toBe(
      'validation.time',
    );
    expect(eventSettingsPatchSchema.safeParse({ playerLink: '', contactEmail: '' }).success).toBe(
      true,
    );
    expect(
      firstMessage(
        eventSettingsPatchSchema.safeParse({
          menuItems: Array.from({ length: 11 }, () => ({
            name: 'a',
            link: 'https://a.example',
            newWindow: false,
          })),
        }),
      ),
    ).toBe('validation.maxEntries?max=10');
  });

  it('refuse image paths the server did not generate', () => {
    expect(eventSettingsPatchSchema.safeParse({ logo: '/uploads/0123abcd-ef.jpg' }).success).toBe(
      true,
    );
    expect(eventSettingsPatchSchema.safeParse({ logo: 'https://evil.example/x.jpg' }).success).toBe(
      false,
    );
    expect(eventSettingsPatchSchema.safeParse({ logo: '/uploads/../secret.jpg' }).success).toBe(
      false,
    );
  });
});

describe('iframeSource', () => {
  it('reduces pasted embed code to the iframe source', () => {
    expect(
      iframeSource(
        '<div><iframe width="560" src="https://player.example/embed?a=1&amp;b=2" allowfullscreen></iframe></div>',
      ),
    ).toBe('https://player.example/embed?a=1&b=2');
    expect(iframeSource("<IFRAME src='https://x.example/v'></IFRAME>")).toBe('https://x.example/v');
    expect(iframeSource('<video src="a.mp4"></video>')).toBeUndefined();
  });
});

describe('channel routing rules', () => {
  it('check IP addresses and networks', () => {
    for (const value of ['203.0.113.7', '10.0.0.0/8', '2001:db8::/32', '::1']) {
      expect(routingRuleSchema.safeParse({ kind: 'ip', value, channelId: 'c' }).success).toBe(true);
    }
    expect(
      firstMessage(routingRuleSchema.safeParse({ kind: 'ip', value: '300.1.1.1', channelId: 'c' })),
    ).toBe('validation.ipOrCidr');
    expect(
      firstMessage(
        routingRuleSchema.safeParse({ kind: 'ip', value: '10.0.0.0/33', channelId: 'c' }),
      ),
    ).toBe('validation.ipOrCidr');
  });

  it('normalise countries and languages', () => {
    expect(routingRuleSchema.parse({ kind: 'country', value: 'de', channelId: 'c' }).value).toBe(
      'DE',
    );
    expect(routingRuleSchema.parse({ kind: 'language', value: 'FR', channelId: 'c' }).value).toBe(
      'fr',
    );
  });
});

describe('channel overrides', () => {
  it('take only the overridable fields', () => {
    expect(channelOverridesSchema.safeParse({ title: 'Deutsch', language: 'de' }).success).toBe(
      true,
    );
    expect(channelOverridesSchema.safeParse({ accentColor: '#000000' }).success).toBe(false);
  });
});
