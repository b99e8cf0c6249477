/**
 * A tiny `html` tagged template with automatic escaping (ADR 017): every interpolated value is
 * escaped unless it is {@link Html} made by `html` itself or by {@link raw}. Arrays are joined,
 * `null`, `undefined` and `false` render nothing.
 */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Value = Html | string | number | boolean | null | undefined | readonly Value[];

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

function render(value: Value): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map((item: Value) => render(item)).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  let out = strings[0] ?? '';
  for (let index = 0; index < values.length; index += 1) {
    out += render(values[index]) + (strings[index + 1] ?? '');
  }
  return new Html(out);
}

/** Markup that is meant to be markup as is: the organiser's embed code, our own CSS. */
export const raw = (value: string): Html => new Html(value);

/** Only http(s) and mailto links reach an href; anything else (javascript:) becomes `#`. */
export function safeUrl(url: string): string {
  return /^(?:https?:\/\/|mailto:|\/(?!\/))/i.test(url.trim()) ? url.trim() : '#';
}

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]}]/gi;

/**
 * Plain text as HTML: escaped, line breaks kept; with `autoLinks`, http(s) URLs become links
 * that open in a new window without giving it access to this page.
 */
export function textBlock(text: string, autoLinks: boolean): Html {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return html`${paragraphs.map((part) => html`<p>${linkify(part, autoLinks)}</p>`)}`;
}

function linkify(text: string, autoLinks: boolean): Html {
  const lines = text.split('\n');
  return html`${lines.map((line, index) => html`${index > 0 ? raw('<br>') : ''}${autoLinks ? withLinks(line) : line}`)}`;
}

function withLinks(line: string): Html {
  const parts: Html[] = [];
  let last = 0;
  for (const match of line.matchAll(URL_PATTERN)) {
    const start = match.index;
    parts.push(html`${line.slice(last, start)}`);
    parts.push(
      html`<a href="${match[0]}" target="_blank" rel="noopener noreferrer">${match[0]}</a>`,
    );
    last = start + match[0].length;
  }
  parts.push(html`${line.slice(last)}`);
  return html`${parts}`;
}
