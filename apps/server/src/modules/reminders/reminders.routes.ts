import {
  followUpRequestSchema,
  followUpResultSchema,
  remindersOverviewSchema,
} from '@livent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth, errorResponses } from '../../lib/openapi.js';
import { eventParamsSchema } from '../../lib/route-params.js';
import { requireAuth } from '../auth/index.js';

const tags = ['reminders'];

/** Reminders before an event and the follow-up after it (docs/decisions/065-reminders-and-follow-up.md). */
export const remindersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { reminders, reminderScheduler } = app.services;
  const secured = { preHandler: app.authenticate };
  app.addHook('onReady', async () => reminderScheduler.start());
  app.addHook('preClose', async () => reminderScheduler.stop());

  app.get(
    '/events/:id/reminders',
    {
      ...secured,
      schema: {
        operationId: 'getReminders',
        tags,
        summary: "The event's reminders as scheduled and the follow-up's state",
        description:
          "Each reminder at its due time (empty when the start is not a date and time) with how many guests it went to and a preview of its text in the event's language; how many registrants and mailed invitees the mails reach, and how many of them attended.",
        security: bearerAuth,
        params: eventParamsSchema,
        response: { 200: remindersOverviewSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => reminders.overview(requireAuth(request), request.params.id),
  );

  app.post(
    '/events/:id/follow-up',
    {
      ...secured,
      schema: {
        operationId: 'sendFollowUp',
        tags,
        summary: 'Send the follow-up mail',
        description:
          '`send`: the "attended" text to every registrant and mailed invitee who watched (attendance minutes), the "missed" text to the others, each in their language; `test`: both texts to the signed-in user, marked [Test]. A second `send` within an hour is refused (409) unless `force`. Needs INVITATION_EMAILS (403); sends are limited per event, test mails per account (429).',
        security: bearerAuth,
        params: eventParamsSchema,
        body: followUpRequestSchema,
        response: { 200: followUpResultSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) =>
      reminders.sendFollowUp(requireAuth(request), request.params.id, request.body),
  );
};
