import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC_CONSTRAINTS } from '../../../lib/events-origin.js';
import { noContent, publicAccess } from '../../../lib/openapi.js';
import { FORM_CONTENT_TYPE } from '../gates/gate-answers.js';
import { eventsNotFoundHandler, NO_STORE, pageHeaders } from '../page/page-answers.js';
import { statementPath } from '../page/page-data.js';
import { HTML, pageParams, tags } from '../public-schemas.js';
import { viewerOf } from '../viewer-cookie.js';
import type { FeedbackOutcome } from './accessibility-feedback.js';

/** The statement's form; every field may be missing or wrong, the page then says which. */
const feedbackForm = z.object({
  message: z.string().max(20_000).optional(),
  name: z.string().max(1_000).optional(),
  email: z.string().max(1_000).optional(),
});
const statementQuery = z.object({ sent: z.literal('1').optional() });
/**
 * A report of 5,000 characters, percent-encoded, is up to 45 KB (a German or accented text is
 * mostly `%C3%..` pairs): more room than the gates' short forms need.
 */
const REPORT_FORM_MAX_BYTES = 64 * 1024;

/**
 * An event's accessibility statement and its feedback channel (ADR 052), on the events origin:
 * GET shows the statement with the form; POST mails the report to the event's owner and answers
 * 303 back to the statement saying it was sent, or the statement again with what is wrong (400)
 * or when to retry (429). A plain form: it works without script.
 */
export const accessibilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const pages = app.services.publicPages.page;
  const feedback = app.services.publicPages.accessibilityFeedback;
  const headers = pageHeaders(app.config.eventsUrl);
  const sendNotFound = eventsNotFoundHandler(pages);
  const constraints = PUBLIC_CONSTRAINTS;

  async function sendStatement(
    request: FastifyRequest,
    reply: FastifyReply,
    slug: string,
    status: number,
    outcome?: FeedbackOutcome,
  ) {
    const page = await pages.statementPage(slug, request.headers['accept-language'], outcome);
    if (!page) return sendNotFound(request, reply);
    reply.code(status).headers(headers).header('cache-control', NO_STORE);
    if (page.negotiated) reply.header('vary', 'Accept-Language');
    return reply.send(page.body);
  }

  app.get(
    '/:slug/_accessibility',
    {
      constraints,
      config: { securityHeaders: false },
      schema: {
        operationId: 'getAccessibilityStatement',
        security: publicAccess,
        tags,
        summary: "An event's accessibility statement, with the form that reports a barrier",
        description:
          "The statement in the page's language and the event's look, open to everyone (also for a protected event: it shows only its title and look). `sent=1` shows that a report was sent. Not cached. Unknown slugs answer the 404 page.",
        params: pageParams,
        querystring: statementQuery,
        response: { 200: HTML.page, 404: HTML.notFound },
      },
    },
    async (request, reply) =>
      sendStatement(
        request,
        reply,
        request.params.slug,
        200,
        request.query.sent ? { kind: 'sent' } : undefined,
      ),
  );

  app.post(
    '/:slug/_accessibility',
    {
      constraints,
      bodyLimit: REPORT_FORM_MAX_BYTES,
      config: { securityHeaders: false },
      schema: {
        operationId: 'sendAccessibilityFeedback',
        security: publicAccess,
        tags,
        summary: "A viewer's report of a barrier, mailed to the event's organiser",
        description:
          "Form fields `message` (required, up to 5,000 characters), `name` and `email` (optional; the address becomes the mail's Reply-To). Mailed to the event's owner only; answers 303 to the statement with `sent=1`, or the statement again with the fields' errors (400). Limited per viewer (a cookie), per address and per event: 429 with `Retry-After` and the statement saying when to retry.",
        params: pageParams,
        consumes: [FORM_CONTENT_TYPE],
        body: feedbackForm,
        response: { 303: noContent, 400: HTML.page, 404: HTML.notFound, 429: HTML.page },
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      const outcome = await feedback.send(slug, request.body, viewerOf(request, reply));
      if (!outcome) return sendNotFound(request, reply);
      if (outcome.kind === 'sent') {
        return reply
          .header('cache-control', NO_STORE)
          .redirect(`${statementPath(slug)}?sent=1#lv-feedback-title`, 303);
      }
      if (outcome.kind === 'tooMany') {
        reply.header('retry-after', String(outcome.retryAfterSeconds));
        return sendStatement(request, reply, slug, 429, outcome);
      }
      return sendStatement(request, reply, slug, 400, outcome);
    },
  );
};
