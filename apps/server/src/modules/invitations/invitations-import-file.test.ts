import { describe, expect, it } from 'vitest';
import {
  detectDelimiter,
  detectHeader,
  guessMapping,
  parseCsv,
} from './invitations-import-file.js';

/** The mapping proposed for a file whose first line is `header`. */
function mappingOf(header: string[]) {
  const rows = [{ line: 1, cells: header }];
  expect(detectHeader(rows)).toBe(true);
  return guessMapping(rows, true);
}

describe('reading an import file', () => {
  it.each([
    'Email',
    'email',
    'E-Mail',
    'e-mail',
    'Mail',
    'E-mail address',
    'Email Address',
    'E-Mail-Adresse',
    'E-Mail Adresse',
    'Mailadresse',
    ' EMAIL_ADDRESS ',
    'E-Mail:',
    'E-Mail *',
  ])('maps the column "%s" to the email', (header) => {
    expect(mappingOf(['Name', header])).toEqual({ 0: 'name', 1: 'email' });
  });

  it.each(['Name', 'Full name', 'Vorname Nachname', 'Vor- und Nachname', 'Anzeigename'])(
    'maps the column "%s" to the name',
    (header) => {
      expect(mappingOf([header, 'E-Mail'])).toEqual({ 0: 'name', 1: 'email' });
    },
  );

  it('maps passwords and tokens, each target to its first column only', () => {
    expect(mappingOf(['E-Mail', 'Kennwort', 'Persönlicher Link', 'Mail'])).toEqual({
      0: 'email',
      1: 'password',
      2: 'token',
    });
  });

  it('takes the delimiter that splits the first line, a tab or semicolon before a comma on a tie', () => {
    expect(detectDelimiter('Name,E-Mail\nAda;Lovelace,ada@example.com')).toBe(',');
    expect(detectDelimiter('Name;E-Mail\n')).toBe(';');
    expect(detectDelimiter('Name\tE-Mail\r\n')).toBe('\t');
    expect(detectDelimiter('"Name; Vorname",E-Mail\n')).toBe(',');
    // A comma in a column name counts as often as the delimiter.
    expect(detectDelimiter('Name, Vorname;E-Mail\n')).toBe(';');
    expect(detectDelimiter('Name, Vorname\tE-Mail\n')).toBe('\t');
    expect(detectDelimiter('ada@example.com\n')).toBe(',');
  });

  it("parses Excel's tab-separated Unicode text with quoted cells", () => {
    const text = 'Name\tE-Mail-Adresse\r\n"Lovelace, ""Ada"""\tada@example.com\r\n';
    expect(parseCsv(text, detectDelimiter(text)).map((row) => row.cells)).toEqual([
      ['Name', 'E-Mail-Adresse'],
      ['Lovelace, "Ada"', 'ada@example.com'],
    ]);
  });
});
