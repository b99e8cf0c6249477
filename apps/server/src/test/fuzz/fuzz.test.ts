import { apiErrorSchema } from '@livent/shared';
import { text } from 'node:stream/consumers';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import fc from 'fast-check';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTHORIZATION_MATRIX,
  type MatrixFixture,
  type MatrixRequest,
} from '../authorization-matrix.js';
import { matrixFixture, routeKeys, type Caller } from '../matrix-fixture.js';
import { buildTestApp, type TestApp } from '../test-app.js';
import { arbitraryOf, type JsonSchema } from './json-schema-arbitrary.js';

/**
 * Property-based fuzzing of every route the server registers (docs/architecture.md, "Security
 * requirements"), called as the owner of the authorization matrix's data (matrix-fixture.ts) with
 * the matrix's request as the valid starting point. From each route's own schema (zod → JSON
 * Schema, as `/api/docs` documents it):
 * - generated bodies, query strings and path parameters, mostly valid, sometimes any JSON value
 *   anywhere: never a 5xx, and every 400 in the one error shape;
 * - each field of the valid request given a value of the wrong type, one character over its
 *   longest length, an unknown field, and the protected fields (`id`, `ownerId`, `createdAt`,
 *   `role`, `plan`, `status`, …): 400 with that field named in `errors`, and the database exactly
 *   as it was (so no stored value changed);
 * - bodies that are not JSON objects at all: 400, never a 5xx;
 * - forged tokens (a changed signature, none, 8,000 characters) and malformed cookies and headers
 *   on every route: never a 5xx.
 *
 * fast-check prints the seed and the first failing input (not shrunk: the requests before it
 * changed the database); rerun with `FUZZ_SEED=<seed>`. `FUZZ_RUNS=<n>` (default 6 per route) runs longer outside CI, e.g.
 * `FUZZ_RUNS=300 npx vitest run src/test/fuzz`.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

/** Fields a client must never set: who owns a thing, its identity, its history, its standing. */
const PROTECTED_FIELDS = [
  'id',
  'ownerId',
  'owner_id',
  'userId',
  'eventId',
  'createdAt',
  'created_at',
  'updatedAt',
  'role',
  'plan',
  'status',
  'verified',
  'emailVerified',
  'isAdmin',
];

/**
 * Input that is lenient on purpose, so unknown fields pass there: the viewers' gate forms and the
 * accessibility statement's form are plain HTML forms (a browser may send more fields, and the
 * registration form carries the organiser's `field_<name>` fields), links in mails and footers
 * may gain a mail client's or tracker's parameters, and the single sign-on callback takes whatever parameters
 * the identity provider adds (RFC 9207 `iss`, `session_state`), and a mail client's one-click
 * unsubscribe posts what RFC 8058 asks and maybe more. Every other input is strict.
 */
const LENIENT_INPUT = new Set([
  'body of POST /:slug/_access/code',
  'body of POST /:slug/_access/invitation',
  'body of POST /:slug/_access/register',
  'body of POST /:slug/_accessibility',
  'querystring of GET /:slug/_access/sso/callback',
  'querystring of GET /:slug/_access/r/:token',
  'querystring of GET /:slug/_accessibility',
  'body of POST /_unsubscribe',
]);

const HOUR_MS = 60 * 60_000;

/** Tables a refused request may still touch: the API-wide rate limit counts every request. */
const BOOKKEEPING_TABLES = new Set(['rate_limits']);

type Part = 'body' | 'querystring' | 'params';

interface RouteSchemas {
  body?: JsonSchema;
  querystring?: JsonSchema;
  params?: JsonSchema;
}

function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return json.type === 'object' || json.properties ? json : undefined;
}

function schemasOf(route: RouteOptions): RouteSchemas {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  return {
    body: jsonSchemaOf(schema.body),
    querystring: jsonSchemaOf(schema.querystring),
    params: jsonSchemaOf(schema.params),
  };
}

