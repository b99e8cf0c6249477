import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAIL_STATUSES } from '../../db/schema.js';
import { escapeHtml, linkify, linksIn } from '../../lib/mailer/html.js';
import { listMails, type MailRow } from '../../lib/mailer/outbox.js';

/**
 * The development mailbox (ARCHITECTURE.md, "Stack", email): the outbox as JSON at
 * `GET /api/dev/mails` and as a page at `GET /dev/mailbox`. Registered only outside production
 * (ADR 012); in production both paths are unknown (404 / the dashboard's 404).
 */
const devMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  replyTo: z.string().nullable(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  template: z.string(),
  language: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  text: z.string(),
  /** The links of the text, e.g. the verification link for end-to-end tests. */
  links: z.array(z.string()),
});

const devMailsQuerySchema = z.strictObject({
  to: z.string().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

const toDevMail = (mail: MailRow): z.infer<typeof devMailSchema> => ({
  id: mail.id,
  to: mail.to,
  replyTo: mail.reply_to,
  subject: mail.subject,
  status: mail.status,
  template: mail.template,
  language: mail.language,
  attempts: mail.attempts,
  lastError: mail.last_error,
  createdAt: mail.created_at,
  sentAt: mail.sent_at,
  text: mail.text,
  links: linksIn(mail.text),
});

export const devMailboxApiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/mails',
    {
      schema: {
        tags: ['development'],
        summary: 'The outbox, newest first (not in production)',
        querystring: devMailsQuerySchema,
        response: { 200: z.array(devMailSchema) },
      },
    },
    async (request) => (await listMails(app.db, request.query)).map(toDevMail),
  );
};

export const DEV_MAILBOX_PATH = '/dev/mailbox';

export const devMailboxPageRoutes: FastifyPluginAsync = async (app) => {
  app.get(DEV_MAILBOX_PATH, { schema: { hide: true } }, async (_request, reply) => {
    const mails = await listMails(app.db, { limit: 200 });
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderMailbox(mails));
  });
};

function renderMailbox(mails: MailRow[]): string {
  const items = mails
    .map(
      (mail) => `<article>
<h2>${escapeHtml(mail.subject)}</h2>
<dl>
<dt>To</dt><dd>${escapeHtml(mail.to)}</dd>
<dt>Status</dt><dd class="status-${escapeHtml(mail.status)}">${escapeHtml(mail.status)}${mail.last_error ? ` — ${escapeHtml(mail.last_error)}` : ''}</dd>
<dt>Created</dt><dd><time datetime="${escapeHtml(mail.created_at)}">${escapeHtml(mail.created_at)}</time></dd>
<dt>Template</dt><dd>${escapeHtml(mail.template)} (${escapeHtml(mail.language)})</dd>
</dl>
<pre>${linkify(mail.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Livent dev mailbox</title>
<style>
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
</style>
</head>
<body>
<h1>Dev mailbox</h1>
<p>Every mail in the outbox, newest first. Only outside production; the same as JSON at <a href="/api/dev/mails">/api/dev/mails</a>.</p>
${items || '<p>No mails yet.</p>'}
</body>
</html>
`;
}
