import { describe, expect, it } from 'vitest';
import { decodeCsv } from './csv.js';

const bytes = (...values: number[]) => Uint8Array.from(values);

/** "Grüße €" and a tab-separated second line, as UTF-16 code units. */
const UNICODE_TEXT = 'Name\tE-Mail\r\nGrüße €\tg@example.com\r\n';

describe('decodeCsv', () => {
  it('decodes all 32 bytes 0x80–0x9F of Windows-1252 as WHATWG maps them, the 5 unassigned as replaced', () => {
    const all = [...Array(32).keys()].map((index) => 0x80 + index);
    // A lone 0x80 is no UTF-8, so the whole file is Windows-1252.
    const decoded = decodeCsv(bytes(...all));
    expect(decoded).toEqual({
      text: '€\ufffd‚ƒ„…†‡ˆ‰Š‹Œ\ufffdŽ\ufffd\ufffd‘’“”•–—˜™š›œ\ufffdžŸ',
      encoding: 'windows-1252',
      replacedCharacters: true,
    });
  });

  it('reads the characters spreadsheets write in Windows-1252 without reporting replacements', () => {
    const text = '„Grüße“ – €5 ’Š‘ ž';
    const windows1252 = bytes(
      0x84,
      0x47,
      0x72,
      0xfc,
      0xdf,
      0x65,
      0x93,
      0x20,
      0x96,
      0x20,
      0x80,
      0x35,
      0x20,
      0x92,
      0x8a,
      0x91,
      0x20,
      0x9e,
    );
    expect(decodeCsv(windows1252)).toEqual({
      text,
      encoding: 'windows-1252',
      replacedCharacters: false,
    });
  });

  it('reads UTF-8 with and without a byte order mark', () => {
    const utf8 = Buffer.from('Grüße „€“');
    expect(decodeCsv(utf8)).toEqual({
      text: 'Grüße „€“',
      encoding: 'utf-8',
      replacedCharacters: false,
    });
    expect(decodeCsv(Buffer.concat([bytes(0xef, 0xbb, 0xbf), utf8])).text).toBe('Grüße „€“');
    // Broken UTF-8 after a BOM stays UTF-8, with the broken bytes replaced.
    expect(decodeCsv(bytes(0xef, 0xbb, 0xbf, 0x41, 0xff))).toEqual({
      text: 'A\ufffd',
      encoding: 'utf-8',
      replacedCharacters: true,
    });
  });

  it("reads Excel's Unicode text: UTF-16 little- and big-endian by their byte order mark", () => {
    const littleEndian = Buffer.concat([bytes(0xff, 0xfe), Buffer.from(UNICODE_TEXT, 'utf16le')]);
    expect(decodeCsv(littleEndian)).toEqual({
      text: UNICODE_TEXT,
      encoding: 'utf-16le',
      replacedCharacters: false,
    });
    const bigEndian = Buffer.concat([
      bytes(0xfe, 0xff),
      Buffer.from(UNICODE_TEXT, 'utf16le').swap16(),
    ]);
    expect(decodeCsv(bigEndian)).toEqual({
      text: UNICODE_TEXT,
      encoding: 'utf-16be',
      replacedCharacters: false,
    });
  });

  it('reports a lone surrogate or an odd byte in UTF-16 as replaced', () => {
    // "A", then the high surrogate D800 with no low one after it.
    expect(decodeCsv(bytes(0xff, 0xfe, 0x41, 0x00, 0x00, 0xd8))).toEqual({
      text: 'A\ufffd',
      encoding: 'utf-16le',
      replacedCharacters: true,
    });
    expect(decodeCsv(bytes(0xfe, 0xff, 0x00, 0x41, 0x00))).toEqual({
      text: 'A\ufffd',
      encoding: 'utf-16be',
      replacedCharacters: true,
    });
  });
});
