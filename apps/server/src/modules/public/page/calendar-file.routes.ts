import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EVENTS_BASE_HEADERS, PUBLIC_CONSTRAINTS } from '../../../lib/events-origin.js';
import { publicAccess } from '../../../lib/openapi.js';
import { accessCookieOf } from '../page-access.js';
import { HTML, slugParam, tags } from '../public-schemas.js';
import { eventsNotFoundHandler } from './page-answers.js';

/** The published calendar entry (RFC 5545 text). */
const calendarAnswer = {
  description: 'The iCalendar file (METHOD:PUBLISH)',
  content: { 'text/calendar': { schema: z.string() } },
};

/**
 * The pages' "add to calendar" files (ADR 064): `/{slug}/_calendar.ics` and a channel's
 * `/{slug}/{channel}/_calendar.ics`. Behind the page's gate, so never kept by a shared cache.
 */
export const calendarFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const files = app.services.publicPages.calendarFiles;
  const sendNotFound = eventsNotFoundHandler(app.services.publicPages.page);
  const constraints = PUBLIC_CONSTRAINTS;

  const sendFile = async (
    request: FastifyRequest,
    reply: FastifyReply,
    slug: string,
    channelSlug: string | null,
  ) => {
    const text = await files.file(slug, channelSlug, accessCookieOf(request));
    if (text === undefined) return sendNotFound(request, reply);
    return reply
      .headers(EVENTS_BASE_HEADERS)
      .header('cache-control', 'private, no-cache')
      .header('content-disposition', `attachment; filename="${slug}.ics"`)
      .type('text/calendar; charset=utf-8')
      .send(text);
  };

  app.get(
    '/:slug/_calendar.ics',
    {
      constraints,
      schema: {
        operationId: 'getEventCalendarFile',
        security: publicAccess,
        tags,
        summary: "The event's calendar entry as an .ics file",
        description:
          'For "add to calendar": the start and end in UTC, the page as URL and location. A 404 page while the start is not a date, and for a protected event without access.',
        params: z.object({ slug: slugParam }),
        response: { 200: calendarAnswer, 404: HTML.notFound },
      },
    },
    (request, reply) => sendFile(request, reply, request.params.slug, null),
  );

  app.get(
    '/:slug/:channelSlug/_calendar.ics',
    {
      constraints,
      schema: {
        operationId: 'getChannelCalendarFile',
        security: publicAccess,
        tags,
        summary: "A visible channel's calendar entry as an .ics file (its times over the event's)",
        params: z.object({ slug: slugParam, channelSlug: slugParam }),
        response: { 200: calendarAnswer, 404: HTML.notFound },
      },
    },
    (request, reply) => sendFile(request, reply, request.params.slug, request.params.channelSlug),
  );
};
