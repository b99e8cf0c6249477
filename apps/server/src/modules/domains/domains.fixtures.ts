import type { CustomDomain } from '@livent/shared';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { ConfigEnv } from '../../config.js';
import { TestDnsServer } from '../../lib/dns/test-dns-server.js';
import type { TestClock } from '../../test/clock.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

/** The CUSTOM_DOMAIN_TARGET of the domains tests, an A record on their DNS server. */
export const DOMAIN_TARGET = 'domains.livent.test';

export interface DomainsTest {
  dnsServer: TestDnsServer;
  /** The file's app, once its `beforeAll` ran. */
  app(): TestApp;
}

/**
 * A test file's app with a DNS server on loopback (ADR 030), through its hooks: built before all
 * tests with the worker stopped (tests run its rounds), the zone reset to the target alone before
 * each, both stopped after all.
 */
export function domainsTestApp(clock: TestClock, overrides: ConfigEnv = {}): DomainsTest {
  const dnsServer = new TestDnsServer();
  let test: TestApp | undefined;
  beforeAll(async () => {
    const address = await dnsServer.start();
    test = await buildTestApp(
      {
        DNS_SERVERS: address,
        DNS_TIMEOUT_MS: '150',
        CUSTOM_DOMAIN_TARGET: DOMAIN_TARGET,
        ...overrides,
      },
      { now: clock.now },
    );
    await test.app.ready();
    await test.app.services.domains.worker.stop();
  });
  afterAll(async () => {
    await test?.cleanup();
    await dnsServer.stop();
  });
  beforeEach(() => {
    dnsServer.clear();
    dnsServer.set(DOMAIN_TARGET, [{ type: 'A', data: '192.0.2.10' }]);
  });
  return {
    dnsServer,
    app: () => {
      if (!test) throw new Error('the domains test app is built in beforeAll');
      return test;
    },
  };
}

/** The records of a domain that passes every check. */
export function pointAtUs(dnsServer: TestDnsServer, domain: CustomDomain): void {
  dnsServer.set(domain.name, [{ type: 'CNAME', data: DOMAIN_TARGET }]);
  dnsServer.set(domain.records.txt.name, [{ type: 'TXT', data: domain.records.txt.value }]);
}
