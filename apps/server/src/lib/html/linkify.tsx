import { Fragment, type ReactNode } from 'react';

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]}]/gi;

/**
 * Plain text with its http(s) URLs as links that open in a new window without access to the
 * page that opened them; everything else stays text (React escapes it). Shared by the public
 * page and the emails, so that one pattern decides what a link is.
 */
export function Linkify({ text }: { text: string }): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push(
      <a key={match.index} href={match[0]} target="_blank" rel="noopener noreferrer">
        {match[0]}
      </a>,
    );
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}

/**
 * Plain text as paragraphs (a blank line between them) with its line breaks kept; with
 * `autoLinks`, URLs become links (see {@link Linkify}).
 */
export function TextBlock({ text, autoLinks }: { text: string; autoLinks: boolean }): ReactNode {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return (
    <>
      {paragraphs.map((paragraph, index) => (
        <p key={index}>
          {paragraph.split('\n').map((line, lineIndex) => (
            <Fragment key={lineIndex}>
              {lineIndex > 0 && <br />}
              {autoLinks ? <Linkify text={line} /> : line}
            </Fragment>
          ))}
        </p>
      ))}
    </>
  );
}

/** The http(s) URLs of a text, in order, by the same pattern that {@link Linkify} links. */
export const linksIn = (text: string): string[] =>
  [...text.matchAll(URL_PATTERN)].map((match) => match[0]);
