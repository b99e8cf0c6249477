import { apiTokenCreatedSchema, apiTokenCreateSchema, apiTokenSchema } from '@livent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth, errorResponses, noContent } from '../../lib/openapi.js';
import { auditActor } from '../audit/index.js';
import { requireAuth } from './authenticate.js';

const tags = ['account'];
const tokenParamsSchema = z.strictObject({ id: z.string().min(1).max(64) });

/**
 * The account's personal API tokens on /account/security (docs/decisions/070-personal-api-tokens.md).
 * A signed-in session only: no API token reaches these routes (api-token-scopes.ts), so a token
 * can never make, list or revoke tokens.
 */
export const apiTokensRoutes: FastifyPluginAsyncZod = async (app) => {
  const { apiTokens } = app.services;

  app.get(
    '/account/api-tokens',
    {
      preHandler: app.authenticate,
      // The security screen, where the enterprise's two-factor requirement sends a member, lists them.
      config: { twoFactorSetup: true },
      schema: {
        operationId: 'listApiTokens',
        tags,
        summary: "The account's personal API tokens that are not revoked, newest first",
        security: bearerAuth,
        response: { 200: z.array(apiTokenSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => apiTokens.list(requireAuth(request).user.id),
  );

  app.post(
    '/account/api-tokens',
    {
      preHandler: app.requireVerified,
      schema: {
        operationId: 'createApiToken',
        tags,
        summary: 'Make a personal API token',
        description:
          'Answers the token itself (`token`) this once only: it is stored as a hash. 403 "API token limit reached" with 50 active tokens.',
        security: bearerAuth,
        body: apiTokenCreateSchema,
        response: { 201: apiTokenCreatedSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const created = await apiTokens.create(auth.user.id, request.body, auditActor(request));
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/account/api-tokens/:id',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'revokeApiToken',
        tags,
        summary: 'Revoke a personal API token: it stops working at once',
        security: bearerAuth,
        params: tokenParamsSchema,
        response: { 204: noContent, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      await apiTokens.revoke(auth.user.id, request.params.id, auditActor(request));
      return reply.code(204).send();
    },
  );
};
