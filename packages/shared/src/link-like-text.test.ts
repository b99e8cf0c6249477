import { describe, expect, it } from 'vitest';
import { accountFields } from './account.js';
import { linkLikeText } from './link-like-text.js';

describe('linkLikeText', () => {
  it.each([
    'https://evil.example',
    'ftp://x',
    'evil.example/x',
    'Visit EVIL.EXAMPLE today',
    'www.x',
    'ada@evil.example',
    '192.168.0.1',
    'http:evil.example',
    'xn--80ak6aa92e.com',
    // Read as a mail client reads them: invisible characters dropped, compatibility dots folded.
    'evil\u200B.example',
    'evil\u00AD.example',
    'evil\uFF0Eexample',
    'evil\u3002example',
    'evil\u2024example',
    'evil\uFF0E\uFF45\uFF58',
  ])('finds a link in %j', (text) => {
    expect(linkLikeText(text)).toBe(true);
  });

  it.each([
    'Ada Lovelace',
    'J.R.R. Tolkien',
    'Dr. med. Ada Müller-Lüdenscheidt',
    "O'Brien",
    'St. Pauli 1.5',
    'Ada (she/her)',
    'Zoë 李小龍',
    'A. B.',
  ])('leaves %j plain', (text) => {
    expect(linkLikeText(text)).toBe(false);
  });
});

describe("an account's name", () => {
  it('refuses one that reads as a link, as it goes into mails to unverified addresses', () => {
    const result = accountFields.name().safeParse('Win at evil.example/x');
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['validation.noLink']);
    expect(accountFields.name().safeParse('Dr. Ada Lovelace').success).toBe(true);
  });
});
