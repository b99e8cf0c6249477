import {
  accountDeletionSchema,
  authResponseSchema,
  emailChangeSchema,
  passwordChangeSchema,
  profilePatchSchema,
  sessionSchema,
  userSchema,
} from '@livent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth, errorResponses, noContent } from '../../lib/openapi.js';
import { auditActor } from '../audit/index.js';
import { clearRefreshCookie, clientInfo, requireAuth, setRefreshCookie } from '../auth/index.js';

const tags = ['account'];
const sessionParamsSchema = z.strictObject({ id: z.string().min(1).max(64) });

/**
 * The account pages (docs/product-spec.md section 2, /account/profile and /account/security). Unverified users
 * may use them: someone who mistyped the address at sign-up can correct it here.
 */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { account } = app.services;
  const secured = { preHandler: app.authenticate };

  app.patch(
    '/account/profile',
    {
      ...secured,
      schema: {
        operationId: 'updateProfile',
        tags,
        summary: 'Change name, company or initials',
        security: bearerAuth,
        body: profilePatchSchema,
        response: { 200: userSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => account.updateProfile(requireAuth(request), request.body),
  );

  app.post(
    '/account/email',
    {
      ...secured,
      schema: {
        operationId: 'changeEmail',
        tags,
        summary: 'Start an email change: mails a confirmation link to the new address',
        security: bearerAuth,
        body: emailChangeSchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) =>
      account.requestEmailChange(requireAuth(request), request.body, clientInfo(request)),
  );

  app.post(
    '/account/password',
    {
      ...secured,
      schema: {
        operationId: 'changePassword',
        tags,
        summary: 'Change the password; ends every session and answers a fresh one',
        security: bearerAuth,
        body: passwordChangeSchema,
        response: { 200: authResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const result = await account.changePassword(
        requireAuth(request),
        request.body,
        clientInfo(request),
        auditActor(request),
      );
      setRefreshCookie(reply, result.tokens.refresh.token);
      return result;
    },
  );

  app.get(
    '/account/sessions',
    {
      ...secured,
      // Part of the security page a required two-factor setup sends a member to (ADR 071).
      config: { twoFactorSetup: true },
      schema: {
        operationId: 'listSessions',
        tags,
        summary: "The account's active sessions, most recently used first",
        security: bearerAuth,
        response: { 200: z.array(sessionSchema), ...errorResponses(401) },
      },
    },
    async (request) => account.listSessions(requireAuth(request)),
  );

  app.delete(
    '/account/sessions/:id',
    {
      ...secured,
      schema: {
        operationId: 'revokeSession',
        tags,
        summary: 'Revoke one session of the account',
        security: bearerAuth,
        params: sessionParamsSchema,
        response: { 204: noContent, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await account.revokeSession(requireAuth(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/account/sessions',
    {
      ...secured,
      schema: {
        operationId: 'revokeOtherSessions',
        tags,
        summary: 'Revoke every session of the account but the current one',
        security: bearerAuth,
        response: { 204: noContent, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await account.revokeOtherSessions(requireAuth(request));
      return reply.code(204).send();
    },
  );

  app.get(
    '/account/export',
    {
      ...secured,
      schema: {
        operationId: 'exportAccount',
        tags,
        summary: 'Everything stored for the account as a JSON archive (a download)',
        description:
          'Every row of the account and its events as stored, without secrets (password and token hashes, personal links, provider secrets); streamed. Only with a session, not with a personal API token (403).',
        security: bearerAuth,
        response: {
          200: {
            description: 'The archive (an attachment): the account, its tables and its events',
            content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } },
          },
          ...errorResponses(401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const archive = await account.exportArchive(requireAuth(request), auditActor(request));
      return (
        reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="${archive.filename}"`)
          .header('cache-control', 'no-store')
          // A stream: the schema documents it; Fastify sends streams without serialising.
          .send(archive.body as unknown as Record<string, unknown>)
      );
    },
  );

  app.delete(
    '/account',
    {
      ...secured,
      schema: {
        operationId: 'deleteAccount',
        tags,
        summary: 'Delete the account and everything of it (not on custom-type plans)',
        security: bearerAuth,
        body: accountDeletionSchema,
        description:
          'A subscription the provider still bills is cancelled at once first; if the provider cannot be reached the account stays (502).',
        response: { 204: noContent, ...errorResponses(400, 401, 403, 429, 502) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      // A deleted account must not go on being billed (ADR 028).
      await account.deleteAccount(auth, request.body.password, () =>
        app.services.billing.cancelSubscriptions(auth.user.id),
      );
      clearRefreshCookie(reply);
      return reply.code(204).send();
    },
  );
};
