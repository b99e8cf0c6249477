import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAIL_STATUSES } from '../../db/schema.js';
import { linksIn } from '../../lib/html/linkify.js';
import { listMails, type MailRow } from '../../lib/mailer/outbox.js';
import { renderDevMailbox } from './dev-mailbox-page.js';
import { publicAccess } from '../../lib/openapi.js';

/**
 * The development mailbox (docs/architecture.md, "Stack", email): the outbox as JSON at
 * `GET /api/dev/mails` and as a page at `GET /dev/mailbox`. Registered only with the development
 * tools (`npm run dev`, the test harnesses; ADR 019); under `npm start` both paths are unknown
 * (404 / the dashboard's 404), whatever NODE_ENV says.
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
  /** The iCalendar invitation the mail carries (ADR 064), or null. */
  calendar: z.string().nullable(),
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
  calendar: mail.calendar,
});

export const devMailboxApiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/mails',
    {
      schema: {
        operationId: 'listDevMails',
        security: publicAccess,
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
      .send(renderDevMailbox(mails));
  });
};
