import {
  authResponseSchema,
  forgotPasswordSchema,
  loginResponseSchema,
  loginSchema,
  refreshSchema,
  registerSchema,
  resetPasswordSchema,
  selfResponseSchema,
  tokenQuerySchema,
} from '@livent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../lib/language.js';
import { bearerAuth, errorResponses, noContent, publicAccess } from '../../lib/openapi.js';
import { requireAuth } from './authenticate.js';
import { clientInfo } from './client-info.js';
import { clearRefreshCookie, refreshTokenOf, setRefreshCookie } from './refresh-cookie.js';

const tags = ['auth'];
const refreshCookie = [{ refreshCookie: [] }];

/** Sign-up, sign-in and sessions (docs/product-spec.md section 7; docs/api.md "Auth and account"). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth, knownBrowsers } = app.services;

  app.post(
    '/auth/register',
    {
      schema: {
        operationId: 'register',
        security: publicAccess,
        tags,
        summary: 'Create an account, sign in and mail the verification link',
        body: registerSchema,
        response: { 201: authResponseSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const result = await auth.register(
        request.body,
        clientInfo(request),
        requestLanguage(request),
      );
      setRefreshCookie(reply, result.tokens.refresh.token);
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        operationId: 'login',
        security: publicAccess,
        tags,
        summary: 'Sign in',
        description:
          'An account with two-factor sign-in gets `twoFactor.challenge` instead of tokens, for `POST /auth/two-factor` (ADR 071).',
        body: loginSchema,
        response: { 200: loginResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const result = await auth.login(
        request.body,
        clientInfo(request),
        refreshTokenOf(request, undefined),
        request.cookies,
      );
      // A sign-in that waits for its second factor has not happened yet (ADR 071).
      if ('tokens' in result) {
        setRefreshCookie(reply, result.tokens.refresh.token);
        await knownBrowsers.signedIn(request, reply, result.user);
      }
      return result;
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        operationId: 'logout',
        tags,
        summary: 'End the session of the refresh token (body or cookie) and clear the cookie',
        security: refreshCookie,
        body: refreshSchema.nullish(),
        response: { 204: noContent, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      await auth.logout(refreshTokenOf(request, request.body));
      clearRefreshCookie(reply);
      return reply.code(204).send();
    },
  );

  app.post(
    '/auth/refresh-tokens',
    {
      schema: {
        operationId: 'refreshTokens',
        tags,
        summary:
          'Trade the refresh token (body or cookie) for new tokens; rotates it; 204 without one',
        security: refreshCookie,
        body: refreshSchema.nullish(),
        response: { 200: authResponseSchema, 204: noContent, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const refreshToken = refreshTokenOf(request, request.body);
      // Having no session is not an error: the dashboard asks on every first load, and a 401
      // there would log a failed request in every anonymous visitor's console.
      if (!refreshToken) return reply.code(204).send();
      try {
        const result = await auth.refresh(refreshToken, clientInfo(request));
        setRefreshCookie(reply, result.tokens.refresh.token);
        return result;
      } catch (error) {
        // A dead refresh token is of no further use to the browser.
        clearRefreshCookie(reply);
        throw error;
      }
    },
  );

  app.get(
    '/auth/self',
    {
      preHandler: app.authenticate,
      // The dashboard's start, also for a member whom a required two-factor setup holds back.
      config: { twoFactorSetup: true },
      schema: {
        operationId: 'getSelf',
        tags,
        summary: 'The signed-in user and the access token the request carried',
        security: bearerAuth,
        response: { 200: selfResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => auth.self(requireAuth(request)),
  );

  app.post(
    '/auth/send-verification-email',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'sendVerificationEmail',
        tags,
        summary: 'Mail a new verification link (nothing when the address is verified)',
        security: bearerAuth,
        response: { 204: noContent, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      await auth.sendVerificationEmail(requireAuth(request), clientInfo(request));
      return reply.code(204).send();
    },
  );

  app.post(
    '/auth/verify-email',
    {
      schema: {
        operationId: 'verifyEmail',
        security: publicAccess,
        tags,
        summary: 'Follow a verification or email-change link',
        querystring: tokenQuerySchema,
        response: { 204: noContent, ...errorResponses(400, 404, 409) },
      },
    },
    async (request, reply) => {
      await auth.verifyEmail(request.query.token);
      return reply.code(204).send();
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      schema: {
        operationId: 'forgotPassword',
        security: publicAccess,
        tags,
        summary: 'Mail a password-reset link; answers 204 whether or not the account exists',
        body: forgotPasswordSchema,
        response: { 204: noContent, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await auth.forgotPassword(request.body.email, clientInfo(request));
      return reply.code(204).send();
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        operationId: 'resetPassword',
        security: publicAccess,
        tags,
        summary: 'Set a new password through a reset link; ends every session',
        querystring: tokenQuerySchema,
        body: resetPasswordSchema,
        response: { 204: noContent, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await auth.resetPassword(request.query.token, request.body.password, clientInfo(request));
      return reply.code(204).send();
    },
  );
};
