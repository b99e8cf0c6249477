import { API_TOKEN_SCOPES, type ApiTokenScope } from '@livent/shared';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { SYSTEM_ACTOR } from '../modules/audit/index.js';
import { isRefusedToApiTokens, scopeForRoute } from '../modules/auth/api-token-scopes.js';
import type { MatrixFixture, Principal } from './authorization-matrix.js';
import type { Caller } from './matrix-fixture.js';
import { routeKeys } from './matrix-fixture.js';

/**
 * The personal API token principals of the authorization matrix (ADR 070), called after the
 * session principals and before the owner:
 * - apiTokenWithScope: the owner's token with only the scope the route needs (all scopes for a
 *   route no scope opens): it must get the owner's answer, or 403 where tokens are refused;
 * - apiTokenOtherScopes: the owner's token with every scope but that one: 403 wherever the route
 *   needs a scope, so that no other scope opens it;
 * - apiTokenOtherAccount: another account's token with every scope: that account's answer, never
 *   the owner's data.
 * Routes that do not authenticate ignore a token: every token gets the anonymous answer there.
 */
export const API_TOKEN_PRINCIPALS = [
  'apiTokenWithScope',
  'apiTokenOtherScopes',
  'apiTokenOtherAccount',
] as const;
export type ApiTokenPrincipal = (typeof API_TOKEN_PRINCIPALS)[number];

/** `METHOD url` of the routes whose hooks authenticate a bearer token. */
export function authenticatingRouteKeys(app: FastifyInstance, routes: RouteOptions[]): string[] {
  const hooks = new Set<unknown>([app.authenticate, app.requireVerified, app.authenticateOptional]);
  return routeKeys(
    routes.filter((route) =>
      [route.preHandler, route.onRequest].flat().some((hook) => hooks.has(hook)),
    ),
  );
}

/** What each token principal must get at a route, from the session principals' answers. */
export function apiTokenExpectations(
  key: string,
  authenticates: boolean,
  expected: Record<Principal, number>,
): Record<ApiTokenPrincipal, number> {
  if (!authenticates) {
    return {
      apiTokenWithScope: expected.anonymous,
      apiTokenOtherScopes: expected.anonymous,
      apiTokenOtherAccount: expected.anonymous,
    };
  }
  const [method = '', url] = key.split(' ');
  if (isRefusedToApiTokens(key) || !scopeForRoute(method, url)) {
    return { apiTokenWithScope: 403, apiTokenOtherScopes: 403, apiTokenOtherAccount: 403 };
  }
  return {
    apiTokenWithScope: expected.owner,
    apiTokenOtherScopes: 403,
    apiTokenOtherAccount: expected.otherAccount,
  };
}

/** The token principals' callers for a route, made for this route's run's accounts. */
export async function apiTokenCallers(
  app: FastifyInstance,
  fixture: MatrixFixture,
  key: string,
): Promise<Record<ApiTokenPrincipal, Caller>> {
  const [method = '', url] = key.split(' ');
  const scope = scopeForRoute(method, url);
  const others = API_TOKEN_SCOPES.filter((candidate) => candidate !== scope);
  const caller = async (userId: string, scopes: ApiTokenScope[]): Promise<Caller> => {
    const created = await app.services.apiTokens.create(
      userId,
      { name: 'Matrix', scopes, expiresInDays: null },
      SYSTEM_ACTOR,
    );
    return { headers: { authorization: `Bearer ${created.token}` }, cookies: {} };
  };
  return {
    apiTokenWithScope: await caller(fixture.owner.userId, scope ? [scope] : [...API_TOKEN_SCOPES]),
    apiTokenOtherScopes: await caller(fixture.owner.userId, others),
    apiTokenOtherAccount: await caller(fixture.otherAccount.userId, [...API_TOKEN_SCOPES]),
  };
}
