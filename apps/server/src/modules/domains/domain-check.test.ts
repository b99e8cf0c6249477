import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DnsLookup } from '../../lib/dns/resolver.js';
import { TestDnsServer, type TestRecord } from '../../lib/dns/test-dns-server.js';
import { blockingIssuers, checkDomain, type CheckInput } from './domain-check.js';

// The DNS checks against a real DNS server on loopback (ADR 030): each status from the records.

const TARGET = 'domains.livent.test';
const server = new TestDnsServer();
let dns: DnsLookup;

beforeAll(async () => {
  const address = await server.start();
  dns = new DnsLookup({ servers: [address], timeoutMs: 150, tries: 1 });
});
afterAll(() => server.stop());
beforeEach(() => {
  server.clear();
  server.set(TARGET, [
    { type: 'A', data: '192.0.2.10' },
    { type: 'AAAA', data: '2001:db8::10' },
  ]);
});

const input = (name: string, extra: Partial<CheckInput> = {}): CheckInput => ({
  name,
  token: 'livent-verify=abc',
  target: TARGET,
  caaIssuers: ['letsencrypt.org'],
  requireTxt: true,
  ...extra,
});

const proven = (name: string) =>
  server.set(`_livent-challenge.${name}`, [{ type: 'TXT', data: 'livent-verify=abc' }]);

