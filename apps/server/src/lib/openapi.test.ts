import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.js';

describe('the OpenAPI document', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ PUBLIC_URL: 'https://app.example.com' });
  });
  afterAll(() => testApp.cleanup());

  it("passes Redocly's recommended lint without an error", async () => {
    const document = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(document.statusCode).toBe(200);
    const problems = await lintFromString({
      source: document.body,
      absoluteRef: 'openapi.json',
      config: await createConfig({ extends: ['recommended'] }),
    });
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`);
    expect(errors).toEqual([]);
  });

  it('names the servers and declares security on every operation', async () => {
    const document = (await testApp.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      servers: { url: string }[];
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    }>();
    expect(document.servers.map((server) => server.url)).toContain('https://app.example.com');
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
    );
    expect(operations.length).toBeGreaterThan(30);
    expect(operations.filter(({ operation }) => !operation.security)).toEqual([]);
    // Signed-in routes name the bearer scheme; the events list is one of them.
    expect(document.paths['/api/events']?.get?.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths['/api/auth/login']?.post?.security).toEqual([]);
  });
});
