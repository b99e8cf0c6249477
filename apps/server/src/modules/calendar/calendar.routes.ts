import { mailSendResultSchema, timeChangeNoticeSchema } from '@livent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth, errorResponses } from '../../lib/openapi.js';
import { eventParamsSchema } from '../../lib/route-params.js';
import { requireAuth } from '../auth/index.js';

const tags = ['calendar'];

/** Telling the registrants and invitees of a new time (ADR 064). */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const { calendarNotices } = app.services;
  const secured = { preHandler: app.authenticate };

  app.get(
    '/events/:id/time-change-notices',
    {
      ...secured,
      schema: {
        operationId: 'getTimeChangeNotice',
        tags,
        summary: 'Whether the time moved since the registrants and invitees were last told',
        description:
          '`pending` while the start, time zone or duration changed after the last notice (and the start is a date); `recipients`: every registration and every invitation that was sent its mail.',
        security: bearerAuth,
        params: eventParamsSchema,
        response: { 200: timeChangeNoticeSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => calendarNotices.status(requireAuth(request), request.params.id),
  );

  app.post(
    '/events/:id/time-change-notices',
    {
      ...secured,
      schema: {
        operationId: 'sendTimeChangeNotices',
        tags,
        summary: 'Mail the new time to every registrant and invitee',
        description:
          "One mail each, in the event's language, with the updated calendar invitation (METHOD:REQUEST, the raised SEQUENCE); to every registration and every invitation that was sent its mail, except unsubscribed addresses (counted as `skipped`). Nothing is queued while the start is not a date. Needs INVITATION_EMAILS (403); limited per event like the lists' sends (429).",
        security: bearerAuth,
        params: eventParamsSchema,
        response: { 200: mailSendResultSchema, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => calendarNotices.notify(requireAuth(request), request.params.id),
  );
};
