import { API_TOKEN_PREFIX, ERROR_MESSAGES } from '@livent/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, HttpError } from '../../lib/errors.js';
import { scopeForRoute } from './api-token-scopes.js';
import type { AuthContext } from './sessions.service.js';

export type AuthHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * preHandler: the request must carry `Authorization: Bearer <access token>` of an active
     * session, or a personal API token whose scopes name the route (else 403), else 401 "Please
     * authenticate". Sets `request.auth`.
     */
    authenticate: AuthHook;
    /** preHandler: as `authenticate`, and the email address must be verified, else 403 "Email not verified". */
    requireVerified: AuthHook;
    /** preHandler: sets `request.auth` when a valid access token comes along, never refuses. */
    authenticateOptional: AuthHook;
  }
  interface FastifyContextConfig {
    /**
     * The route stays open to a member whose enterprise requires two-factor sign-in before it is
     * set up (the setup itself and what the security page needs; ADR 071).
     */
    twoFactorSetup?: boolean;
  }
  interface FastifyRequest {
    /** Who the access token speaks for; null before/without authentication. */
    auth: AuthContext | null;
  }
}

/** `Bearer <token>` of the Authorization header (scheme case-insensitive, RFC 6750). */
export function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

function pleaseAuthenticate(): HttpError {
  return new HttpError(401, ERROR_MESSAGES.unauthorized, undefined, {
    'www-authenticate': 'Bearer realm="livent"',
  });
}

/** `request.auth` of a route behind `app.authenticate`; a 401 should a route forget the hook. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw pleaseAuthenticate();
  return request.auth;
}

/**
 * The authentication hooks later modules reuse (ADR 010). A guest's
 * `Token-Authorization` header never authenticates here: guest tokens are for their event's
 * shared pages only.
 */
export const authenticationPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('auth', null);

    async function resolve(request: FastifyRequest): Promise<AuthContext | undefined> {
      const token = bearerToken(request);
      if (!token) return undefined;
      if (token.startsWith(API_TOKEN_PREFIX)) return resolveApiToken(request, token);
      return app.services.sessions.authenticate(token);
    }

    /**
     * A personal API token (ADR 070): counted against its own rate limit, then allowed only on
     * the routes its scopes name (api-token-scopes.ts); anywhere else 403, never the owner's
     * session rights.
     */
    async function resolveApiToken(
      request: FastifyRequest,
      token: string,
    ): Promise<AuthContext | undefined> {
      const { apiTokens } = app.services;
      const auth = await apiTokens.authenticate(token, request.ip);
      if (!auth?.apiToken) return undefined;
      await apiTokens.consumeRequest(auth.apiToken.id);
      const scope = scopeForRoute(request.method, request.routeOptions.url);
      if (!scope || !auth.apiToken.scopes.includes(scope)) {
        throw forbidden(ERROR_MESSAGES.apiTokenNotAllowed);
      }
      return auth;
    }

    const authenticate: AuthHook = async (request) => {
      if (request.auth) return;
      request.auth = (await resolve(request)) ?? null;
      if (!request.auth) throw pleaseAuthenticate();
      if (
        !request.routeOptions.config.twoFactorSetup &&
        (await app.services.twoFactor.missesRequired(request.auth.user))
      ) {
        throw forbidden(ERROR_MESSAGES.twoFactorRequired);
      }
    };
    app.decorate('authenticate', authenticate);
    app.decorate('requireVerified', async (request, reply) => {
      await authenticate(request, reply);
      if (request.auth?.user.email_verified !== 1) throw forbidden(ERROR_MESSAGES.emailNotVerified);
    });
    app.decorate('authenticateOptional', async (request) => {
      request.auth ??= (await resolve(request)) ?? null;
    });
  },
  { name: 'livent-authentication' },
);
