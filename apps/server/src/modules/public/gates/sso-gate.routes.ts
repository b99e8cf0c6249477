import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestCookie } from '../../../lib/cookies.js';
import { EVENTS_BASE_HEADERS, PUBLIC_CONSTRAINTS } from '../../../lib/events-origin.js';
import { noContent, publicAccess } from '../../../lib/openapi.js';
import { SSO_FLOW_COOKIE, SSO_FLOW_MAX_AGE_S, type SsoFailure } from '../../sso/index.js';
import { NO_STORE } from '../page/page-answers.js';
import type { GateError } from '../page/page-data.js';
import { channelQuery, HTML, pageParams, tags } from '../public-schemas.js';
import { viewerOf } from '../viewer-cookie.js';
import { gateAnswers } from './gate-answers.js';

const ssoCookiePath = (slug: string) => `/${slug}/_access/sso`;
/** The gate's error and status for each failure: unreachable and misconfigured apart (ADR 048). */
const SSO_FAILURES: Record<SsoFailure, { status: 403 | 502; error: GateError }> = {
  refused: { status: 403, error: { kind: 'ssoFailed' } },
  unavailable: { status: 502, error: { kind: 'ssoUnavailable' } },
  misconfigured: { status: 502, error: { kind: 'ssoMisconfigured' } },
};

/**
 * Single sign-on at the gate (ADR 026): the start sends the viewer to the provider, the callback
 * comes back and answers like the other ways in.
 */
export const ssoGateRoutes: FastifyPluginAsyncZod = async (app) => {
  const gates = app.services.publicPages.gates;
  const sso = app.services.sso;
  const { sendGate, answerAttempt } = gateAnswers(app);
  const constraints = PUBLIC_CONSTRAINTS;

  app.get(
    '/:slug/_access/sso/start',
    {
      constraints,
      config: { securityHeaders: false },
      schema: {
        operationId: 'startSingleSignOn',
        security: publicAccess,
        tags,
        summary: "The start of a viewer's single sign-on (OpenID Connect)",
        description:
          'Answers 302 to the provider with state, nonce and a PKCE challenge, and sets a signed short-lived cookie (`Path=/{slug}/_access/sso`) that carries them to the callback. A provider that is not set up answers the gate, which says so (503); one that cannot be reached, or that does not work with the settings (misconfigured), answers the gate with an error that says which (502). Limited like the code form (429). An event without the single sign-on mode answers 303 to its page.',
        params: pageParams,
        querystring: channelQuery,
        response: {
          302: noContent,
          303: noContent,
          404: HTML.notFound,
          429: HTML.gate,
          502: HTML.gate,
          503: HTML.gate,
        },
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      const channel = request.query.channel;
      const viewer = viewerOf(request, reply);
      const target = await gates.ssoTarget(slug, channel);
      if (!target || 'outcome' in target) {
        return answerAttempt(request, reply, slug, channel, target, { kind: 'ssoFailed' });
      }
      const limited = await gates.countSsoTry(target, viewer);
      if (limited)
        return answerAttempt(request, reply, slug, channel, limited, { kind: 'ssoFailed' });
      const started = await sso.start(target.head.id, target.model.slug, target.location);
      if (started === 'notConfigured') {
        // The gate itself says that sign-in is not set up yet.
        reply.headers(EVENTS_BASE_HEADERS);
        return sendGate(request, reply, slug, channel, 503, undefined);
      }
      if (typeof started === 'string') {
        const { status, error } = SSO_FAILURES[started];
        reply.headers(EVENTS_BASE_HEADERS);
        return sendGate(request, reply, slug, channel, status, error);
      }
      reply.setCookie(SSO_FLOW_COOKIE, started.cookie, {
        path: ssoCookiePath(target.model.slug),
        maxAge: SSO_FLOW_MAX_AGE_S,
        httpOnly: true,
        // The provider's redirect back is a top-level navigation from another site.
        sameSite: 'lax',
        secure: request.protocol === 'https',
      });
      return reply
        .headers(EVENTS_BASE_HEADERS)
        .header('cache-control', NO_STORE)
        .redirect(started.url, 302);
    },
  );

  app.get(
    '/:slug/_access/sso/callback',
    {
      constraints,
      config: { securityHeaders: false },
      schema: {
        operationId: 'finishSingleSignOn',
        security: publicAccess,
        tags,
        summary: "The provider's answer to a viewer's single sign-on",
        description:
          "Checks the state against the start's cookie (once only), exchanges the code with the PKCE verifier and validates the ID token (issuer, audience, nonce, expiry). Success answers 303 to the page with the access cookie (way `cip`, subject the provider's `sub`); a denied, forged, replayed or expired answer the gate with an error (403), a provider that cannot be reached or that refuses the client (misconfigured) 502; nothing is granted. Limited like the code form (429).",
        params: pageParams,
        // The provider's parameters (RFC 6749 section 4.1.2, RFC 9207 `iss`); others pass on to
        // openid-client, which checks the answer as a whole.
        querystring: z.looseObject(
          Object.fromEntries(
            ['code', 'state', 'iss', 'error', 'error_description', 'session_state'].map((name) => [
              name,
              z.string().max(4096).optional(),
            ]),
          ),
        ),
        response: {
          303: noContent,
          403: HTML.gate,
          404: HTML.notFound,
          429: HTML.gate,
          502: HTML.gate,
        },
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      const viewer = viewerOf(request, reply);
      const target = await gates.ssoTarget(slug, undefined);
      if (!target || 'outcome' in target) {
        return answerAttempt(request, reply, slug, undefined, target, { kind: 'ssoFailed' });
      }
      // The flow cookie serves one callback, whatever comes of it.
      reply.clearCookie(SSO_FLOW_COOKIE, { path: ssoCookiePath(target.model.slug) });
      const query = new URLSearchParams(request.query as Record<string, string>).toString();
      const result = await sso.finish(
        target.head.id,
        target.model.slug,
        query,
        requestCookie(request, SSO_FLOW_COOKIE),
      );
      if (typeof result === 'string') {
        const limited = await gates.countSsoTry(target, viewer);
        if (limited) {
          return answerAttempt(request, reply, slug, undefined, limited, { kind: 'ssoFailed' });
        }
        const { status, error } = SSO_FAILURES[result];
        reply.headers(EVENTS_BASE_HEADERS);
        return sendGate(request, reply, slug, undefined, status, error);
      }
      const granted = await gates.grantSso(target, result.identity, result.location);
      return answerAttempt(request, reply, slug, undefined, granted, { kind: 'ssoFailed' });
    },
  );
};
