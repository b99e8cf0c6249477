import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticatingRouteKeys } from '../../test/api-token-principals.js';
import { routeKeys } from '../../test/matrix-fixture.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { API_TOKEN_ROUTE_SCOPES, isRefusedToApiTokens, scopeForRoute } from './api-token-scopes.js';

describe("personal API tokens' scope table (ADR 070)", () => {
  let testApp: TestApp;
  const registeredRoutes: RouteOptions[] = [];
  beforeAll(async () => {
    testApp = await buildTestApp({}, { onRoute: (route) => registeredRoutes.push(route) });
    await testApp.app.ready();
  });
  afterAll(async () => testApp.cleanup());

  it('names every route that authenticates: mapped to a scope or refused by decision', () => {
    const routes = authenticatingRouteKeys(testApp.app, registeredRoutes);
    expect(routes.length).toBeGreaterThan(100);
    expect(
      routes.filter((key) => !(key in API_TOKEN_ROUTE_SCOPES) && !isRefusedToApiTokens(key)),
      'routes neither in API_TOKEN_ROUTE_SCOPES nor in API_TOKEN_REFUSED_ROUTES',
    ).toEqual([]);
    expect(
      routes.filter((key) => key in API_TOKEN_ROUTE_SCOPES && isRefusedToApiTokens(key)),
      'routes both mapped and refused',
    ).toEqual([]);
  });

  it('maps only routes the server has', () => {
    const registered = new Set(routeKeys(registeredRoutes));
    expect(Object.keys(API_TOKEN_ROUTE_SCOPES).filter((key) => !registered.has(key))).toEqual([]);
  });

  it('answers a HEAD request like its GET route, and nothing for unknown ones', () => {
    expect(scopeForRoute('HEAD', '/api/events')).toBe('events:read');
    expect(scopeForRoute('GET', '/api/account/api-tokens')).toBeUndefined();
    expect(scopeForRoute('GET', undefined)).toBeUndefined();
    expect(scopeForRoute('GET', 'constructor')).toBeUndefined();
  });
});
