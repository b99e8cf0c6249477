import type { InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_TOKEN_PRINCIPALS,
  apiTokenCallers,
  apiTokenExpectations,
  authenticatingRouteKeys,
  type ApiTokenPrincipal,
} from './api-token-principals.js';
import { AUTHORIZATION_MATRIX, PRINCIPALS, type Principal } from './authorization-matrix.js';
import { matrixFixture, routeKeys } from './matrix-fixture.js';
import { buildTestApp, type TestApp } from './test-app.js';

describe('authorization matrix', () => {
  let testApp: TestApp;
  const routes: RouteOptions[] = [];
  beforeAll(async () => {
    // Every route's run signs up and in from one address: the API-wide limit per address is
    // not what this test is about.
    testApp = await buildTestApp(
      { RATE_LIMIT_MAX: '100000' },
      { onRoute: (route) => routes.push(route) },
    );
    await testApp.app.ready();
  });
  afterAll(async () => testApp.cleanup());

  it('lists every route the server registers, and no other', () => {
    const registered = routeKeys(routes);
    expect(
      registered.filter((key) => !(key in AUTHORIZATION_MATRIX)),
      'routes missing from authorization-matrix.ts',
    ).toEqual([]);
    expect(
      Object.keys(AUTHORIZATION_MATRIX).filter((key) => !registered.includes(key)),
      'stale entries',
    ).toEqual([]);
  });

  it.each(Object.entries(AUTHORIZATION_MATRIX))('%s', async (key, expectation) => {
    const { app } = testApp;
    const [method, path] = key.split(' ') as [InjectOptions['method'], string];
    const { fixture: data, callers: sessionCallers } = await matrixFixture(app);
    // Personal API tokens (ADR 070) before the owner, whose calls may end its account.
    const callers = { ...sessionCallers, ...(await apiTokenCallers(app, data, key)) };
    const order: (Principal | ApiTokenPrincipal)[] = [
      ...PRINCIPALS.filter((principal) => principal !== 'owner'),
      ...API_TOKEN_PRINCIPALS,
      'owner',
    ];
    const answers: Partial<Record<Principal | ApiTokenPrincipal, number>> = {};
    for (const principal of order) {
      const request = (await expectation.request?.(data)) ?? {};
      const caller = callers[principal];
      const response = await app.inject({
        method,
        url: request.url ?? path,
        headers: { ...caller.headers, ...request.headers },
        cookies: caller.cookies,
        ...(request.payload ? { payload: request.payload } : {}),
        // A stream answers as soon as its head is written; the server's close ends it.
        ...(request.stream ? { payloadAsStream: true } : {}),
      });
      answers[principal] = response.statusCode;
      if (request.stream && response.statusCode === 200) response.stream().destroy();
    }
    expect(answers).toEqual({
      ...expectation.expected,
      ...apiTokenExpectations(
        key,
        authenticatingRouteKeys(app, routes).includes(key),
        expectation.expected,
      ),
    });
  });
});
