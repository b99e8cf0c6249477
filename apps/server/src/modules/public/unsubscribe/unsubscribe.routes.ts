import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC_CONSTRAINTS } from '../../../lib/events-origin.js';
import {
  recordUnsubscribe,
  UNSUBSCRIBE_PATH,
  type UnsubscribeClaims,
} from '../../../lib/mailer/unsubscribe.js';
import { publicAccess } from '../../../lib/openapi.js';
import { FORM_CONTENT_TYPE, FORM_MAX_BYTES } from '../gates/gate-answers.js';
import { eventsNotFoundHandler, NO_STORE, pageHeaders } from '../page/page-answers.js';
import { HTML, tags } from '../public-schemas.js';
import { viewerLanguage } from '../viewer-language.js';
import { renderUnsubscribePage } from './unsubscribe-page.js';

/** RFC 8058 lets the mail client post its one-click body in either form encoding. */
const MULTIPART_CONTENT_TYPE = 'multipart/form-data';

// Any text: a token that is not ours is the 404 page, never a validation error.
const tokenQuery = z.strictObject({ t: z.string().default('') });
/** RFC 8058's one-click body; the token decides, so the body may also be absent or say more. */
const oneClickBody = z.object({ 'List-Unsubscribe': z.string().max(100).optional() }).nullish();

/**
 * The unsubscribe room (ADR 049): the link of a bulk mail's `List-Unsubscribe` header. GET shows
 * a page that asks (mail scanners open links: a GET never unsubscribes); POST, the page's button
 * or a mail client's one-click (RFC 8058), unsubscribes the address from the event's bulk mails.
 * The signed token alone says who and which event; a token that is not genuine is the 404 page.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now } = app;
  const links = app.services.mailer.unsubscribeLinks;
  const pages = app.services.publicPages.page;
  const headers = pageHeaders(app.config.eventsUrl);
  const sendNotFound = eventsNotFoundHandler(pages);

  // What a one-click post says is in the route already; its body is read and left unused.
  app.addContentTypeParser(
    MULTIPART_CONTENT_TYPE,
    { parseAs: 'string', bodyLimit: FORM_MAX_BYTES },
    (_request, _body, done) => done(null, {}),
  );

  /** The event's title for a genuine token, or undefined (forged, or the event deleted). */
  async function find(
    token: string,
  ): Promise<{ claims: UnsubscribeClaims; title: string } | undefined> {
    const claims = links.verify(token);
    if (!claims) return undefined;
    const event = await db
      .selectFrom('events')
      .select('title')
      .where('id', '=', claims.eventId)
      .executeTakeFirst();
    return event && { claims, title: event.title };
  }

  function sendPage(
    request: FastifyRequest,
    reply: FastifyReply,
    found: { claims: UnsubscribeClaims; title: string },
    step: 'ask' | 'done',
  ) {
    const language = viewerLanguage(request.headers['accept-language']);
    return reply
      .code(200)
      .headers(headers)
      .header('cache-control', NO_STORE)
      .header('vary', 'Accept-Language')
      .send(
        renderUnsubscribePage({
          language,
          assets: pages.assets.urls,
          eventTitle: found.title,
          email: found.claims.email,
          step,
        }),
      );
  }

  app.get(
    UNSUBSCRIBE_PATH,
    {
      constraints: PUBLIC_CONSTRAINTS,
      config: { securityHeaders: false },
      schema: {
        operationId: 'getMailUnsubscribe',
        security: publicAccess,
        tags,
        summary: "The page of a bulk mail's unsubscribe link",
        description:
          'The link an invitation or registration mail from the organiser carries in `List-Unsubscribe`: a page that names the address and the event and asks, with a button that posts to the same address. It changes nothing: mail scanners open links. A token that is not genuine, or whose event is gone, answers the 404 page.',
        querystring: tokenQuery,
        response: { 200: HTML.page, 404: HTML.notFound },
      },
    },
    async (request, reply) => {
      const found = await find(request.query.t);
      if (!found) return sendNotFound(request, reply);
      return sendPage(request, reply, found, 'ask');
    },
  );

  app.post(
    UNSUBSCRIBE_PATH,
    {
      constraints: PUBLIC_CONSTRAINTS,
      bodyLimit: FORM_MAX_BYTES,
      config: { securityHeaders: false },
      schema: {
        operationId: 'postMailUnsubscribe',
        security: publicAccess,
        tags,
        summary: "A bulk mail's one-click unsubscribe (RFC 8058)",
        description:
          "What a mail client posts for `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, and the page's button: the address gets no more invitation or registration mails of the event from its organiser (mails it asks for itself still go). The body (`List-Unsubscribe=One-Click`, form-encoded or multipart) is not needed. Answers the page saying so, also when the address had unsubscribed before. A token that is not genuine, or whose event is gone, answers the 404 page and records nothing.",
        querystring: tokenQuery,
        consumes: [FORM_CONTENT_TYPE, MULTIPART_CONTENT_TYPE],
        body: oneClickBody,
        response: { 200: HTML.page, 404: HTML.notFound },
      },
    },
    async (request, reply) => {
      const found = await find(request.query.t);
      if (!found) return sendNotFound(request, reply);
      await recordUnsubscribe(db, found.claims, now());
      return sendPage(request, reply, found, 'done');
    },
  );
};
