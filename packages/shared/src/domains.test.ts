import { describe, expect, it } from 'vitest';
import {
  createDomainSchema,
  normalizeHostname,
  normalizeRedirectUrl,
  updateDomainSchema,
} from './domains.js';

describe('normalizeHostname', () => {
  it.each([
    ['Events.Example.COM', 'events.example.com'],
    ['  example.org.  ', 'example.org'],
    ['bücher.example', 'xn--bcher-kva.example'],
    ['xn--bcher-kva.example', 'xn--bcher-kva.example'],
    ['a-b.c-d.example.co.uk', 'a-b.c-d.example.co.uk'],
    ['live.xn--p1ai', 'live.xn--p1ai'],
  ])('%s → %s', (input, name) => {
    expect(normalizeHostname(input)).toBe(name);
  });

  it.each([
    ['', 'empty'],
    ['example', 'one label'],
    ['*.example.com', 'a wildcard'],
    ['example.com:8443', 'a port'],
    ['https://example.com', 'a URL'],
    ['example.com/path', 'a path'],
    ['user@example.com', 'user info'],
    ['192.168.1.10', 'an IPv4 address'],
    ['0x7f.1', 'an IPv4 address in hex'],
    ['[::1]', 'an IPv6 address'],
    ['-bad.example.com', 'a label starting with a hyphen'],
    ['bad-.example.com', 'a label ending with a hyphen'],
    ['a..example.com', 'an empty label'],
    ['under_score.example.com', 'an underscore'],
    [`${'a'.repeat(64)}.example.com`, 'a label over 63'],
    [`${Array.from({ length: 60 }, () => 'abcd').join('.')}.com`, 'over 253 characters'],
    ['exa mple.com', 'white space'],
  ])('refuses %s (%s)', (input) => {
    expect(normalizeHostname(input)).toBeUndefined();
  });
});

describe('domain requests', () => {
  it('gives the translated hostname message for a bad name and no unknown fields', () => {
    const bad = createDomainSchema.safeParse({ name: 'example.com:80' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('validation.hostname');
    expect(createDomainSchema.safeParse({ name: 'example.com', userId: 'x' }).success).toBe(false);
  });

  it('takes an https redirect, null or the empty text for none, and refuses other schemes', () => {
    expect(updateDomainSchema.parse({ redirectUrl: 'https://example.com/x' })).toEqual({
      redirectUrl: 'https://example.com/x',
    });
    expect(updateDomainSchema.parse({ redirectUrl: '' })).toEqual({ redirectUrl: null });
    expect(updateDomainSchema.parse({ redirectUrl: null })).toEqual({ redirectUrl: null });
    const http = updateDomainSchema.safeParse({ redirectUrl: 'http://example.com' });
    expect(http.error?.issues[0]?.message).toBe('validation.url');
    expect(updateDomainSchema.safeParse({ status: 'active' }).success).toBe(false);
  });

  it('refuses control characters and white space in a redirect URL and stores it normalised', () => {
    const C0_C1_AND_SPACES = [
      '\r',
      '\n',
      '\t',
      '\u0000',
      '\u001f',
      '\u007f',
      '\u0085',
      '\u009b',
      ' ',
      '\u00a0',
      '\u2028',
    ];
    for (const character of C0_C1_AND_SPACES) {
      const result = updateDomainSchema.safeParse({
        redirectUrl: `https://example.com/a${character}b`,
      });
      expect(result.error?.issues[0]?.message, JSON.stringify(character)).toBe(
        'validation.urlCharacters',
      );
      expect(normalizeRedirectUrl(`https://example.com/a${character}b`)).toBeUndefined();
    }
    // Pasted with a line break at the end: trimmed like every text field.
    expect(updateDomainSchema.parse({ redirectUrl: ' https://Example.COM\n' })).toEqual({
      redirectUrl: 'https://example.com/',
    });
    expect(normalizeRedirectUrl('https://bücher.example/ä')).toBe(
      'https://xn--bcher-kva.example/%C3%A4',
    );
    for (const bad of ['//example.com/x', 'https://', 'data:text/html,x', 'http://example.com'])
      expect(normalizeRedirectUrl(bad), bad).toBeUndefined();
  });
});
