import { describe, expect, it } from 'vitest';
import { i18n, loadNamespaces } from '../../lib/i18n/i18n';
import type { CustomDomain } from '@livent/shared';
import { domainsQueryOptions, patchedList, WAITING_REFRESH_MS } from './api/domains-api';
import { testDomain } from './domains-test-data';
import { domainStatusView } from './status';

await loadNamespaces('domains');

/** The sentence the card shows for a domain, in English. */
const sentence = (...args: Parameters<typeof testDomain>) => {
  const { message } = domainStatusView(testDomain(...args));
  return i18n.t(`domains:messages.${message.key}`, message.params);
};

describe('domain status messages', () => {
  it('says a pending domain waits for its record, up to 24 hours, and shows the records', () => {
    const view = domainStatusView(testDomain());
    expect(view).toMatchObject({
      tone: 'info',
      label: 'pending',
      showRecords: true,
      upgrade: false,
    });
    expect(sentence()).toBe(
      'We have not found the DNS record yet. Activation can take up to 24 hours.',
    );
  });

  it('gives the reason when the lookup could not decide', () => {
    expect(sentence({ checkError: 'timeout' })).toMatch(/did not answer in time/);
    expect(sentence({ checkError: 'lookup_failed' })).toMatch(/could not look up/);
  });

  it('names where a wrong target points and where it should', () => {
    expect(sentence({ status: 'wrong_target', statusDetail: 'old-host.example.net' })).toBe(
      'events.example.com points to old-host.example.net. Set its CNAME record to pages.livent.test.',
    );
    expect(sentence({ status: 'wrong_target' })).toBe(
      'events.example.com points somewhere else. Set its CNAME record to pages.livent.test.',
    );
    expect(domainStatusView(testDomain({ status: 'wrong_target' })).tone).toBe('error');
  });

  it('names the TXT record that is missing or holds another value', () => {
    expect(sentence({ status: 'txt_missing' })).toMatch(
      /^The TXT record _livent-challenge\.events\.example\.com that proves/,
    );
    expect(sentence({ status: 'txt_missing', statusDetail: 'stale-token' })).toMatch(
      /holds stale-token\. Set it to the value shown below\.$/,
    );
  });

  it('names the issuers a CAA record allows and the one to add', () => {
    expect(sentence({ status: 'caa_blocked', statusDetail: 'digicert.com' })).toBe(
      'The CAA records of your domain allow only digicert.com to issue certificates. Add a CAA record that allows letsencrypt.org.',
    );
  });

  it('shows no records once active, and the address it serves', () => {
    const view = domainStatusView(testDomain({ status: 'active' }));
    expect(view).toMatchObject({ tone: 'success', showRecords: false, upgrade: false });
    expect(sentence({ status: 'active' })).toBe(
      'Your event pages are served at https://events.example.com.',
    );
  });

  it('points a domain disabled by the plan to an upgrade', () => {
    const view = domainStatusView(testDomain({ status: 'disabled', disabledReason: 'plan' }));
    expect(view).toMatchObject({ tone: 'default', showRecords: false, upgrade: true });
    expect(sentence({ status: 'disabled', disabledReason: 'plan' })).toMatch(
      /^Your plan no longer/,
    );
    expect(domainStatusView(testDomain({ status: 'disabled' })).upgrade).toBe(false);
  });
});

describe('domain settings in the cache', () => {
  it('keeps one default per account when another domain becomes the default', () => {
    const list = {
      domains: [testDomain({ id: 'a', isDefault: true }), testDomain({ id: 'b' })],
      limit: 5,
      canShare: true,
    };
    const next = patchedList(list, 'b', { isDefault: true });
    expect(next.domains.map((domain) => domain.isDefault)).toEqual([false, true]);
    const shared = patchedList(list, 'a', { shared: true });
    expect(shared.domains.map((domain) => [domain.isDefault, domain.shared])).toEqual([
      [true, true],
      [false, false],
    ]);
  });
});

describe('domains list refresh', () => {
  const intervalFor = (statuses: CustomDomain['status'][]) => {
    const refetchInterval = domainsQueryOptions().refetchInterval as (query: unknown) => unknown;
    const domains = statuses.map((status, index) => testDomain({ id: String(index), status }));
    return refetchInterval({ state: { data: { domains, limit: 5, canShare: false } } });
  };

  it('reads the list again while a domain waits for its records, and not otherwise', () => {
    expect(intervalFor(['active', 'pending'])).toBe(WAITING_REFRESH_MS);
    expect(intervalFor(['txt_missing'])).toBe(WAITING_REFRESH_MS);
    expect(intervalFor(['active', 'disabled'])).toBe(false);
    expect(intervalFor([])).toBe(false);
  });
});
