import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EVENTS_BASE_HEADERS } from '../../../lib/events-origin.js';
import { eventsNotFoundHandler, NO_STORE, pageHeaders } from '../page/page-answers.js';
import type { GateError } from '../page/page-data.js';
import { accessCookieOf } from '../page-access.js';
import { ACCESS_COOKIE } from '../viewer-access.js';
import type { CodeAttempt } from './gates.service.js';

/** What the gate's forms send: an ordinary HTML form, so that the gate works without script. */
export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';
export const FORM_MAX_BYTES = 16 * 1024;

/**
 * Parses the gate's form bodies into their fields. The events origin's parent plugin registers
 * it, so that every room reads a form alike: one posted to the viewer API fails that route's
 * schema (400) instead of being refused as an unknown media type.
 */
export function registerFormParser(app: FastifyInstance): void {
  app.addContentTypeParser(
    FORM_CONTENT_TYPE,
    { parseAs: 'string', bodyLimit: FORM_MAX_BYTES },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
}

export interface GateAnswers {
  /** The gate again after a failed try, with why; per request, so never stored anywhere. */
  sendGate(
    request: FastifyRequest,
    reply: FastifyReply,
    slug: string,
    channelSlug: string | undefined,
    status: number,
    error: GateError | undefined,
  ): Promise<FastifyReply>;
  /** A try at the gate answered: 303 with the cookie, back to the page, or the gate with why. */
  answerAttempt(
    request: FastifyRequest,
    reply: FastifyReply,
    slug: string,
    channelSlug: string | undefined,
    attempt: CodeAttempt | undefined,
    wrong: GateError,
  ): Promise<FastifyReply> | FastifyReply;
}

/** How the gates' routes answer (ADR 026): redirects with the access cookie, or the gate page. */
export function gateAnswers(app: FastifyInstance): GateAnswers {
  const pages = app.services.publicPages.page;
  const headers = pageHeaders(app.config.eventsUrl);
  const sendNotFound = eventsNotFoundHandler(pages);

  const sendGate: GateAnswers['sendGate'] = async (
    request,
    reply,
    slug,
    channelSlug,
    status,
    error,
  ) => {
    const acceptLanguage = request.headers['accept-language'];
    const cookie = accessCookieOf(request);
    const page =
      (channelSlug ? await pages.page(slug, channelSlug, acceptLanguage, cookie, error) : null) ??
      (await pages.page(slug, null, acceptLanguage, cookie, error));
    if (!page) return sendNotFound(request, reply);
    return reply
      .code(status)
      .headers(headers)
      .header('cache-control', NO_STORE)
      .header('vary', 'Cookie')
      .send(page.body);
  };

  const answerAttempt: GateAnswers['answerAttempt'] = (
    request,
    reply,
    slug,
    channelSlug,
    attempt,
    wrong,
  ) => {
    reply.headers(EVENTS_BASE_HEADERS);
    if (!attempt) return sendNotFound(request, reply);
    switch (attempt.outcome) {
      case 'granted':
        reply.setCookie(ACCESS_COOKIE, attempt.cookie, {
          path: attempt.cookiePath,
          maxAge: attempt.maxAge,
          httpOnly: true,
          sameSite: 'lax',
          secure: request.protocol === 'https',
        });
        return reply.header('cache-control', NO_STORE).redirect(attempt.location, 303);
      case 'not-needed':
        return reply.header('cache-control', NO_STORE).redirect(attempt.location, 303);
      case 'wrong':
        return sendGate(request, reply, slug, channelSlug, 403, wrong);
      case 'limited':
        reply.header('retry-after', String(attempt.retryAfterSeconds));
        return sendGate(request, reply, slug, channelSlug, 429, {
          kind: 'tooMany',
          retryAfterSeconds: attempt.retryAfterSeconds,
        });
    }
  };

  return { sendGate, answerAttempt };
}
