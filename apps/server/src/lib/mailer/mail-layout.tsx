import type { Language } from '@livent/shared';
import { Fragment, type CSSProperties, type ReactNode } from 'react';

/** The colours of the dashboard's theme (apps/web), so that mails look like the product. */
const PRIMARY = '#4F46E5';
const INK = '#1E293B';
const MUTED = '#475569';
const PAGE = '#F1F5F9';
const BORDER = '#E2E8F0';
const FONT = 'Arial,Helvetica,sans-serif';
/** The product's name, the same in every language. */
const BRAND = 'Livent';

/**
 * Elements marked with this attribute exist for the HTML part only: the plain-text part
 * (plain-text.ts) leaves them out, e.g. the brand bar and the button, whose link the text part
 * writes out once.
 */
export const HTML_ONLY = { 'data-text': 'skip' } as const;

// Mail clients drop <style> blocks and external stylesheets (Gmail, Outlook), so every style is
// inline and the frame is a table layout (ADR 023).
const paragraphStyle: CSSProperties = {
  margin: '0 0 16px',
  fontFamily: FONT,
  fontSize: '16px',
  lineHeight: '24px',
  color: INK,
};

/**
 * Long words may break anywhere, so that a mail fits a phone's 375 px (ADR 049): personal links
 * carry 43-character tokens and slugs of many words, and a link that the mail's text or a
 * value turned into one (Linkify) has no other place to break. `overflow-wrap: anywhere` also
 * lets the table cells shrink (it counts for their minimum width, `break-word` does not);
 * `word-break: break-word` is the same for clients that know only the older name.
 */
const wrapAnywhere: CSSProperties = { overflowWrap: 'anywhere', wordBreak: 'break-word' };

const presentation = {
  role: 'presentation',
  cellPadding: 0,
  cellSpacing: 0,
  border: 0,
} as const;

export function Paragraph({ children }: { children: ReactNode }) {
  return <p style={paragraphStyle}>{children}</p>;
}

/** Text whose line breaks stay line breaks (a message someone typed). */
export function MultilineText({ text }: { text: string }) {
  // Lines have no identity but their place, and the list never reorders: the index is the key.
  return text.split(/\r?\n/).map((line, index) => (
    <Fragment key={index}>
      {index > 0 && <br />}
      {line}
    </Fragment>
  ));
}

/** A quoted block of someone else's words, set apart from the mail's own text. */
export function Quote({ text }: { text: string }) {
  return (
    <p
      style={{
        ...paragraphStyle,
        padding: '12px 16px',
        borderLeft: '3px solid #CBD5E1',
        background: '#F8FAFC',
      }}
    >
      <MultilineText text={text} />
    </p>
  );
}

/**
 * The call to action: a button, and below it the same link written out for clients that hide
 * buttons. The plain-text part keeps the written-out link only.
 */
export function ActionButton({
  label,
  url,
  fallback,
}: {
  label: string;
  url: string;
  fallback: string;
}) {
  return (
    <>
      <table {...presentation} {...HTML_ONLY} style={{ margin: '8px 0 24px' }}>
        <tbody>
          <tr>
            <td style={{ borderRadius: '6px', background: PRIMARY }}>
              <a
                href={url}
                style={{
                  display: 'inline-block',
                  padding: '12px 24px',
                  fontFamily: FONT,
                  fontSize: '16px',
                  fontWeight: 'bold',
                  color: '#FFFFFF',
                  textDecoration: 'none',
                  borderRadius: '6px',
                }}
              >
                {label}
              </a>
            </td>
          </tr>
        </tbody>
      </table>
      <p style={{ ...paragraphStyle, fontSize: '14px', lineHeight: '20px', color: MUTED }}>
        <span {...HTML_ONLY}>
          {fallback}
          <br />
        </span>
        <a href={url} style={{ color: PRIMARY, wordBreak: 'break-all' }}>
          {url}
        </a>
      </p>
    </>
  );
}

/**
 * The one frame of every mail: a centred card on a tinted page with the brand bar on top and the
 * footer below, as a table layout that every mail client renders (no <style> blocks, no external
 * images).
 */
export function MailLayout({
  language,
  subject,
  footer,
  children,
}: {
  language: Language;
  subject: string;
  footer: string;
  children: ReactNode;
}) {
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>{subject}</title>
      </head>
      <body style={{ margin: 0, padding: 0, background: PAGE }}>
        <table {...presentation} width="100%" style={{ background: PAGE }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: '32px 12px' }}>
                <table
                  {...presentation}
                  width="100%"
                  style={{
                    maxWidth: '560px',
                    background: '#FFFFFF',
                    borderRadius: '8px',
                    border: `1px solid ${BORDER}`,
                  }}
                >
                  <tbody>
                    <tr {...HTML_ONLY}>
                      <td
                        style={{
                          padding: '20px 32px',
                          borderBottom: `3px solid ${PRIMARY}`,
                          fontFamily: FONT,
                          fontSize: '22px',
                          fontWeight: 'bold',
                          color: PRIMARY,
                        }}
                      >
                        {BRAND}
                      </td>
                    </tr>
                    <tr>
                      <td style={{ ...wrapAnywhere, padding: '32px 32px 16px' }}>{children}</td>
                    </tr>
                    <tr>
                      <td
                        style={{
                          ...wrapAnywhere,
                          padding: '16px 32px 24px',
                          borderTop: `1px solid ${BORDER}`,
                          fontFamily: FONT,
                          fontSize: '12px',
                          lineHeight: '18px',
                          color: MUTED,
                        }}
                      >
                        {footer}
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}
