import {
  ERROR_MESSAGES,
  type AuditPage,
  type CustomDomain,
  type DomainsList,
  type EventListItem,
} from '@livent/shared';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { login, registerVerified, type SignedInUser } from '../../test/accounts.js';
import { testClock } from '../../test/clock.js';
import { callAs, createEvent, setPlan } from '../../test/events.js';
import type { TestApp } from '../../test/test-app.js';
import { DOMAIN_TARGET, domainsTestApp, pointAtUs as pointDomainAtUs } from './domains.fixtures.js';
import { claimDueDomains } from './domains.repository.js';

// Custom domains through the API (ADR 030), with a DNS server on loopback: adding, the states a
// check finds, serving pages on an active domain, Caddy's ask, and the plan's grace period.

const TARGET = DOMAIN_TARGET;
const clock = testClock();
const domains = domainsTestApp(clock);
const { dnsServer } = domains;
let test: TestApp;

beforeAll(() => {
  test = domains.app();
});

async function account(plan?: 'professional' | 'business' | 'enterprise-admin') {
  const user = await registerVerified(test.app);
  if (plan) await setPlan(test.app, user.user.id, plan);
  return user;
}

const addDomain = (user: SignedInUser, name: string) =>
  callAs(test.app, user, 'POST', '/domains', { name });

async function added(user: SignedInUser, name: string): Promise<CustomDomain> {
  const response = await addDomain(user, name);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CustomDomain>();
}

