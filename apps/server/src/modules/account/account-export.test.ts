import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, type SignedInUser } from '../../test/accounts.js';
import { seedAccount, type SeededAccount } from '../../test/account-data.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

// The account's JSON archive (docs/decisions/073-data-retention-and-privacy.md).

interface Archive {
  format: string;
  account: Record<string, unknown>;
  sessions: unknown[];
  uploads: unknown[];
  domains: unknown[];
  billingPayments: unknown[];
  feedback: unknown[];
  auditLog: { action: string }[];
  apiTokens: { name: string }[];
  webhookEndpoints: { url: string }[];
  twoFactor: { enabled_at: string | null }[];
  events: {
    event: { id: string; settings: Record<string, unknown> };
    registrations: { email: string }[];
    invitations: { email: string }[];
    logins: unknown[];
    messages: unknown[];
    attendance: unknown[];
    statsMinutes: unknown[];
    polls: unknown[];
    pollVotes: unknown[];
    channels: unknown[];
    highlights: unknown[];
    sharedWith: unknown[];
  }[];
}

/** More registrations than one page of the export's reads. */
const MANY = 2345;

let testApp: TestApp;
let owner: SignedInUser;
let seeded: SeededAccount;
let body: string;
let headers: Record<string, unknown>;
let tokenSecret: string;

beforeAll(async () => {
  testApp = await buildTestApp({}, { retention: { intervalMs: 0 } });
  const { app } = testApp;
  owner = await registerVerified(app);
  const colleague = await registerVerified(app);
  seeded = await seedAccount(app, owner, colleague);
  await app.db
    .insertInto('registrations')
    .values(
      Array.from({ length: MANY }, (_, index) => ({
        id: randomUUID(),
        event_id: seeded.eventId,
        name: `Bulk ${String(index)}`,
        email: `bulk-${String(index)}@example.com`,
        token: randomUUID(),
        verified_at: null,
        mail_id: null,
        created_at: '2026-11-20T10:00:00.000Z',
      })),
    )
    .execute();
  // What the account set up on its security and webhooks screens, with their secrets.
  const token = await app.inject({
    method: 'POST',
    url: '/api/account/api-tokens',
    headers: owner.headers,
    payload: { name: 'CRM sync', scopes: ['events:read'], expiresInDays: 30 },
  });
  expect(token.statusCode, token.body).toBe(201);
  tokenSecret = token.json<{ token: string }>().token;
  await app.db
    .insertInto('webhook_endpoints')
    .values({
      id: randomUUID(),
      account_id: owner.user.id,
      url: 'https://crm.example.com/hooks',
      description: '',
      event_types: null,
      event_ids: null,
      secret: `whsec_${seeded.tag}current`,
      previous_secret: `whsec_${seeded.tag}previous`,
      previous_secret_until: null,
      status: 'active',
      paused_reason: null,
      failing_since: null,
      created_at: '2026-11-20T10:00:00.000Z',
      updated_at: '2026-11-20T10:00:00.000Z',
    })
    .execute();
  await app.db
    .insertInto('two_factor')
    .values({
      user_id: owner.user.id,
      secret: `totp-${seeded.tag}`,
      enabled_at: '2026-11-20T10:00:00.000Z',
      last_used_step: null,
      remember_key: `remember-${seeded.tag}`,
      created_at: '2026-11-20T10:00:00.000Z',
    })
    .execute();
  const response = await app.inject({
    method: 'GET',
    url: '/api/account/export',
    headers: owner.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  body = response.body;
  headers = response.headers;
});
afterAll(() => testApp.cleanup());

describe('GET /api/account/export', () => {
  it('answers a dated JSON attachment of the account, its tables and its events', () => {
    expect(headers['content-type']).toBe('application/json; charset=utf-8');
    expect(headers['content-disposition']).toMatch(
      /^attachment; filename="livent-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const archive = JSON.parse(body) as Archive;
    expect(archive.format).toBe('livent-account-export');
    expect(archive.account.email).toBe(owner.email);
    for (const part of ['sessions', 'uploads', 'domains', 'billingPayments', 'feedback'] as const) {
      expect(archive[part], part).not.toHaveLength(0);
    }
    expect(archive.auditLog.map((entry) => entry.action)).toContain('account.exported');
    expect(archive.apiTokens.map((row) => row.name)).toEqual(['CRM sync']);
    expect(archive.webhookEndpoints.map((row) => row.url)).toEqual([
      'https://crm.example.com/hooks',
    ]);
    expect(archive.twoFactor.map((row) => row.enabled_at)).toEqual(['2026-11-20T10:00:00.000Z']);
    const [event] = archive.events;
    expect(event?.event.id).toBe(seeded.eventId);
    expect(event?.event.settings.retentionDays).toBe(30);
    expect(event?.registrations).toHaveLength(MANY + 1);
    expect(new Set(event?.registrations.map((row) => row.email)).size).toBe(MANY + 1);
    expect(event?.invitations[0]?.email).toContain(seeded.tag);
    for (const part of [
      'logins',
      'messages',
      'attendance',
      'statsMinutes',
      'polls',
      'pollVotes',
      'channels',
      'highlights',
      'sharedWith',
    ] as const) {
      expect(event?.[part], part).not.toHaveLength(0);
    }
  });

  it('holds no secret: password and token hashes, personal links, provider secrets', async () => {
    const { db } = testApp.app;
    const secrets = [
      (
        await db
          .selectFrom('users')
          .select('password_hash')
          .where('id', '=', owner.user.id)
          .executeTakeFirstOrThrow()
      ).password_hash,
      ...(await db.selectFrom('refresh_tokens').select('token_hash').execute()).map(
        (row) => row.token_hash,
      ),
      ...(await db.selectFrom('tokens').select('token_hash').execute()).map(
        (row) => row.token_hash,
      ),
      ...(await db.selectFrom('registrations').select('token').limit(5).execute()).map(
        (row) => row.token,
      ),
      ...(await db.selectFrom('invitations').select(['token', 'password']).execute()).flatMap(
        (row) => [row.token, row.password],
      ),
      `sso-secret-${seeded.tag}`,
      tokenSecret,
      ...(await db.selectFrom('api_tokens').select('token_hash').execute()).map(
        (row) => row.token_hash,
      ),
      `whsec_${seeded.tag}current`,
      `whsec_${seeded.tag}previous`,
      `totp-${seeded.tag}`,
      `remember-${seeded.tag}`,
    ];
    expect(secrets.length).toBeGreaterThan(6);
    for (const secret of secrets) expect(body).not.toContain(secret);
  });
});
