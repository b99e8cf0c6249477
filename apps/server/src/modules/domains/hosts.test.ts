import type { CustomDomain } from '@livent/shared';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { login, registerVerified, type SignedInUser } from '../../test/accounts.js';
import { testClock } from '../../test/clock.js';
import { callAs, createEvent, setPlan } from '../../test/events.js';
import type { TestApp } from '../../test/test-app.js';
import { domainsTestApp, pointAtUs } from './domains.fixtures.js';
import { TLS_ASK_LIMIT, TLS_ASK_PATH } from './domains.routes.js';

// What answers on which host (docs/decisions/043-hosts.md): the dashboard, the API and every
// cookie-setting route on the dashboard's host only; event pages on the events origin and active
// custom domains; health and Caddy's ask everywhere; the events 404 page for the rest.

const clock = testClock();
// A proxy is trusted: what it forwards still never chooses the host.
const domains = domainsTestApp(clock, { TRUST_PROXY: 'true' });
let test: TestApp;
let dashboardHost: string;
let eventsHost: string;

beforeAll(() => {
  test = domains.app();
  dashboardHost = new URL(test.config.publicUrl).host;
  eventsHost = new URL(test.config.eventsUrl).host;
});

let counter = 0;
const uniqueName = () => {
  counter += 1;
  return `hosts${counter}.example${counter}.org`;
};

/** An active custom domain of a professional account with one event. */
async function domainWithEvent() {
  const owner = await registerVerified(test.app);
  await setPlan(test.app, owner.user.id, 'professional');
  const event = await createEvent(test.app, owner, 'Hosted event');
  const added = await callAs(test.app, owner, 'POST', '/domains', { name: uniqueName() });
  expect(added.statusCode, added.body).toBe(201);
  const domain = added.json<CustomDomain>();
  pointAtUs(domains.dnsServer, domain);
  const checked = await callAs(test.app, owner, 'POST', `/domains/${domain.id}/check`);
  expect(checked.json<CustomDomain>().status).toBe('active');
  return { owner, event, domain };
}

const on = (host: string, method: 'GET' | 'POST', url: string, extra: object = {}) =>
  test.app.inject({ method, url, headers: { host, accept: 'text/html' }, ...extra });

/** The events origin's 404 page, without a cookie. */
function expectEventsNotFound(response: LightMyRequestResponse, what: string): void {
  expect(response.statusCode, what).toBe(404);
  expect(response.headers['content-type'], what).toContain('text/html');
  expect(response.body, what).toContain('Event not found');
  expect(response.headers['set-cookie'], what).toBeUndefined();
}

/** Everything of the dashboard a browser on `host` could reach, sign-in and refresh included. */
async function expectNoDashboard(host: string, user: SignedInUser): Promise<void> {
  for (const path of ['/', '/login', '/account/domains', '/assets/index.js', '/api/docs']) {
    expectEventsNotFound(await on(host, 'GET', path), `${host}${path}`);
  }
  const signIn = await on(host, 'POST', '/api/auth/login', {
    payload: { email: user.email, password: user.password },
  });
  expectEventsNotFound(signIn, `${host} sign-in`);
  const refresh = await on(host, 'POST', '/api/auth/refresh-tokens', {
    cookies: { 'lvnt.auth.refresh': user.refreshCookie },
  });
  expectEventsNotFound(refresh, `${host} refresh`);
  const self = await test.app.inject({
    method: 'GET',
    url: '/api/auth/self',
    headers: { host, ...user.headers },
  });
  expectEventsNotFound(self, `${host} API`);
}

describe('the dashboard’s host', () => {
  it('answers the dashboard, the API and its cookies', async () => {
    const user = await registerVerified(test.app);
    // No dashboard build in tests: the history fallback answers that it is not built.
    const navigation = await on(dashboardHost, 'GET', '/login');
    expect(navigation.statusCode).toBe(503);
    const signIn = await login(test.app, user.email, user.password, {
      headers: { host: dashboardHost.toUpperCase() },
    });
    expect(signIn.refreshCookie).not.toBe('');
    // Behind a trusted proxy the Host is still what counts, not X-Forwarded-Host.
    const forwarded = await test.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-tokens',
      headers: { host: dashboardHost, 'x-forwarded-host': 'elsewhere.example' },
      cookies: { 'lvnt.auth.refresh': signIn.refreshCookie },
    });
    expect(forwarded.statusCode, forwarded.body).toBe(200);
    expect(forwarded.headers['set-cookie']).toBeDefined();
  });

  it('is not named by X-Forwarded-Host, even from a trusted proxy', async () => {
    const user = await registerVerified(test.app);
    const signIn = await test.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: 'elsewhere.example', 'x-forwarded-host': dashboardHost },
      payload: { email: user.email, password: user.password },
    });
    expectEventsNotFound(signIn, 'forwarded sign-in');
  });
});

