import {
  API_TOKEN_MAX_ACTIVE,
  API_TOKEN_SCOPES,
  ERROR_MESSAGES,
  type ApiToken,
  type ApiTokenCreated,
  type ApiTokenScope,
} from '@livent/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ABUSE_LIMITS } from '../../lib/abuse-limits.js';
import { sha256 } from '../../lib/crypto.js';
import { login, registerVerified, type SignedInUser } from '../../test/accounts.js';
import { testClock } from '../../test/clock.js';
import { buildTestApp, RELAXED_ABUSE_LIMITS, type TestApp } from '../../test/test-app.js';
import { SYSTEM_ACTOR } from '../audit/index.js';
import { deleteUser, updateUser } from './users.repository.js';

/** Requests one token may make per minute in these tests. */
const TOKEN_REQUEST_LIMIT = 20;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('personal API tokens', () => {
  const clock = testClock();
  let testApp: TestApp;
  let app: FastifyInstance;
  let owner: SignedInUser;

  beforeAll(async () => {
    testApp = await buildTestApp(
      {},
      {
        now: clock.now,
        abuseLimits: {
          ...RELAXED_ABUSE_LIMITS,
          apiTokenRequests: { ...DEFAULT_ABUSE_LIMITS.apiTokenRequests, max: TOKEN_REQUEST_LIMIT },
        },
      },
    );
    app = testApp.app;
    owner = await registerVerified(app, { name: 'Owner' });
  });
  afterAll(async () => testApp.cleanup());

  /** A fresh session of the user: tests that move the clock outlive access tokens. */
  const session = async (user: SignedInUser) => (await login(app, user.email)).headers;

  async function createToken(
    user: SignedInUser,
    scopes: readonly ApiTokenScope[] = API_TOKEN_SCOPES,
    expiresInDays: number | null = null,
  ): Promise<ApiTokenCreated> {
    const response = await app.inject({
      method: 'POST',
      url: '/api/account/api-tokens',
      headers: await session(user),
      payload: { name: 'Script', scopes, expiresInDays },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ApiTokenCreated>();
  }

  const withToken = (
    token: string,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ) => app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });

  it('shows the secret once, lists without it and stores only its hash', async () => {
    const created = await createToken(owner, ['events:read', 'stats:read'], 90);
    expect(created.token).toMatch(/^lvt_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      name: 'Script',
      prefix: created.token.slice(0, 12),
      scopes: ['events:read', 'stats:read'],
      expiresAt: new Date(clock.now().getTime() + 90 * DAY).toISOString(),
      lastUsedAt: null,
    });
    const list = await app.inject({
      method: 'GET',
      url: '/api/account/api-tokens',
      headers: await session(owner),
    });
    expect(list.statusCode).toBe(200);
    const listed = list.json<ApiToken[]>().find((token) => token.id === created.id);
    expect(listed).toEqual({ ...created, token: undefined });
    expect(list.body).not.toContain(created.token.slice(12));
    const row = await app.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(sha256(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token.slice(12));
    const audit = await app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('account_id', '=', owner.user.id)
      .where('action', '=', 'token.created')
      .execute();
    expect(audit.map((entry) => JSON.parse(entry.details) as unknown)).toContainEqual(
      expect.objectContaining({ tokenId: created.id, prefix: created.prefix }),
    );
    expect(JSON.stringify(audit)).not.toContain(created.token.slice(12));
  });

  it('answers the documented curl call: the own events with a bearer token', async () => {
    const events = await app.inject({
      method: 'POST',
      url: '/api/events',
      headers: await session(owner),
      payload: { title: 'Documented' },
    });
    expect(events.statusCode).toBe(201);
    const { token } = await createToken(owner, ['events:read']);
    // curl -H "Authorization: Bearer lvt_…" https://livent.example/api/events
    const response = await app.inject({
      method: 'GET',
      url: '/api/events',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toContain('Documented');
  });

  it('stops working at once when revoked, and only its owner can revoke it', async () => {
    const { id, token } = await createToken(owner, ['events:read']);
    expect((await withToken(token, 'GET', '/api/events')).statusCode).toBe(200);
    const stranger = await registerVerified(app, { name: 'Stranger' });
    const foreign = await app.inject({
      method: 'DELETE',
      url: `/api/account/api-tokens/${id}`,
      headers: stranger.headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ message: ERROR_MESSAGES.apiTokenNotFound });
    const strangersList = await app.inject({
      method: 'GET',
      url: '/api/account/api-tokens',
      headers: stranger.headers,
    });
    expect(strangersList.json()).toEqual([]);

    // Used right before: the lookup is cached, and the revocation must still end it at once.
    const ownerHeaders = await session(owner);
    expect((await withToken(token, 'GET', '/api/events')).statusCode).toBe(200);
    const revoked = await app.inject({
      method: 'DELETE',
      url: `/api/account/api-tokens/${id}`,
      headers: ownerHeaders,
    });
    expect(revoked.statusCode).toBe(204);
    const refused = await withToken(token, 'GET', '/api/events');
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['www-authenticate']).toBe('Bearer realm="livent"');
    const audit = await app.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'token.revoked')
      .where('account_id', '=', owner.user.id)
      .execute();
    expect(audit.map((entry) => JSON.parse(entry.details) as unknown)).toContainEqual(
      expect.objectContaining({ tokenId: id }),
    );
    const listed = await app.inject({
      method: 'GET',
      url: '/api/account/api-tokens',
      headers: await session(owner),
    });
    expect(listed.json<ApiToken[]>().map((token) => token.id)).not.toContain(id);
  });

  it('refuses routes outside its scopes with 403, and never the account or tokens', async () => {
    const readOnly = await createToken(owner, ['events:read']);
    const createEvent = await app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { authorization: `Bearer ${readOnly.token}` },
      payload: { title: 'Not allowed' },
    });
    expect(createEvent.statusCode).toBe(403);
    expect(createEvent.json()).toEqual({ code: 403, message: ERROR_MESSAGES.apiTokenNotAllowed });

    const everything = await createToken(owner);
    const refused: [method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object][] = [
      ['GET', '/api/account/api-tokens'],
      [
        'POST',
        '/api/account/api-tokens',
        { name: 'Mine', scopes: ['events:read'], expiresInDays: null },
      ],
      ['DELETE', `/api/account/api-tokens/${everything.id}`],
      ['GET', '/api/account/sessions'],
      ['DELETE', '/api/account/sessions'],
      ['GET', '/api/auth/self'],
      ['GET', '/api/account/plan'],
      ['GET', '/api/domains'],
      ['GET', '/api/permissions'],
    ];
    for (const [method, url, payload] of refused) {
      const response = await withToken(everything.token, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await withToken(everything.token, 'GET', '/api/events')).statusCode).toBe(200);
  });

  it('is never read from the query string', async () => {
    const { token } = await createToken(owner);
    for (const name of ['access_token', 'token']) {
      const response = await app.inject({ method: 'GET', url: `/api/events?${name}=${token}` });
      expect(response.statusCode, name).toBe(401);
    }
  });

  it('expires when its time is up; one without expiry goes on', async () => {
    const user = await registerVerified(app, { name: 'Expiry' });
    const monthly = await createToken(user, ['events:read'], 30);
    const forever = await createToken(user, ['events:read'], null);
    clock.advance(30 * DAY - 1);
    expect((await withToken(monthly.token, 'GET', '/api/events')).statusCode).toBe(200);
    clock.advance(1);
    expect((await withToken(monthly.token, 'GET', '/api/events')).statusCode).toBe(401);
    clock.advance(400 * DAY);
    expect((await withToken(forever.token, 'GET', '/api/events')).statusCode).toBe(200);
  });

  it('remembers its last use at most once a minute', async () => {
    const { id, token } = await createToken(owner, ['events:read']);
    const lastUse = async () =>
      app.db
        .selectFrom('api_tokens')
        .select(['last_used_at', 'last_used_ip'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const first = clock.now().toISOString();
    await withToken(token, 'GET', '/api/events');
    expect(await lastUse()).toEqual({ last_used_at: first, last_used_ip: '127.0.0.1' });
    clock.advance(MINUTE - 1);
    await withToken(token, 'GET', '/api/events');
    expect((await lastUse()).last_used_at).toBe(first);
    clock.advance(1);
    await withToken(token, 'GET', '/api/events');
    expect((await lastUse()).last_used_at).toBe(clock.now().toISOString());
  });

  it('stops working when its owner is no longer verified or is gone', async () => {
    const user = await registerVerified(app, { name: 'Leaving' });
    const { token } = await createToken(user, ['events:read']);
    expect((await withToken(token, 'GET', '/api/events')).statusCode).toBe(200);
    await updateUser(app.db, user.user.id, { email_verified: 0 });
    expect((await withToken(token, 'GET', '/api/events')).statusCode).toBe(401);
    await updateUser(app.db, user.user.id, { email_verified: 1 });
    expect((await withToken(token, 'GET', '/api/events')).statusCode).toBe(200);
    await deleteUser(app.db, user.user.id);
    expect((await withToken(token, 'GET', '/api/events')).statusCode).toBe(401);
  });

  it('is limited per token, with retry-after', async () => {
    const { token } = await createToken(owner, ['events:read']);
    const other = await createToken(owner, ['events:read']);
    for (let request = 0; request < TOKEN_REQUEST_LIMIT; request++) {
      expect((await withToken(token, 'GET', '/api/events')).statusCode).toBe(200);
    }
    const limited = await withToken(token, 'GET', '/api/events');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await withToken(other.token, 'GET', '/api/events')).statusCode).toBe(200);
  });

  it('checks name, scopes and expiry, and holds at most the maximum of active tokens', async () => {
    const user = await registerVerified(app, { name: 'Many' });
    const headers = await session(user);
    for (const payload of [
      { name: '', scopes: ['events:read'], expiresInDays: null },
      { name: 'x'.repeat(81), scopes: ['events:read'], expiresInDays: null },
      { name: 'No scopes', scopes: [], expiresInDays: null },
      { name: 'Unknown scope', scopes: ['account:all'], expiresInDays: null },
      { name: 'Odd expiry', scopes: ['events:read'], expiresInDays: 7 },
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/account/api-tokens',
        headers,
        payload,
      });
      expect(response.statusCode, payload.name).toBe(400);
    }
    for (let index = 0; index < API_TOKEN_MAX_ACTIVE; index++) {
      await app.services.apiTokens.create(
        user.user.id,
        { name: `Token ${index}`, scopes: ['events:read'], expiresInDays: null },
        SYSTEM_ACTOR,
      );
    }
    const tooMany = await app.inject({
      method: 'POST',
      url: '/api/account/api-tokens',
      headers,
      payload: { name: 'One more', scopes: ['events:read'], expiresInDays: 30 },
    });
    expect(tooMany.statusCode).toBe(403);
    expect(tooMany.json()).toMatchObject({ message: ERROR_MESSAGES.apiTokenLimitReached });
  });
});