/** A value of a type the field does not take, if there is one. */
function wrongValue(schema: JsonSchema, part: Part): unknown {
  const variants = schema.anyOf ?? schema.oneOf ?? [schema];
  const types = new Set(
    variants.flatMap((variant) =>
      variant.type === undefined ? [] : [variant.type].flat().map(String),
    ),
  );
  const constrained = variants.every((variant) => variant.enum || variant.const !== undefined);
  if (part !== 'body') {
    // Everything in a URL is text: only numbers, booleans and closed lists can be wrong.
    const textOnly = types.size === 1 && types.has('string') && !constrained;
    return textOnly || types.size === 0 ? undefined : '¿not-a-value?';
  }
  if (types.size === 0 && !constrained) return undefined;
  const candidates: [string, unknown][] = [
    ['object', { fuzz: true }],
    ['number', 12345.5],
    ['string', 'not-a-value'],
    ['boolean', true],
    ['array', [1]],
  ];
  const accepts = (type: string) => types.has(type) || (type === 'number' && types.has('integer'));
  return candidates.find(([type]) => !accepts(type))?.[1];
}

/** How a generated value travels in a URL (an object as JSON: it may have no prototype). */
const asText = (value: unknown): string =>
  typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);

/** `/api/events/:id` with `params` filled in over the matrix's concrete URL. */
function urlWith(
  pattern: string,
  concrete: string,
  params: Record<string, unknown> | undefined,
  query: Record<string, unknown> | undefined,
): string {
  const [path = '', search = ''] = concrete.split('?');
  const segments = path.split('/');
  const names = pattern.split('/');
  const filled = segments.map((segment, index) => {
    const name = names[index];
    if (!params || !name?.startsWith(':')) return segment;
    const value = params[name.slice(1)];
    return value === undefined ? segment : encodeURIComponent(asText(value));
  });
  const searchParams = query
    ? new URLSearchParams(
        Object.entries(query).flatMap(([key, value]) =>
          [value]
            .flat()
            .filter((item) => item !== undefined)
            .map((item): [string, string] => [key, asText(item)]),
        ),
      )
    : new URLSearchParams(search);
  const text = searchParams.toString();
  return `${filled.join('/')}${text ? `?${text}` : ''}`;
}

function paramsOf(pattern: string, concrete: string): Record<string, string> {
  const names = pattern.split('/');
  const segments = concrete.split('?')[0]!.split('/');
  return Object.fromEntries(
    names.flatMap((name, index) =>
      name.startsWith(':') ? [[name.slice(1), decodeURIComponent(segments[index] ?? '')]] : [],
    ),
  );
}

function queryOf(concrete: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(concrete.split('?')[1] ?? ''));
}

/** An answer, its body read to the end (a stream route's refusals end at once). */
interface Answer {
  statusCode: number;
  json: boolean;
  body: string;
}

async function answerOf(response: LightMyRequestResponse, stream: boolean): Promise<Answer> {
  const json = String(response.headers['content-type'] ?? '').startsWith('application/json');
  if (!stream) return { statusCode: response.statusCode, json, body: response.body };
  if (response.statusCode === 200) {
    response.stream().destroy();
    return { statusCode: 200, json, body: '' };
  }
  return { statusCode: response.statusCode, json, body: await text(response.stream()) };
}

/**
 * The one error shape (docs/architecture.md, "Conventions") for API answers; the public pages
 * answer viewers with a page instead.
 */
function expectErrorShape(answer: Answer, status?: number): void {
  if (status !== undefined) expect(answer.statusCode, answer.body).toBe(status);
  if (!answer.json) {
    expect(answer.body, 'an HTML page, not JSON').toMatch(/^<!doctype html>/i);
    return;
  }
  const parsed = apiErrorSchema.safeParse(JSON.parse(answer.body));
  expect(parsed.success, answer.body).toBe(true);
  expect(parsed.data?.code, answer.body).toBe(answer.statusCode);
}