describe('other hosts', () => {
  it('give a custom domain that left active the events 404 page, never the dashboard', async () => {
    const { owner, event, domain } = await domainWithEvent();
    expect((await on(domain.name, 'GET', `/${event.slug}`)).statusCode).toBe(200);
    await test.app.db
      .updateTable('custom_domains')
      .set({ status: 'failed' })
      .where('id', '=', domain.id)
      .execute();
    await test.app.services.domains.table.refresh();

    expectEventsNotFound(await on(domain.name, 'GET', `/${event.slug}`), 'event page');
    await expectNoDashboard(domain.name, owner);
  });

  it('give an active custom domain and the events origin event pages only', async () => {
    const { owner, event, domain } = await domainWithEvent();
    expect((await on(domain.name, 'GET', `/${event.slug}`)).statusCode).toBe(200);
    expect((await on(eventsHost, 'GET', `/${event.slug}`)).statusCode).toBe(200);
    const head = await test.app.inject({
      method: 'HEAD',
      url: `/${event.slug}`,
      headers: { host: eventsHost },
    });
    expect(head.statusCode).toBe(200);
    await expectNoDashboard(domain.name, owner);
    await expectNoDashboard(eventsHost, owner);
  });

  it('give an unknown host the events 404 page', async () => {
    const user = await registerVerified(test.app);
    for (const host of [
      'unknown.example',
      '127.0.0.1',
      `localhost:1${dashboardHost.split(':')[1]}`,
    ]) {
      await expectNoDashboard(host, user);
    }
  });

  it('stop serving a domain whose owner lost the plan once the grace is over, sweep or not', async () => {
    const { owner, event, domain } = await domainWithEvent();
    await setPlan(test.app, owner.user.id, 'free');
    await test.app.services.domains.worker.runOnce({ sweep: true });
    clock.advance(7 * 24 * 3600_000 - 60_000);
    await test.app.services.domains.table.refresh();
    expect((await on(domain.name, 'GET', `/${event.slug}`)).statusCode).toBe(200);
    clock.advance(60_000);
    // The table alone, before the next sweep disables the domain.
    await test.app.services.domains.table.refresh();
    expectEventsNotFound(await on(domain.name, 'GET', `/${event.slug}`), 'after the grace');
  });
});

describe('on any host', () => {
  it('answers health and Caddy’s ask', async () => {
    const { domain } = await domainWithEvent();
    for (const host of [dashboardHost, eventsHost, domain.name, 'unknown.example', '127.0.0.1']) {
      for (const path of ['/api/health', '/api/health/live', '/api/health/ready']) {
        const health = await test.app.inject({ method: 'GET', url: path, headers: { host } });
        expect(health.statusCode, `${host}${path}`).toBe(200);
      }
      const ask = await test.app.inject({
        method: 'GET',
        url: `${TLS_ASK_PATH}?domain=${domain.name}`,
        headers: { host },
      });
      expect(ask.statusCode, host).toBe(200);
    }
  });

  it('limits asks about other names per address, never an active domain', async () => {
    const { domain } = await domainWithEvent();
    const ask = (name: string, remoteAddress = '192.0.2.77') =>
      test.app.inject({
        method: 'GET',
        url: `${TLS_ASK_PATH}?domain=${name}`,
        headers: { host: '127.0.0.1' },
        remoteAddress,
      });
    for (let index = 0; index < TLS_ASK_LIMIT.max; index += 1) {
      expect((await ask(`flood${index}.example`)).statusCode).toBe(404);
    }
    const refused = await ask('one-more.example');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await ask(domain.name)).statusCode).toBe(200);
    // Another address is counted apart.
    expect((await ask('one-more.example', '192.0.2.78')).statusCode).toBe(404);
  });
});
