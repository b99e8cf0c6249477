/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Escaped text whose line breaks stay line breaks. */
export function escapeMultiline(value: string): string {
  return escapeHtml(value).replace(/\r?\n/g, '<br>');
}

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/g;

/** Escaped text in which http(s) links are clickable (dev mailbox). */
export function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    html += escapeHtml(text.slice(last, start));
    const url = escapeHtml(match[0]);
    html += `<a href="${url}">${url}</a>`;
    last = start + match[0].length;
  }
  return html + escapeHtml(text.slice(last));
}

/** The http(s) links in a text, in order. */
export const linksIn = (text: string): string[] => [...text.matchAll(URL_PATTERN)].map((m) => m[0]);
