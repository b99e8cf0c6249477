// The polls' texts as the server rendered them into the block (polls-block.tsx, `%s` where a
// value goes), and the page language's number formats (docs/decisions/061-polls-on-the-page.md).

export const RATINGS = [1, 2, 3, 4, 5];

export interface PollTexts {
  /** The text of `key` with its value in place of `%s` (numbers in the page's format). */
  text(key: string, value?: string | number): string;
  /** `keyOne` or `keyOther`, as the page's language says for `count`, with the count in it. */
  counted(key: string, count: number): string;
  number: Intl.NumberFormat;
  percent: Intl.NumberFormat;
  /** The longest open answer the server takes. */
  textMax: number;
}

export function pollTexts(texts: DOMStringMap): PollTexts {
  const language = document.documentElement.lang || 'en';
  const plural = new Intl.PluralRules(language);
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 });
  const text = (key: string, value: string | number = '') =>
    (texts[key] ?? '').replace('%s', typeof value === 'number' ? number.format(value) : value);
  return {
    text,
    counted: (key, count) =>
      text(`${key}${plural.select(count) === 'one' ? 'One' : 'Other'}`, count),
    number,
    percent,
    textMax: Number(texts.textMax) || 200,
  };
}