describe('schema fuzzing of every route', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  const routes = new Map<string, RouteOptions>();
  let data: { fixture: MatrixFixture; callers: Record<string, Caller> };
  let tables: string[] = [];
  const counts = { generated: 0, refused: 0, routes: 0 };

  beforeAll(async () => {
    const registered: RouteOptions[] = [];
    testApp = await buildTestApp(
      { RATE_LIMIT_MAX: '1000000' },
      {
        onRoute: (route) => registered.push(route),
        // "Changes nothing" compares the whole database around a route's refused requests: no
        // timer may write meanwhile (a re-check of a domain fuzzed earlier, a minute compacted).
        domainsWorker: { pollIntervalMs: 0 },
        stats: { collector: { flushIntervalMs: HOUR_MS, maintenanceIntervalMs: HOUR_MS } },
      },
    );
    app = testApp.app;
    await app.ready();
    const keys = new Set(routeKeys(registered));
    for (const route of registered) {
      for (const method of [route.method].flat()) {
        const key = `${method} ${route.url}`;
        if (keys.has(key)) routes.set(key, route);
      }
    }
    data = await matrixFixture(app);
    tables = (await app.db.introspection.getTables())
      .map((table) => table.name)
      .filter((name) => !name.startsWith('kysely_') && !BOOKKEEPING_TABLES.has(name))
      .sort();
  });
  afterAll(async () => {
    await testApp.cleanup();
  });

  /** Every row of every table, in a stable order: "changes nothing" means this stays equal. */
  async function snapshot(): Promise<Record<string, string[]>> {
    const dump: Record<string, string[]> = {};
    for (const table of tables) {
      const rows = await app.db
        .selectFrom(table as 'users')
        .selectAll()
        .execute();
      dump[table] = rows
        .map((row) =>
          JSON.stringify(row, (_key, value: unknown) =>
            Buffer.isBuffer(value) ? value.toString('base64') : value,
          ),
        )
        .sort();
    }
    return dump;
  }

  /** The tables whose rows differ between two snapshots, for the failure message. */
  function changedTables(
    before: Record<string, string[]>,
    after: Record<string, string[]>,
  ): string[] {
    return tables.filter((table) => JSON.stringify(before[table]) !== JSON.stringify(after[table]));
  }

  /**
   * A later route needs the owner signed in and owning its event: a route whose generated input
   * was valid may have ended the session, deleted the account or the event, or handed it over;
   * then the route gets a fresh fixture.
   */
  async function ownerSignedIn(): Promise<void> {
    const self = await app.inject({
      method: 'GET',
      url: '/api/auth/self',
      headers: data.callers.owner!.headers,
    });
    const event = await app.db
      .selectFrom('events')
      .select('owner_id')
      .where('id', '=', data.fixture.ownerEventId)
      .executeTakeFirst();
    if (self.statusCode !== 200 || event?.owner_id !== data.fixture.owner.userId) {
      data = await matrixFixture(app);
    }
  }

  it.each(Object.keys(AUTHORIZATION_MATRIX))(
    '%s',
    async (key) => {
      const route = routes.get(key);
      expect(route, 'registered').toBeDefined();
      const schemas = schemasOf(route!);
      if (!schemas.body && !schemas.querystring && !schemas.params) return;
      counts.routes += 1;
      await ownerSignedIn();
      const [method, pattern] = key.split(' ') as [InjectOptions['method'], string];
      const request: MatrixRequest =
        (await AUTHORIZATION_MATRIX[key]!.request?.(data.fixture)) ?? {};
      const concrete = request.url ?? pattern;
      const baseline: Record<Part, Record<string, unknown> | undefined> = {
        body:
          request.payload &&
          typeof request.payload === 'object' &&
          !Buffer.isBuffer(request.payload)
            ? (request.payload as Record<string, unknown>)
            : undefined,
        querystring: queryOf(concrete),
        params: paramsOf(pattern, concrete),
      };
      const formBody = typeof request.payload === 'string';
      if (formBody)
        baseline.body = Object.fromEntries(new URLSearchParams(request.payload as string));

      async function call(input: Partial<Record<Part, unknown>>): Promise<Answer> {
        const owner = data.callers.owner!;
        const headers: Record<string, string> = { ...owner.headers, ...request.headers };
        const payload = 'body' in input ? input.body : (request.payload ?? undefined);
        if ('body' in input) headers['content-type'] = 'application/json';
        const response = await app.inject({
          method,
          url: urlWith(
            pattern,
            concrete,
            input.params as Record<string, unknown> | undefined,
            input.querystring as Record<string, unknown> | undefined,
          ),
          headers,
          cookies: owner.cookies,
          ...(payload === undefined
            ? {}
            : {
                payload: 'body' in input ? JSON.stringify(payload) : (payload as string | object),
              }),
          ...(request.stream ? { payloadAsStream: true } : {}),
        });
        return answerOf(response, Boolean(request.stream));
      }

      // Generated input: never a server error, and every refusal in the one error shape.
      const parts = (['body', 'querystring', 'params'] as const).filter((part) => schemas[part]);
      const generated = fc.record(
        Object.fromEntries(
          parts.map((part) => {
            const generatedPart = arbitraryOf(schemas[part]!);
            // Half the time over the valid request, so that handlers run, not only validation.
            const overBaseline = generatedPart.map((value) =>
              value && typeof value === 'object' && !Array.isArray(value)
                ? { ...baseline[part], ...value }
                : value,
            );
            return [part, fc.oneof(generatedPart, overBaseline)];
          }),
        ),
      );
      await fc.assert(
        fc.asyncProperty(generated, async (input) => {
          counts.generated += 1;
          const response = await call(input);
          expect(response.statusCode, `${response.body}\n${JSON.stringify(input)}`).toBeLessThan(
            500,
          );
          if (response.statusCode >= 400) expectErrorShape(response);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      await ownerSignedIn();

      // Refused mutations of the valid request: 400 naming the field, and nothing stored. The
      // database is compared once around all of them (a dump per request is slow on PostgreSQL).
      const refusedLabels: string[] = [];
      const before = await snapshot();
      async function expectRefused(part: Part, field: string, value: unknown): Promise<void> {
        counts.refused += 1;
        const answer = await call({ [part]: { ...baseline[part], [field]: value } });
        const label = `${part}.${field} = ${JSON.stringify(value)?.slice(0, 80)}: ${answer.body.slice(0, 300)}`;
        refusedLabels.push(label);
        // A path parameter longer than the router takes matches no route, or the router refuses it.
        const refusals = part === 'params' ? [400, 404, 414] : [400];
        expect(refusals, label).toContain(answer.statusCode);
        expectErrorShape(answer);
        if (answer.json && answer.statusCode === 400) {
          const errors = Object.keys((JSON.parse(answer.body) as { errors?: object }).errors ?? {});
          expect(
            errors.some((name) => name === field || name.startsWith(`${field}.`)),
            label,
          ).toBe(true);
        }
      }

      for (const part of parts) {
        const schema = schemas[part]!;
        const properties = schema.properties ?? {};
        for (const [field, fieldSchema] of Object.entries(properties)) {
          const wrong = wrongValue(fieldSchema, part);
          if (wrong !== undefined) await expectRefused(part, field, wrong);
          const maxLength = fieldSchema.maxLength;
          if (maxLength !== undefined && maxLength < 100_000) {
            await expectRefused(part, field, 'x'.repeat(maxLength + 1));
          }
        }
        if (part === 'params') {
          // Longer than any id, and longer than the router takes (its maxParamLength is 100).
          for (const field of Object.keys(properties)) {
            await expectRefused(part, field, 'x'.repeat(300));
          }
          continue;
        }
        if (LENIENT_INPUT.has(`${part} of ${key}`)) continue;
        if (schema.additionalProperties === false) {
          await expectRefused(part, 'fuzzUnknownField', 'anything');
          for (const field of PROTECTED_FIELDS.filter((name) => !(name in properties))) {
            await expectRefused(part, field, field === 'plan' ? 'enterprise' : 'fuzz-value');
          }
        } else {
          // docs/architecture.md: input schemas are strict.
          expect.fail(`${part} of ${key} accepts unknown fields`);
        }
      }

      expect(
        changedTables(before, await snapshot()),
        `changed the database:\n${refusedLabels.join('\n')}`,
      ).toEqual([]);

      // Bodies that are no JSON object at all.
      if (schemas.body && !formBody) {
        for (const raw of ['{"title":', '[]', '"text"', '42', 'null']) {
          const answer = await answerOf(
            await app.inject({
              method,
              url: concrete,
              headers: {
                ...data.callers.owner!.headers,
                ...request.headers,
                'content-type': 'application/json',
              },
              cookies: data.callers.owner!.cookies,
              payload: raw,
              ...(request.stream ? { payloadAsStream: true } : {}),
            }),
            Boolean(request.stream),
          );
          expectErrorShape(answer, 400);
        }
        expect(
          changedTables(before, await snapshot()),
          'a body that is no JSON object changed the database',
        ).toEqual([]);
      }
    },
    60_000,
  );

  it('answers forged credentials and malformed headers on every route without a 5xx', async () => {
    await ownerSignedIn();
    // The owner's own token, for forgeries of it; the requests themselves carry no credentials.
    const token = data.callers.owner!.headers.authorization!.slice('Bearer '.length);
    // Several bad headers at once: any of them must not turn a request into a server error.
    const variants: Record<string, string>[] = [
      {
        authorization: `Bearer ${'x'.repeat(8000)}`,
        'token-authorization': "' OR 1=1 --",
        cookie: 'lvnt.auth.refresh=%E0%A4%A; lvnt.viewer=../../x; lvnt.access=a.b.c',
      },
      // The owner's token with its signature changed, and with none (alg none).
      {
        authorization: `Bearer ${token.slice(0, -4)}AAAA`,
        'accept-language': `${'x'.repeat(5000)};q=abc, *;q=-1`,
      },
      {
        authorization: `Bearer ${token.split('.').slice(0, 2).join('.')}.`,
        'content-type': 'application/json; charset=utf-99',
        'x-forwarded-for': '::ffff:not-an-ip',
      },
    ];
    for (const key of Object.keys(AUTHORIZATION_MATRIX)) {
      // A request that carries its own credential (a reset link's token) may end the session.
      // The API document is static and costly to build; it reads no header.
      if (key.startsWith('GET /api/docs')) continue;
      await ownerSignedIn();
      const [method, pattern] = key.split(' ') as [InjectOptions['method'], string];
      const request: MatrixRequest =
        (await AUTHORIZATION_MATRIX[key]!.request?.(data.fixture)) ?? {};
      for (const headers of variants) {
        const answer = await answerOf(
          await app.inject({
            method,
            url: request.url ?? pattern,
            headers: { ...request.headers, ...headers },
            ...(request.payload ? { payload: request.payload } : {}),
            ...(request.stream ? { payloadAsStream: true } : {}),
          }),
          Boolean(request.stream),
        );
        const label = `${key} with ${JSON.stringify(headers).slice(0, 120)}: ${answer.body.slice(0, 300)}`;
        expect(answer.statusCode, label).toBeLessThan(500);
        if (answer.statusCode >= 400) expectErrorShape(answer);
      }
    }
  }, 60_000);

  // Runs after every route's case (one file's tests run in order): a schema that stopped
  // converting would otherwise leave the routes above passing without a single request.
  it('sent generated and refused requests to the routes with input', () => {
    expect(counts.routes).toBeGreaterThanOrEqual(80);
    expect(counts.generated).toBeGreaterThanOrEqual(counts.routes * RUNS);
    expect(counts.refused).toBeGreaterThanOrEqual(1000);
  });
});
