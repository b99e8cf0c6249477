import { ssoSettingsPatchSchema, ssoSettingsSchema } from '@livent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth, errorResponses } from '../../lib/openapi.js';
import { auditActor } from '../audit/index.js';
import { requireAuth } from '../auth/index.js';
import { eventParamsSchema } from '../../lib/route-params.js';

const tags = ['sso'];

/** The organisers' single sign-on settings of an event (ADR 026). */
export const ssoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sso } = app.services;
  const secured = { preHandler: app.authenticate };

  app.get(
    '/events/:id/sso',
    {
      ...secured,
      schema: {
        operationId: 'getSsoSettings',
        tags,
        summary: "The event's OpenID provider for single sign-on (never the client secret)",
        security: bearerAuth,
        params: eventParamsSchema,
        response: { 200: ssoSettingsSchema, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return sso.settings(requireAuth(request), request.params.id);
    },
  );

  app.patch(
    '/events/:id/sso',
    {
      ...secured,
      schema: {
        operationId: 'updateSsoSettings',
        tags,
        summary: "Changes the event's OpenID provider for single sign-on",
        description:
          'Omitted fields stay. `clientSecret` is write-only: a string replaces it (stored encrypted), `null` removes it. Needs the plan feature CUSTOM_ACCESS (403 otherwise). The issuer is an https URL (http only on a loopback host) and must be exactly the issuer its discovery document announces (400 naming that one otherwise); a provider that cannot be reached when saved is saved all the same.',
        security: bearerAuth,
        params: eventParamsSchema,
        body: ssoSettingsPatchSchema,
        response: { 200: ssoSettingsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return sso.update(requireAuth(request), request.params.id, request.body, auditActor(request));
    },
  );
};
