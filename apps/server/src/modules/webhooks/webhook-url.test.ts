import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/errors.js';
import { NOTHING_ALLOWED, parseOutboundAllowList } from '../../lib/outbound/address-policy.js';
import { checkWebhookUrl, type Resolve } from './webhook-url.js';

// What an endpoint's URL may be when it is saved (ADR 072, ADR 041).

const resolvesTo =
  (address: string): Resolve =>
  async () => [{ address, family: address.includes(':') ? 6 : 4 }];

async function refusal(url: string, resolve: Resolve, allow = NOTHING_ALLOWED) {
  const error = await checkWebhookUrl(url, allow, resolve).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  return error instanceof HttpError ? error.errors : error;
}

describe('checkWebhookUrl', () => {
  it('takes an https URL of a public host', async () => {
    await expect(
      checkWebhookUrl('https://crm.example.com/hook', NOTHING_ALLOWED, resolvesTo('93.184.215.14')),
    ).resolves.toBe('https://crm.example.com/hook');
  });

  it('refuses a name that resolves to an internal address, unless the operator admits it', async () => {
    expect(await refusal('https://crm.example.com/hook', resolvesTo('10.1.2.3'))).toEqual({
      url: 'validation.internalAddress',
    });
    expect(await refusal('https://crm.example.com/hook', resolvesTo('::ffff:127.0.0.1'))).toEqual({
      url: 'validation.internalAddress',
    });
    const { allow } = parseOutboundAllowList('10.0.0.0/8');
    expect(await refusal('https://crm.example.com/hook', resolvesTo('10.1.2.3'), allow)).toBe(
      undefined,
    );
  });

  it('takes plain http only to a host the operator admitted', async () => {
    expect(await refusal('http://crm.example.com/hook', resolvesTo('93.184.215.14'))).toEqual({
      url: 'validation.url',
    });
    const { allow } = parseOutboundAllowList('127.0.0.1,crm.intranet');
    expect(await refusal('http://127.0.0.1:8080/hook', resolvesTo('127.0.0.1'), allow)).toBe(
      undefined,
    );
    expect(await refusal('http://crm.intranet/hook', resolvesTo('10.9.9.9'), allow)).toBe(
      undefined,
    );
  });

  it('saves a name that does not resolve now (the connect checks it again)', async () => {
    const failing: Resolve = () => Promise.reject(new Error('ENOTFOUND'));
    expect(await refusal('https://not-yet.example.com/hook', failing)).toBe(undefined);
  });
});