describe('checkDomain', () => {
  it('is pending while the name has no record', async () => {
    expect(await checkDomain(dns, input('live.example.com'))).toEqual({
      status: 'pending',
      detail: null,
      error: null,
    });
  });

  it('names where a CNAME points when it is not our target', async () => {
    server.set('live.example.com', [{ type: 'CNAME', data: 'old-host.example.net' }]);
    server.set('old-host.example.net', [{ type: 'A', data: '198.51.100.1' }]);
    expect(await checkDomain(dns, input('live.example.com'))).toMatchObject({
      status: 'wrong_target',
      detail: 'old-host.example.net',
    });
  });

  it('names the addresses of an apex that are not the target’s', async () => {
    server.set('example.org', [
      { type: 'A', data: '192.0.2.10' },
      { type: 'A', data: '203.0.113.5' },
    ]);
    expect(await checkDomain(dns, input('example.org'))).toMatchObject({
      status: 'wrong_target',
      detail: '192.0.2.10, 203.0.113.5',
    });
  });

  it('wants the ownership TXT record, naming the values found', async () => {
    server.set('live.example.com', [{ type: 'CNAME', data: `${TARGET}.` }]);
    expect(await checkDomain(dns, input('live.example.com'))).toMatchObject({
      status: 'txt_missing',
      detail: null,
    });
    server.set('_livent-challenge.live.example.com', [{ type: 'TXT', data: 'someone-else' }]);
    expect(await checkDomain(dns, input('live.example.com'))).toMatchObject({
      status: 'txt_missing',
      detail: 'someone-else',
    });
  });

  it('is blocked by a CAA set at a parent that names other issuers only', async () => {
    server.set('live.example.com', [{ type: 'CNAME', data: TARGET }]);
    proven('live.example.com');
    server.set('example.com', [
      { type: 'CAA', data: { tag: 'issue', value: 'pki.goog' } },
      { type: 'CAA', data: { tag: 'iodef', value: 'mailto:security@example.com' } },
    ]);
    expect(await checkDomain(dns, input('live.example.com'))).toMatchObject({
      status: 'caa_blocked',
      detail: 'pki.goog',
    });
    // The closest set decides: one at the name itself that allows us wins over the parent's.
    server.set('live.example.com', [
      { type: 'CNAME', data: TARGET },
      { type: 'CAA', data: { tag: 'issue', value: 'letsencrypt.org; validationmethods=http-01' } },
    ]);
    expect(await checkDomain(dns, input('live.example.com'))).toMatchObject({ status: 'active' });
  });

  it('is active with the CNAME, the TXT record and no CAA set', async () => {
    server.set('live.example.com', [{ type: 'CNAME', data: TARGET }]);
    proven('live.example.com');
    expect(await checkDomain(dns, input('live.example.com'))).toEqual({
      status: 'active',
      detail: null,
      error: null,
    });
  });

  it('is active at an apex whose addresses are the target’s', async () => {
    server.set('example.org', [{ type: 'A', data: '192.0.2.10' }]);
    proven('example.org');
    expect(await checkDomain(dns, input('example.org'))).toMatchObject({ status: 'active' });
  });

  it('needs no TXT record once the domain was active', async () => {
    server.set('live.example.com', [{ type: 'CNAME', data: TARGET }]);
    expect(await checkDomain(dns, input('live.example.com', { requireTxt: false }))).toMatchObject({
      status: 'active',
    });
  });

  it('counts only records of the name asked and its CNAME chain, whatever else the answer holds', async () => {
    // Each answer about the name also carries records of other names that would pass every
    // check: a CNAME and addresses of ours, the ownership token and a CAA set that allows us.
    const strays = (owner: string): TestRecord[] => [
      { name: owner, type: 'CNAME', data: TARGET },
      { name: owner, type: 'A', data: '192.0.2.10' },
      { name: owner, type: 'AAAA', data: '2001:db8::10' },
      { name: owner, type: 'TXT', data: 'livent-verify=abc' },
      { name: owner, type: 'CAA', data: { tag: 'issue', value: 'letsencrypt.org' } },
    ];
    for (const asked of ['live.example.com', '_livent-challenge.live.example.com', 'example.com'])
      server.addStrayRecords(asked, strays('attacker.example.net'));
    expect(await checkDomain(dns, input('live.example.com'))).toMatchObject({ status: 'pending' });

    // Pointing elsewhere, with our target's CNAME for another name beside it.
    server.set('live.example.com', [{ type: 'CNAME', data: 'elsewhere.example.net' }]);
    server.set('elsewhere.example.net', [{ type: 'A', data: '198.51.100.7' }]);
    expect(await checkDomain(dns, input('live.example.com'))).toMatchObject({
      status: 'wrong_target',
      detail: 'elsewhere.example.net',
    });

    // Pointing at us, the token only in a record of another name.
    server.set('live.example.com', [{ type: 'CNAME', data: TARGET }]);
    expect(await checkDomain(dns, input('live.example.com'))).toMatchObject({
      status: 'txt_missing',
      detail: null,
    });

    // A CAA set of the parent that blocks, and one that allows us under another name.
    proven('live.example.com');
    server.set('example.com', [{ type: 'CAA', data: { tag: 'issue', value: 'pki.goog' } }]);
    expect(await checkDomain(dns, input('live.example.com'))).toMatchObject({
      status: 'caa_blocked',
      detail: 'pki.goog',
    });
  });

  it('follows the CNAME chain: records of the names it leads to count', async () => {
    server.set('live.example.com', [{ type: 'CNAME', data: TARGET }]);
    server.set('_livent-challenge.live.example.com', [
      { type: 'CNAME', data: 'tokens.example.net' },
    ]);
    server.set('tokens.example.net', [{ type: 'TXT', data: 'livent-verify=abc' }]);
    expect(await checkDomain(dns, input('live.example.com'))).toMatchObject({ status: 'active' });
    server.set('www.example.org', [{ type: 'CNAME', data: 'hop.example.net' }]);
    server.set('hop.example.net', [{ type: 'CNAME', data: TARGET }]);
    expect(await dns.addresses('www.example.org')).toEqual(['192.0.2.10', '2001:db8::10']);
  });

  it('decides nothing when the server does not answer in time or fails', async () => {
    server.silence('live.example.com');
    expect(await checkDomain(dns, input('live.example.com'))).toEqual({
      status: null,
      detail: null,
      error: 'timeout',
    });
    server.fail('live.example.com');
    expect(await checkDomain(dns, input('live.example.com'))).toMatchObject({
      error: 'lookup_failed',
    });
  });
});

describe('blockingIssuers', () => {
  const caa = (fields: Record<string, string | number>) => ({ critical: 0, ...fields });

  it('allows a set without issue properties and one naming our issuer', () => {
    expect(blockingIssuers([caa({ iodef: 'mailto:a@example.com' })], ['letsencrypt.org'])).toBe(
      undefined,
    );
    expect(
      blockingIssuers(
        [caa({ issue: 'pki.goog' }), caa({ issue: 'LetsEncrypt.org' })],
        ['letsencrypt.org'],
      ),
    ).toBe(undefined);
  });

  it('blocks on `issue ";"`, on other issuers and on an unknown critical property', () => {
    expect(blockingIssuers([caa({ issue: ';' })], ['letsencrypt.org'])).toBe(';');
    expect(blockingIssuers([caa({ issue: 'digicert.com' })], ['letsencrypt.org'])).toBe(
      'digicert.com',
    );
    expect(
      blockingIssuers(
        [caa({ issue: 'letsencrypt.org' }), caa({ critical: 128, tbs: 'x' })],
        ['letsencrypt.org'],
      ),
    ).toBe('letsencrypt.org');
  });
});
