/**
 * Whether a text would turn into a link in a mail (ADR 047): mail clients link not only
 * `https://…` but also `www.…`, bare domains such as `evil.example/x` and email addresses, so
 * text a stranger typed must hold none of them before it reaches a mail. A dot between a letter
 * or digit and two more reads as a domain ("Dr.med" too: a space after the dot keeps it plain
 * text). The text is read as a mail client would see it: compatibility forms folded (NFKC turns
 * the fullwidth dot and the one-dot leader into `.`) and invisible characters dropped, so that
 * `evil\u200B.example` or `evil．example` count as well.
 */
export function linkLikeText(text: string): boolean {
  const seen = text.normalize('NFKC').replace(/\p{Default_Ignorable_Code_Point}/gu, '');
  return LINK_LIKE.some((pattern) => pattern.test(seen));
}

/** The dots of domain names: `.` and the ideographic full stop, which IDNA reads as one. */
const DOT = '[.\u3002]';
const LINK_LIKE = [
  /:\/\//,
  /\bwww\d{0,3}[.\u3002]/i,
  /[^\s@]@[^\s@]/,
  new RegExp(`[\\p{L}\\p{N}]${DOT}[\\p{L}\\p{N}]{2}`, 'u'),
];
