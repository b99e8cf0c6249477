import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/test-app.js';
import { toFastifyTrustProxy } from './lib/trust-proxy.js';

describe('buildApp', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(async () => testApp.cleanup());

  it('publishes the OpenAPI document at /api/docs/json with every API route', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.info.title).toBe('Livent API');
    expect(document.paths['/api/health'].get.tags).toEqual(['health']);
    expect(Object.keys(document.paths['/api/health'].get.responses)).toEqual(['200', '503']);
    // The docs' own routes and the static file routes stay out of the document; outside /api
    // only the public event pages (events host, tag `public`, ADR 017) are documented.
    const paths = document.paths as Record<string, Record<string, { tags?: string[] }>>;
    const isPublicPage = (path: string) =>
      Object.values(paths[path] ?? {}).every((operation) => operation.tags?.[0] === 'public');
    expect(
      Object.keys(paths).filter((path) => !path.startsWith('/api/') && !isPublicPage(path)),
    ).toEqual([]);
    expect(paths['/{slug}']?.get?.tags).toEqual(['public']);
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/api/docs'))).toEqual([]);
  });

  it('documents every API operation with a summary, a success answer and its inputs', async () => {
    const document = (await testApp.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    type Operation = { summary?: string; tags?: string[]; responses: Record<string, unknown> };
    const operations = Object.entries(
      document.paths as Record<string, Record<string, Operation>>,
    ).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );
    expect(operations.length).toBeGreaterThan(15);
    for (const { path, method, operation } of operations) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(operation.summary, where).toBeTruthy();
      expect(operation.tags, where).toHaveLength(1);
      // A form of the public page succeeds with a redirect (303) back to the page.
      expect(
        Object.keys(operation.responses).some((code) => /^[23]\d\d$/.test(code)),
        where,
      ).toBe(true);
    }
    const register = document.paths['/api/auth/register'].post;
    expect(Object.keys(register.requestBody.content['application/json'].schema.properties)).toEqual(
      ['name', 'email', 'password', 'company', 'acceptTerms', 'acceptPrivacy'],
    );
    expect(register.requestBody.content['application/json'].schema.additionalProperties).toBe(
      false,
    );
    expect(document.paths['/api/auth/self'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
  });

  it('serves the Swagger UI at /api/docs', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('swagger-ui');
  });

  it('decorates the app with the configuration and the database', async () => {
    await testApp.app.ready();
    expect(testApp.app.config).toBe(testApp.config);
    expect(testApp.app.dialect).toBe(testApp.database.dialect);
    expect(testApp.app.db).toBe(testApp.database.db);
  });
});

describe('toFastifyTrustProxy', () => {
  it('passes booleans and address lists through', () => {
    expect(toFastifyTrustProxy(false)).toBe(false);
    expect(toFastifyTrustProxy(true)).toBe(true);
    expect(toFastifyTrustProxy(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
  });

  it('trusts exactly the first N hops for a hop count', () => {
    const trust = toFastifyTrustProxy(2);
    if (typeof trust !== 'function') throw new Error('expected a function');
    expect([0, 1, 2, 3].map((hop) => trust('192.0.2.1', hop))).toEqual([true, true, false, false]);
  });
});
