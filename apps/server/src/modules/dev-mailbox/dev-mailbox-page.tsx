/* eslint-disable i18next/no-literal-string -- a developer's tool, never shown to users (ADR 012): English only */
import { calendarMethodOf } from '../../lib/calendar/ics.js';
import { renderDocument } from '../../lib/html/render-document.js';
import { Linkify } from '../../lib/html/linkify.js';
import type { MailRow } from '../../lib/mailer/outbox.js';

// A constant stylesheet with no user data in it; React would escape its text, so it goes in as is.
const STYLES = `
body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 860px; padding: 24px; color: #1e293b; }
article { border: 1px solid #e2e8f0; border-radius: 8px; padding: 16px 20px; margin: 16px 0; }
h2 { font-size: 1.1rem; margin: 0 0 8px; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; margin: 0 0 12px; font-size: 0.9rem; }
dt { color: #475569; }
dd { margin: 0; }
pre { white-space: pre-wrap; word-break: break-word; background: #f8fafc; padding: 12px; border-radius: 6px; }
a { color: #4f46e5; }
.status-accepted, .status-delivered { color: #15803d; }
.status-rejected, .status-failedpermanent { color: #b91c1c; }
.status-failedtemporary { color: #b45309; }
`;

function MailEntry({ mail }: { mail: MailRow }) {
  return (
    <article>
      <h2>{mail.subject}</h2>
      <dl>
        <dt>To</dt>
        <dd>{mail.to}</dd>
        <dt>Status</dt>
        <dd className={`status-${mail.status}`}>
          {mail.status}
          {mail.last_error && ` — ${mail.last_error}`}
        </dd>
        <dt>Created</dt>
        <dd>
          <time dateTime={mail.created_at}>{mail.created_at}</time>
        </dd>
        <dt>Template</dt>
        <dd>
          {mail.template} ({mail.language})
        </dd>
        {mail.calendar && (
          <>
            <dt>Invitation</dt>
            <dd>{calendarMethodOf(mail.calendar) ?? 'calendar'} (.ics attached)</dd>
          </>
        )}
      </dl>
      <pre>
        <Linkify text={mail.text} />
      </pre>
      {mail.calendar && (
        <details>
          <summary>Calendar invitation</summary>
          <pre>{mail.calendar}</pre>
        </details>
      )}
    </article>
  );
}

function DevMailboxPage({ mails }: { mails: MailRow[] }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Livent dev mailbox</title>
        <style dangerouslySetInnerHTML={{ __html: STYLES }} />
      </head>
      <body>
        <h1>Dev mailbox</h1>
        <p>
          Every mail in the outbox, newest first. Only on a developer&apos;s own server; the same as
          JSON at <a href="/api/dev/mails">/api/dev/mails</a>.
        </p>
        {mails.length === 0 ? (
          <p>No mails yet.</p>
        ) : (
          mails.map((mail) => <MailEntry key={mail.id} mail={mail} />)
        )}
      </body>
    </html>
  );
}

/** The outbox as a page (newest first), every value escaped by React, links clickable. */
export function renderDevMailbox(mails: MailRow[]): string {
  return renderDocument(<DevMailboxPage mails={mails} />);
}
