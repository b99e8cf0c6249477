import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.js';

interface Operation {
  operationId?: string;
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, unknown> }>;
}
interface Schema {
  properties?: Record<string, { format?: string }>;
  required?: string[];
}
interface Document {
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
}

/** Redocly's warnings that stay, each explained in ADR 039 ("the warnings that stay"). */
const EXPLAINED_WARNINGS = [
  'info-license #/info',
  'no-server-example.com #/servers/0/url',
  'no-server-example.com #/servers/1/url',
  'no-ambiguous-paths #/paths/~1{slug}~1_state',
  'no-ambiguous-paths #/paths/~1{slug}~1_messages',
  // The same as `_state`'s (ADR 039); the live stream's own ADR 057 repeats why.
  'no-ambiguous-paths #/paths/~1{slug}~1_live',
  'no-ambiguous-paths #/paths/~1{slug}~1_reactions',
  'operation-4xx-response #/paths/~1api~1health/get/responses',
  'operation-4xx-response #/paths/~1api~1health~1live/get/responses',
  'operation-4xx-response #/paths/~1api~1health~1ready/get/responses',
  'operation-4xx-response #/paths/~1api~1plans/get/responses',
  'operation-4xx-response #/paths/~1api~1dev~1mails/get/responses',
  'operation-4xx-response #/paths/~1favicon.ico/get/responses',
  'operation-4xx-response #/paths/~1_livent~1{file}/get/responses',
  'operation-2xx-response #/paths/~1api~1billing~1sandbox~1checkout/post/responses',
  'operation-2xx-response #/paths/~1{slug}~1_access~1code/post/responses',
  'operation-2xx-response #/paths/~1{slug}~1_access~1invitation/post/responses',
  'operation-2xx-response #/paths/~1{slug}~1_access~1r~1{token}/get/responses',
  'operation-2xx-response #/paths/~1{slug}~1_access~1i~1{token}/get/responses',
  'operation-2xx-response #/paths/~1{slug}~1_access~1sso~1start/get/responses',
  'operation-2xx-response #/paths/~1{slug}~1_access~1sso~1callback/get/responses',
  // The accessibility statement (ADR 052): a page beside the channel pages, and a form post that
  // answers 303 like the gates' forms, for the reasons ADR 039 gives for those.
  'no-ambiguous-paths #/paths/~1{slug}~1_accessibility',
  'operation-2xx-response #/paths/~1{slug}~1_accessibility/post/responses',
  // The page's polls (ADR 058): beside `_messages`, for the reason ADR 039 gives for it.
  'no-ambiguous-paths #/paths/~1{slug}~1_polls',
  // The page's "add to calendar" file (ADR 064): beside the channel pages, as `_state` is.
  'no-ambiguous-paths #/paths/~1{slug}~1_calendar.ics',
];

describe('the OpenAPI document', () => {
  let testApp: TestApp;
  let document: Document;
  beforeAll(async () => {
    testApp = await buildTestApp({ PUBLIC_URL: 'https://app.example.com' });
    document = (await testApp.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  });
  afterAll(() => testApp.cleanup());

  const operations = () =>
    Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
    );

  it("passes Redocly's recommended lint without an error, and warns only where ADR 039 says why", async () => {
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
    const warnings = problems
      .filter((problem) => problem.severity === 'warn')
      .map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer}`);
    // A new warning is either fixed or explained in ADR 039 and added here.
    expect(warnings.sort()).toEqual([...EXPLAINED_WARNINGS].sort());
  });

  it('names the servers and declares security on every operation', () => {
    expect(document.servers.map((server) => server.url)).toContain('https://app.example.com');
    expect(operations().length).toBeGreaterThan(30);
    expect(operations().filter(({ operation }) => !operation.security)).toEqual([]);
    // Signed-in routes name the bearer scheme; the events list is one of them.
    expect(document.paths['/api/events']?.get?.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths['/api/auth/login']?.post?.security).toEqual([]);
  });

  it('gives every operation a stable, unique camelCase operationId (generated clients name their calls so)', () => {
    const ids = operations().map(({ path, method, operation }) => ({
      operation: `${method.toUpperCase()} ${path}`,
      id: operation.operationId,
    }));
    expect(ids.filter(({ id }) => id === undefined || !/^[a-z][a-zA-Z]+$/.test(id))).toEqual([]);
    const seen = new Map<string, string>();
    const duplicates = ids.filter(({ operation, id }) => {
      const first = seen.get(id ?? '');
      seen.set(id ?? '', operation);
      return first !== undefined;
    });
    expect(duplicates).toEqual([]);
    expect(document.paths['/api/events']?.get?.operationId).toBe('listEvents');
  });

  it('declares CSV downloads as text/csv and their errors as JSON', () => {
    const csvRoutes = operations().filter(({ operation }) =>
      Object.values(operation.responses).some((response) => response.content?.['text/csv']),
    );
    expect(csvRoutes.map(({ operation }) => operation.operationId).sort()).toEqual([
      'exportAccountAudit',
      'exportConcurrentViewers',
      'exportEventAudit',
      'exportInvitations',
      'exportLogins',
      'exportMessages',
      'exportPageviews',
      'exportPolls',
      'exportReactions',
      'exportRegistrations',
    ]);
    for (const { operation } of csvRoutes) {
      for (const [status, response] of Object.entries(operation.responses)) {
        expect(Object.keys(response.content ?? {}), status).toEqual([
          status === '200' ? 'text/csv' : 'application/json',
        ]);
      }
    }
  });

  it('declares the multipart bodies of the image upload and the invitation import', () => {
    const upload = document.paths['/api/uploads']?.post?.requestBody?.content;
    expect(Object.keys(upload ?? {})).toEqual(['multipart/form-data']);
    expect(upload?.['multipart/form-data']?.schema).toMatchObject({
      properties: { file: { type: 'string', format: 'binary' } },
      required: ['file'],
    });
    const importBody =
      document.paths['/api/events/{id}/invitations/import']?.post?.requestBody?.content?.[
        'multipart/form-data'
      ]?.schema;
    expect(importBody?.properties?.file?.format).toBe('binary');
    expect(Object.keys(importBody?.properties ?? {})).toEqual(
      expect.arrayContaining(['file', 'importMode', 'mapping', 'preview']),
    );
    expect(importBody?.required).toEqual(['file']);
  });
});
