import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SSO_DEFAULT_SCOPES } from '@livent/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, type SignedInUser } from '../../test/accounts.js';
import { setPlan } from '../../test/events.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { insertEvent, onEventsHost } from '../public/public.fixtures.js';
import { SecretBox } from '../../lib/secret-box.js';
import { SSO_SECRET_PURPOSE } from './sso.service.js';
import { saveEventSso } from './sso.repository.js';

// Single sign-on's requests go through the outbound client (ADR 041): without the operator's
// allow-list, an issuer on an internal address is refused when saved, and one stored anyway (or a
// name that resolves to loopback) never gets a request, least of all the client secret.

const CLIENT_SECRET = 'client-secret-that-must-stay-home-0123';

let test: TestApp;
let app: FastifyInstance;
let owner: SignedInUser;
let trap: Server;
let trapPort: number;
/** Every request that reached the loopback listener, with its body. */
const reached: string[] = [];

beforeAll(async () => {
  test = await buildTestApp();
  app = test.app;
  owner = await register(app);
  await setPlan(app, owner.user.id, 'enterprise-member');
  trap = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      reached.push(`${request.method ?? ''} ${request.url ?? ''} ${body}`);
      response.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
  trapPort = (trap.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => trap.close(resolve));
  await test.cleanup();
});

const save = (eventId: string, issuer: string) =>
  app.inject({
    method: 'PATCH',
    url: `/api/events/${eventId}/sso`,
    headers: { authorization: `Bearer ${owner.tokens.access.token}` },
    payload: { issuer, clientId: 'livent', clientSecret: CLIENT_SECRET },
  });

describe('single sign-on and internal addresses', () => {
  it.each([
    'https://127.0.0.1',
    'https://127.0.0.1/token-thief',
    'https://2130706433',
    'https://[::1]',
    'https://[::ffff:127.0.0.1]',
    'https://localhost:8443',
    'https://169.254.169.254/latest',
    'https://10.0.0.1',
    'https://100.64.0.1',
    'https://[fd00::1]',
    'https://0.0.0.0',
  ])('refuses to save the issuer %s (400 naming the issuer field)', async (issuer) => {
    const event = await insertEvent(app, owner.user.id, { accessMode: 'cip' });
    const response = await save(event.id, issuer);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ errors: { issuer: 'validation.internalAddress' } });
  });

  it('still saves an issuer on a public name', async () => {
    const event = await insertEvent(app, owner.user.id, { accessMode: 'cip' });
    expect((await save(event.id, 'https://login.example.com')).statusCode).toBe(200);
  });

  it.each(['127.0.0.1', 'localhost'])(
    'sends nothing to a loopback listener for a stored issuer on %s: the gate says unreachable',
    async (host) => {
      const event = await insertEvent(app, owner.user.id, {
        accessMode: 'cip',
        accessShowContent: false,
      });
      // Stored as if saved before this check existed (or through a name that later resolves to
      // loopback): only the connect-time check stands between it and the listener.
      await saveEventSso(app.db, {
        event_id: event.id,
        issuer: `http://${host}:${String(trapPort)}`,
        client_id: 'livent',
        client_secret: new SecretBox(app.config.appSecret, SSO_SECRET_PURPOSE).seal(
          CLIENT_SECRET,
          event.id,
        ),
        scopes: SSO_DEFAULT_SCOPES,
        button_label: '',
        updated_at: new Date().toISOString(),
      });
      const start = await onEventsHost(app, `/${event.slug}/_access/sso/start`);
      expect(start.statusCode).toBe(502);
      expect(start.body).toContain('The sign-in service cannot be reached');
      const callback = await onEventsHost(
        app,
        `/${event.slug}/_access/sso/callback?code=stolen&state=x`,
      );
      expect(callback.statusCode).toBeGreaterThanOrEqual(400);
      expect(reached).toEqual([]);
    },
  );
});
