import { routingRuleSchema, type RoutingRule } from '@livent/shared';
import { describe, expect, it } from 'vitest';
import { acceptedLanguages } from '../../lib/accept-language.js';
import { needsCountry, pickChannel, type Viewer } from './channel-routing.js';
import { createCountryLookup } from './geo.js';

const rule = (kind: RoutingRule['kind'], value: string, channelId: string): RoutingRule =>
  routingRuleSchema.parse({ kind, value, channelId });

const viewer = (fields: Partial<Viewer> = {}): Viewer => ({
  ip: '198.51.100.7',
  country: undefined,
  languages: [],
  ...fields,
});

describe('pickChannel', () => {
  describe('IP address or network', () => {
    const rules = [
      rule('ip', '203.0.113.0/24', 'office-v4'),
      rule('ip', '2001:db8::/32', 'office-v6'),
      rule('ip', '192.0.2.10', 'one-host'),
      rule('ip', '::ffff:198.18.0.0/112', 'mapped-network'),
    ];

    it.each([
      ['203.0.113.0', 'office-v4'],
      ['203.0.113.255', 'office-v4'],
      ['2001:db8::1', 'office-v6'],
      ['2001:db8:ffff:1::abcd', 'office-v6'],
      ['192.0.2.10', 'one-host'],
      // An IPv4 viewer on a dual-stack socket arrives as an IPv4-mapped IPv6 address.
      ['::ffff:203.0.113.42', 'office-v4'],
      ['::ffff:192.0.2.10', 'one-host'],
      // A rule written as an IPv4-mapped network matches plain IPv4 viewers.
      ['198.18.3.4', 'mapped-network'],
    ])('sends %s to %s', (ip, channel) => {
      expect(pickChannel(rules, viewer({ ip }))).toBe(channel);
    });

    it.each(['203.0.114.1', '192.0.2.11', '2001:db9::1', '::1', '198.19.0.1', 'not-an-ip', ''])(
      'leaves %s alone',
      (ip) => {
        expect(pickChannel(rules, viewer({ ip }))).toBeUndefined();
      },
    );
  });

  describe('country', () => {
    const rules = [rule('country', 'de', 'german'), rule('country', 'US', 'american')];

    it('compares ISO codes (stored in upper case)', () => {
      expect(rules[0]!.value).toBe('DE');
      expect(pickChannel(rules, viewer({ country: 'DE' }))).toBe('german');
      expect(pickChannel(rules, viewer({ country: 'US' }))).toBe('american');
      expect(pickChannel(rules, viewer({ country: 'FR' }))).toBeUndefined();
      expect(pickChannel(rules, viewer({ country: undefined }))).toBeUndefined();
    });

    it('works with the countries GeoIP answers for real addresses', () => {
      const lookup = createCountryLookup(undefined);
      const countryOf = (ip: string) => lookup({ ip, headers: {} });
      expect(
        pickChannel(rules, viewer({ ip: '81.169.145.1', country: countryOf('81.169.145.1') })),
      ).toBe('german');
      expect(pickChannel(rules, viewer({ ip: '8.8.8.8', country: countryOf('8.8.8.8') }))).toBe(
        'american',
      );
    });
  });

  describe('browser language', () => {
    const rules = [rule('language', 'de', 'deutsch'), rule('language', 'EN', 'english')];

    it.each([
      ['de-DE,de;q=0.9,en;q=0.8', 'deutsch'],
      ['en-US,en;q=0.9', 'english'],
      // The viewer's preference decides between language rules, not their order.
      ['en-GB,de;q=0.7', 'english'],
      ['fr-FR,de;q=0.5', 'deutsch'],
      ['fr-FR', undefined],
      ['de;q=0', undefined],
      ['', undefined],
    ])('sends "%s" to %s', (header, channel) => {
      expect(pickChannel(rules, viewer({ languages: acceptedLanguages(header) }))).toBe(channel);
    });
  });

  it('takes the first matching rule across kinds', () => {
    const rules = [
      rule('ip', '10.0.0.0/8', 'intranet'),
      rule('country', 'AT', 'austria'),
      rule('language', 'de', 'deutsch'),
    ];
    const austrianInOffice = viewer({ ip: '10.1.2.3', country: 'AT', languages: ['de'] });
    expect(pickChannel(rules, austrianInOffice)).toBe('intranet');
    expect(pickChannel(rules, { ...austrianInOffice, ip: '198.51.100.1' })).toBe('austria');
    expect(pickChannel(rules, { ...austrianInOffice, ip: '198.51.100.1', country: 'CH' })).toBe(
      'deutsch',
    );
    expect(pickChannel([], austrianInOffice)).toBeUndefined();
  });

  it('tells whether the country is needed', () => {
    expect(needsCountry([rule('language', 'de', 'a')])).toBe(false);
    expect(needsCountry([rule('language', 'de', 'a'), rule('country', 'DE', 'b')])).toBe(true);
  });
});

describe('acceptedLanguages', () => {
  it.each([
    ['de-CH, en;q=0.8, de;q=0.9, *;q=0.1', ['de', 'en']],
    ['EN-us', ['en']],
    ['fr;q=0.5, es', ['es', 'fr']],
    ['en;q=abc, de', ['de']],
    ['x-klingon, i-default, de', ['de']],
    [undefined, []],
  ])('%s → %j', (header, languages) => {
    expect(acceptedLanguages(header)).toEqual(languages);
  });
});

describe('createCountryLookup', () => {
  it('answers from the GeoIP database without a configured header', () => {
    const lookup = createCountryLookup(undefined);
    expect(lookup({ ip: '81.169.145.1', headers: {} })).toBe('DE');
    expect(lookup({ ip: '8.8.8.8', headers: {} })).toBe('US');
    expect(lookup({ ip: '::ffff:81.169.145.1', headers: {} })).toBe('DE');
    expect(lookup({ ip: '2a01:238:20a:202:1000::1', headers: {} })).toBe('DE');
    // Private and documentation addresses have no country; a client header is ignored.
    expect(lookup({ ip: '10.0.0.1', headers: { 'cf-ipcountry': 'DE' } })).toBeUndefined();
  });

  it('trusts only the configured CDN header when there is one', () => {
    const lookup = createCountryLookup('cf-ipcountry');
    expect(lookup({ ip: '8.8.8.8', headers: { 'cf-ipcountry': 'de' } })).toBe('DE');
    // Cloudflare's "unknown" and "Tor" answers, and no header: unknown, not the address's country.
    expect(lookup({ ip: '8.8.8.8', headers: { 'cf-ipcountry': 'XX' } })).toBeUndefined();
    expect(lookup({ ip: '8.8.8.8', headers: { 'cf-ipcountry': 'T1' } })).toBeUndefined();
    expect(lookup({ ip: '8.8.8.8', headers: {} })).toBeUndefined();
  });
});