const recheck = async (user: SignedInUser, id: string): Promise<CustomDomain> => {
  const response = await callAs(test.app, user, 'POST', `/domains/${id}/check`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CustomDomain>();
};

/** The records of a domain that passes every check. */
const pointAtUs = (domain: CustomDomain): void => pointDomainAtUs(dnsServer, domain);

async function activeDomain(user: SignedInUser, name: string): Promise<CustomDomain> {
  const domain = await added(user, name);
  pointAtUs(domain);
  const checked = await recheck(user, domain.id);
  expect(checked.status).toBe('active');
  return checked;
}

const page = (host: string, url: string): Promise<LightMyRequestResponse> =>
  test.app.inject({ method: 'GET', url, headers: { host, accept: 'text/html' } });

const ask = (domain: string) =>
  test.app.inject({ method: 'GET', url: `/_livent/tls-ask?domain=${encodeURIComponent(domain)}` });

const message = (response: LightMyRequestResponse) => response.json<{ message: string }>().message;

let counter = 0;
const uniqueName = (label = 'live') => {
  counter += 1;
  return `${label}${counter}.example${counter}.com`;
};

describe('adding domains', () => {
  it('needs the plan feature and keeps to its limit', async () => {
    const free = await account();
    const list = await callAs(test.app, free, 'GET', '/domains');
    expect(list.json<DomainsList>()).toEqual({ domains: [], limit: 0, canShare: false });
    const refused = await addDomain(free, uniqueName());
    expect(refused.statusCode).toBe(403);
    expect(message(refused)).toBe(ERROR_MESSAGES.featureNotAvailable);

    const pro = await account('professional');
    await added(pro, uniqueName());
    const second = await addDomain(pro, uniqueName());
    expect(second.statusCode).toBe(403);
    expect(message(second)).toBe(ERROR_MESSAGES.domainLimitReached);
    expect((await callAs(test.app, pro, 'GET', '/domains')).json<DomainsList>()).toMatchObject({
      limit: 1,
      canShare: false,
    });
  });

  it("records adding and removing a domain in the account's audit log (ADR 069)", async () => {
    const owner = await account('professional');
    const domain = await added(owner, uniqueName());
    clock.advance(1_000);
    expect((await callAs(test.app, owner, 'DELETE', `/domains/${domain.id}`)).statusCode).toBe(204);
    const log = await callAs(test.app, owner, 'GET', '/account/audit');
    expect(
      log.json<AuditPage>().results.map(({ action, details }) => ({ action, details })),
    ).toEqual([
      { action: 'account.domain_removed', details: { name: domain.name } },
      { action: 'account.domain_added', details: { name: domain.name } },
    ]);
  });

  it('stores the lower-case ASCII name, pending, with the records to set', async () => {
    const user = await account('business');
    const domain = await added(user, 'Live.Bücher.DE');
    expect(domain).toMatchObject({
      name: 'live.xn--bcher-kva.de',
      status: 'pending',
      statusDetail: null,
      checkError: null,
      isDefault: false,
      shared: false,
      redirectUrl: null,
      records: {
        cname: { name: 'live.xn--bcher-kva.de', value: TARGET },
        txt: { name: '_livent-challenge.live.xn--bcher-kva.de' },
        caa: {
          name: 'live.xn--bcher-kva.de',
          value: '0 issue "letsencrypt.org"',
          issuer: 'letsencrypt.org',
        },
      },
      activatedAt: null,
      lastCheckedAt: clock.now().toISOString(),
    });
    expect(domain.records.txt.value).toMatch(/^livent-verify=[\w-]{32}$/);
    expect(domain.nextCheckAt).toBe(new Date(clock.now().getTime() + 60_000).toISOString());
  });

  it('refuses a name any account holds, in any case, and our own hostnames', async () => {
    const owner = await account('business');
    const other = await account('business');
    const name = uniqueName();
    await added(owner, name);
    for (const [user, attempt] of [
      [other, name.toUpperCase()],
      [owner, name],
    ] as const) {
      const taken = await addDomain(user, attempt);
      expect(taken.statusCode).toBe(409);
      expect(message(taken)).toBe(ERROR_MESSAGES.domainTaken);
    }
    for (const own of ['events.localhost', 'x.events.localhost', 'app.localhost', TARGET]) {
      const reserved = await addDomain(other, own);
      expect(reserved.statusCode, own).toBe(400);
      expect(message(reserved)).toBe(ERROR_MESSAGES.domainReserved);
    }
    for (const bad of ['192.168.0.1', '*.example.com', 'example.com:8443', 'localhost']) {
      const invalid = await addDomain(other, bad);
      expect(invalid.statusCode, bad).toBe(400);
      expect(invalid.json()).toMatchObject({ errors: { name: 'validation.hostname' } });
    }
    expect((await callAs(test.app, other, 'GET', '/domains')).json<DomainsList>().domains).toEqual(
      [],
    );
  });

  it('lets another account take over a claim that never verified for three days', async () => {
    const squatter = await account('professional');
    const owner = await account('professional');
    const name = uniqueName();
    await added(squatter, name);
    clock.advance(3 * 24 * 3600_000 - 60_000);
    // Access tokens last minutes: sign in again after moving the clock by days.
    const ownerNow = await login(test.app, owner.email);
    expect((await addDomain(ownerNow, name)).statusCode).toBe(409);
    clock.advance(60_000);
    await added(ownerNow, name);
    const squatterNow = await login(test.app, squatter.email);
    expect(
      (await callAs(test.app, squatterNow, 'GET', '/domains')).json<DomainsList>().domains,
    ).toEqual([]);
  });
});

describe('checks', () => {
  it('goes from pending through wrong target, TXT missing and CAA to active', async () => {
    const user = await account('professional');
    const domain = await added(user, uniqueName());
    expect(domain.status).toBe('pending');

    dnsServer.set(domain.name, [{ type: 'CNAME', data: 'old.example.net' }]);
    expect(await recheck(user, domain.id)).toMatchObject({
      status: 'wrong_target',
      statusDetail: 'old.example.net',
    });

    dnsServer.set(domain.name, [{ type: 'CNAME', data: TARGET }]);
    expect(await recheck(user, domain.id)).toMatchObject({
      status: 'txt_missing',
      statusDetail: null,
    });

    pointAtUs(domain);
    const parent = domain.name.split('.').slice(1).join('.');
    dnsServer.set(parent, [{ type: 'CAA', data: { tag: 'issue', value: 'digicert.com' } }]);
    expect(await recheck(user, domain.id)).toMatchObject({
      status: 'caa_blocked',
      statusDetail: 'digicert.com',
    });

    dnsServer.set(parent, [{ type: 'CAA', data: { tag: 'issue', value: 'letsencrypt.org' } }]);
    const active = await recheck(user, domain.id);
    expect(active).toMatchObject({
      status: 'active',
      statusDetail: null,
      activatedAt: clock.now().toISOString(),
      nextCheckAt: new Date(clock.now().getTime() + 24 * 3600_000).toISOString(),
    });
  });

  it('keeps the status with a reason when the resolver times out', async () => {
    const user = await account('professional');
    const name = uniqueName();
    dnsServer.silence(name);
    const domain = await added(user, name);
    expect(domain).toMatchObject({ status: 'pending', checkError: 'timeout' });
    pointAtUs(domain);
    expect(await recheck(user, domain.id)).toMatchObject({ status: 'active', checkError: null });
    dnsServer.silence(name);
    expect(await recheck(user, domain.id)).toMatchObject({
      status: 'active',
      checkError: 'timeout',
    });
  });

  it('limits re-checks per account (429)', async () => {
    const user = await account('professional');
    const domain = await added(user, uniqueName());
    for (let i = 0; i < 10; i += 1) await recheck(user, domain.id);
    const limited = await callAs(test.app, user, 'POST', `/domains/${domain.id}/check`);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('re-checks due domains in the worker with a doubling wait, one instance per row', async () => {
    const user = await account('professional');
    const domain = await added(user, uniqueName());
    const worker = test.app.services.domains.worker;
    const nextCheck = async () =>
      (await callAs(test.app, user, 'GET', '/domains')).json<DomainsList>().domains[0]!.nextCheckAt;
    const start = clock.now().getTime();
    expect(await nextCheck()).toBe(new Date(start + 60_000).toISOString());
    clock.advance(60_000);
    await worker.runOnce();
    expect(await nextCheck()).toBe(new Date(start + 60_000 + 120_000).toISOString());

    // A claimed row is not claimed again while its lease lasts.
    clock.advance(120_000);
    const at = clock.now().toISOString();
    const lease = new Date(clock.now().getTime() + 60_000).toISOString();
    const [first, second] = await Promise.all([
      claimDueDomains(test.app.db, at, lease, 100),
      claimDueDomains(test.app.db, at, lease, 100),
    ]);
    const mine = (rows: { id: string }[]) => rows.filter((row) => row.id === domain.id).length;
    expect(mine(first) + mine(second)).toBe(1);
  });

  it('answers 404 "Domain not found" for another account’s domain', async () => {
    const owner = await account('professional');
    const other = await account('professional');
    const domain = await added(owner, uniqueName());
    for (const [method, path, body] of [
      ['PATCH', `/domains/${domain.id}`, { isDefault: true }],
      ['DELETE', `/domains/${domain.id}`, undefined],
      ['POST', `/domains/${domain.id}/check`, undefined],
    ] as const) {
      const response = await callAs(test.app, other, method, path, body);
      expect(response.statusCode, `${method} ${path}`).toBe(404);
      expect(message(response)).toBe(ERROR_MESSAGES.domainNotFound);
    }
    expect((await callAs(test.app, owner, 'GET', '/domains')).json<DomainsList>().domains).toEqual([
      expect.objectContaining({ id: domain.id, isDefault: false }),
    ]);
  });
});

describe('serving', () => {
  it('serves the owner’s event pages on an active domain and nothing else', async () => {
    const owner = await account('professional');
    const other = await account();
    const event = await createEvent(test.app, owner, 'Domain launch');
    const foreign = await createEvent(test.app, other, 'Someone else');
    const domain = await added(owner, uniqueName());

    // Pending: the host is nobody's, the dashboard's not-found answers.
    expect((await page(domain.name, `/${event.slug}`)).body).not.toContain('Domain launch');
    expect((await ask(domain.name)).statusCode).toBe(404);

    pointAtUs(domain);
    await recheck(owner, domain.id);
    const served = await page(domain.name, `/${event.slug}`);
    expect(served.statusCode).toBe(200);
    expect(served.body).toContain('Domain launch');
    const onEventsHost = await page(new URL(test.config.eventsUrl).host, `/${event.slug}`);
    expect(served.headers['content-security-policy']).toBe(
      onEventsHost.headers['content-security-policy'],
    );
    expect(served.headers['x-content-type-options']).toBe('nosniff');

    // Another account's event and the root: the events origin's 404 page.
    const notOurs = await page(domain.name.toUpperCase(), `/${foreign.slug}`);
    expect(notOurs.statusCode).toBe(404);
    expect(notOurs.headers['content-type']).toContain('text/html');
    expect((await page(domain.name, '/')).statusCode).toBe(404);
    expect((await page(domain.name, '/nothing/here/at-all')).statusCode).toBe(404);

    // A redirect URL takes `/` there.
    const patched = await callAs(test.app, owner, 'PATCH', `/domains/${domain.id}`, {
      redirectUrl: 'https://www.example.com/live',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const root = await page(domain.name, '/');
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('https://www.example.com/live');

    // Caddy's ask: only the active domain, on any host.
    expect((await ask(domain.name)).statusCode).toBe(200);
    expect((await ask(`${domain.name}.`)).statusCode).toBe(200);
    expect((await ask('unknown.example.org')).statusCode).toBe(404);
    expect((await ask('')).statusCode).toBe(404);

    // Deleted: it stops at once.
    const deleted = await callAs(test.app, owner, 'DELETE', `/domains/${domain.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await ask(domain.name)).statusCode).toBe(404);
    expect((await page(domain.name, `/${event.slug}`)).body).not.toContain('Domain launch');
  });

  it('takes only an absolute https redirect without control characters, stored normalised', async () => {
    const owner = await account('professional');
    const domain = await activeDomain(owner, uniqueName());
    const patch = (redirectUrl: string) =>
      callAs(test.app, owner, 'PATCH', `/domains/${domain.id}`, { redirectUrl });

    for (const bad of [
      'https://www.example.com/\r\nSet-Cookie: a=b',
      'https://www.example.com/a\nb',
      'https://www.example.com/\u0000',
      'https://www.example.com/\u0085',
      'https://www.example.com/a b',
      'https://www.example.com/\ta',
    ]) {
      const refused = await patch(bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(refused.json()).toMatchObject({ errors: { redirectUrl: 'validation.urlCharacters' } });
    }
    for (const bad of ['/live', 'www.example.com', 'javascript:alert(1)', 'http://example.com']) {
      const refused = await patch(bad);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json()).toMatchObject({ errors: { redirectUrl: 'validation.url' } });
    }
    expect((await page(domain.name, '/')).statusCode).toBe(404);

    const saved = await patch('HTTPS://Bücher.Example/Live Stream?x=ä'.replace(' ', '%20'));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<CustomDomain>().redirectUrl).toBe(
      'https://xn--bcher-kva.example/Live%20Stream?x=%C3%A4',
    );
    expect((await page(domain.name, '/')).headers.location).toBe(
      'https://xn--bcher-kva.example/Live%20Stream?x=%C3%A4',
    );
  });

  it('treats a stored redirect URL with a line break as none instead of answering 500', async () => {
    const owner = await account('professional');
    const domain = await activeDomain(owner, uniqueName());
    // As a version without the check could have stored it.
    await test.app.db
      .updateTable('custom_domains')
      .set({ redirect_url: 'https://www.example.com/\r\nSet-Cookie: a=b' })
      .where('id', '=', domain.id)
      .execute();
    await test.app.services.domains.table.refresh();

    const root = await page(domain.name, '/');
    expect(root.statusCode).toBe(404);
    expect(root.headers['content-type']).toContain('text/html');
    expect(root.headers.location).toBeUndefined();
  });

  it('serves an enterprise admin’s members’ events when shared', async () => {
    const admin = await account('enterprise-admin');
    const member = await account();
    const invited = await callAs(test.app, admin, 'POST', '/enterprise/invitations', {
      email: member.email,
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const accepted = await callAs(
      test.app,
      member,
      'POST',
      `/account/enterprise/invitations/${invited.json<{ id: string }>().id}/accept`,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    const event = await createEvent(test.app, member, 'Member event');
    const domain = await activeDomain(admin, uniqueName());
    expect((await callAs(test.app, admin, 'GET', '/domains')).json<DomainsList>().canShare).toBe(
      true,
    );
    expect((await page(domain.name, `/${event.slug}`)).statusCode).toBe(404);
    await callAs(test.app, admin, 'PATCH', `/domains/${domain.id}`, { shared: true });
    // The event's owner is remembered for a few seconds; a new slug is asked afresh.
    const second = await createEvent(test.app, member, 'Member event two');
    const served = await page(domain.name, `/${second.slug}`);
    expect(served.statusCode).toBe(200);
    expect(served.body).toContain('Member event two');
  });

  it('links the events list to the default active domain', async () => {
    const owner = await account('business');
    const event = await createEvent(test.app, owner, 'Linked');
    const fullUrl = async () =>
      (await callAs(test.app, owner, 'GET', '/events'))
        .json<EventListItem[]>()
        .find((item) => item.id === event.id)!.fullUrl;
    expect(await fullUrl()).toBe(`${test.config.eventsUrl}/${event.slug}`);
    const first = await activeDomain(owner, uniqueName());
    const second = await activeDomain(owner, uniqueName());
    await callAs(test.app, owner, 'PATCH', `/domains/${first.id}`, { isDefault: true });
    expect(await fullUrl()).toBe(`https://${first.name}/${event.slug}`);
    const moved = await callAs(test.app, owner, 'PATCH', `/domains/${second.id}`, {
      isDefault: true,
    });
    expect(moved.json<CustomDomain>().isDefault).toBe(true);
    expect(await fullUrl()).toBe(`https://${second.name}/${event.slug}`);
    const list = (await callAs(test.app, owner, 'GET', '/domains')).json<DomainsList>();
    expect(list.domains.filter((domain) => domain.isDefault).map((domain) => domain.id)).toEqual([
      second.id,
    ]);
  });
});

describe('plan expiry', () => {
  it('keeps domains for the grace period, then disables them until the plan returns', async () => {
    let owner = await account('professional');
    const event = await createEvent(test.app, owner, 'Grace');
    const domain = await activeDomain(owner, uniqueName());
    const worker = test.app.services.domains.worker;
    const status = async () =>
      (await callAs(test.app, owner, 'GET', '/domains')).json<DomainsList>().domains[0]!;

    await setPlan(test.app, owner.user.id, 'free');
    await worker.runOnce({ sweep: true });
    clock.advance(7 * 24 * 3600_000 - 60_000);
    owner = await login(test.app, owner.email);
    await worker.runOnce({ sweep: true });
    expect(await status()).toMatchObject({ status: 'active', disabledReason: null });
    expect((await page(domain.name, `/${event.slug}`)).statusCode).toBe(200);

    clock.advance(60_000);
    await worker.runOnce({ sweep: true });
    expect(await status()).toMatchObject({
      status: 'disabled',
      disabledReason: 'plan',
      nextCheckAt: null,
    });
    expect((await ask(domain.name)).statusCode).toBe(404);
    expect((await page(domain.name, `/${event.slug}`)).body).not.toContain('Grace');
    // A re-check does not bring it back while the plan does not allow it.
    expect((await recheck(owner, domain.id)).status).toBe('disabled');

    await setPlan(test.app, owner.user.id, 'professional');
    await worker.runOnce({ sweep: true });
    expect(await status()).toMatchObject({ status: 'active', disabledReason: null });
    expect((await ask(domain.name)).statusCode).toBe(200);
  });
});
