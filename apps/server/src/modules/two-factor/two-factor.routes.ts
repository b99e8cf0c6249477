import {
  authResponseSchema,
  enterpriseTwoFactorSchema,
  recoveryCodesRenewSchema,
  recoveryCodesSchema,
  twoFactorConfirmSchema,
  twoFactorLoginSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@livent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth, errorResponses, noContent, publicAccess } from '../../lib/openapi.js';
import { auditActor } from '../audit/index.js';
import { clientInfo, requireAuth, setRefreshCookie } from '../auth/index.js';
import { REMEMBER_COOKIE_ATTRIBUTES, rememberCookieName } from './remember-browser.js';

const tags = ['two-factor'];

/**
 * Two-factor sign-in (docs/decisions/071-two-factor-sign-in.md): the sign-in's second step, the
 * account's settings on /account/security, and the enterprise admin's requirement. The settings
 * stay open to a member whom the requirement holds back (`twoFactorSetup`).
 */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth, twoFactor, enterprise, knownBrowsers } = app.services;
  const secured = { preHandler: app.authenticate, config: { twoFactorSetup: true } };

  app.post(
    '/auth/two-factor',
    {
      schema: {
        operationId: 'verifyTwoFactor',
        security: publicAccess,
        tags,
        summary: "Sign in's second step: the challenge of the login and a code; starts the session",
        description:
          'The code is an authenticator code or a recovery code. `rememberBrowser` sets a cookie that spares the code for 30 days. A challenge ends after 5 wrong codes or 5 minutes.',
        body: twoFactorLoginSchema,
        response: { 200: authResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const client = clientInfo(request);
      const { user, remember } = await twoFactor.completeSignIn(request.body, client);
      const result = await auth.signIn(user, client);
      setRefreshCookie(reply, result.tokens.refresh.token);
      await knownBrowsers.signedIn(request, reply, result.user);
      if (remember) {
        reply.setCookie(remember.name, remember.value, {
          ...REMEMBER_COOKIE_ATTRIBUTES,
          maxAge: remember.maxAge,
        });
      }
      return result;
    },
  );

  app.get(
    '/account/two-factor',
    {
      ...secured,
      schema: {
        operationId: 'getTwoFactor',
        tags,
        summary:
          'Whether two-factor sign-in is on, recovery codes left, and whether it is required',
        security: bearerAuth,
        response: { 200: twoFactorStatusSchema, ...errorResponses(401) },
      },
    },
    async (request) => twoFactor.status(requireAuth(request).user),
  );

  app.post(
    '/account/two-factor/setup',
    {
      ...secured,
      schema: {
        operationId: 'startTwoFactorSetup',
        tags,
        summary: 'Create a pending secret: its QR code (SVG) and text for the authenticator app',
        security: bearerAuth,
        response: { 200: twoFactorSetupSchema, ...errorResponses(401, 409) },
      },
    },
    async (request) => twoFactor.startSetup(requireAuth(request).user),
  );

  app.post(
    '/account/two-factor/enable',
    {
      ...secured,
      schema: {
        operationId: 'enableTwoFactor',
        tags,
        summary: 'Turn two-factor sign-in on with a current code; answers the recovery codes once',
        security: bearerAuth,
        body: twoFactorConfirmSchema,
        response: { 200: recoveryCodesSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) =>
      twoFactor.enable(requireAuth(request).user, auditActor(request), request.body),
  );

  app.post(
    '/account/two-factor/disable',
    {
      ...secured,
      schema: {
        operationId: 'disableTwoFactor',
        tags,
        summary: 'Turn two-factor sign-in off with the password and a code',
        security: bearerAuth,
        body: twoFactorConfirmSchema,
        response: { 204: noContent, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      await twoFactor.disable(user, auditActor(request), request.body);
      // The server no longer accepts it (its key is gone); the browser need not keep it.
      reply.clearCookie(rememberCookieName(user.id), REMEMBER_COOKIE_ATTRIBUTES);
      return reply.code(204).send();
    },
  );

  app.post(
    '/account/two-factor/recovery-codes',
    {
      ...secured,
      schema: {
        operationId: 'renewRecoveryCodes',
        tags,
        summary:
          'New recovery codes (the old ones stop working; remembered browsers are forgotten)',
        security: bearerAuth,
        body: recoveryCodesRenewSchema,
        response: { 200: recoveryCodesSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) =>
      twoFactor.renewRecoveryCodes(
        requireAuth(request).user,
        auditActor(request),
        request.body.password,
      ),
  );

  app.get(
    '/enterprise/two-factor',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'getEnterpriseTwoFactor',
        tags,
        summary: "Whether the enterprise requires two-factor sign-in of its members (admin's)",
        security: bearerAuth,
        response: { 200: enterpriseTwoFactorSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const signedIn = requireAuth(request);
      enterprise.adminOf(signedIn);
      return { required: await twoFactor.requiredOfMembers(signedIn.user) };
    },
  );

  app.put(
    '/enterprise/two-factor',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'setEnterpriseTwoFactor',
        tags,
        summary: 'Require two-factor sign-in of the enterprise members, or not',
        description:
          'A member without two-factor sign-in then gets 403 "Two-factor sign-in required" from every route but its setup.',
        security: bearerAuth,
        body: enterpriseTwoFactorSchema,
        response: { 200: enterpriseTwoFactorSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const signedIn = requireAuth(request);
      enterprise.adminOf(signedIn);
      await twoFactor.setRequiredOfMembers(
        signedIn.user,
        auditActor(request),
        request.body.required,
      );
      return { required: request.body.required };
    },
  );
};
