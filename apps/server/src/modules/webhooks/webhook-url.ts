import { lookup } from 'node:dns/promises';
import { validationMessage } from '@livent/shared';
import { validationFailed } from '../../lib/errors.js';
import {
  isAllowedAddress,
  namesInternalAddress,
  parseAddress,
  type OutboundAllowList,
} from '../../lib/outbound/address-policy.js';
import type { ResolvedAddress } from '../../lib/outbound/outbound-fetch.js';

export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolve: Resolve = (hostname) => lookup(hostname, { all: true });

/** How long saving waits for a name to resolve; a name that does not is checked at connect. */
const RESOLVE_TIMEOUT_MS = 2_000;

/** Whether the operator's `OUTBOUND_ALLOW` names this URL's host (by name or address). */
function operatorAdmits(url: URL, allow: OutboundAllowList): boolean {
  const host = url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (allow.hosts.includes(host)) return true;
  const address = parseAddress(host === 'localhost' ? '127.0.0.1' : host);
  return address !== undefined && isAllowedAddress(address.toString(), '', allow);
}

/**
 * An endpoint's URL as it may be saved (docs/decisions/072-webhooks.md): https, or http only to
 * a host the operator admitted for tests and intranets; never a host that names an internal
 * address outright or resolves to one now, unless `OUTBOUND_ALLOW` admits it (ADR 041). The
 * outbound client checks the address again at each connect (a name may change its answer).
 */
export async function checkWebhookUrl(
  text: string,
  allow: OutboundAllowList,
  resolve: Resolve,
): Promise<string> {
  const url = new URL(text);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && operatorAdmits(url, allow))) {
    throw validationFailed({ url: validationMessage('url') });
  }
  if (namesInternalAddress(url, allow)) {
    throw validationFailed({ url: validationMessage('internalAddress') });
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (parseAddress(host) === undefined && !allow.hosts.includes(host.toLowerCase())) {
    const addresses = await Promise.race([
      resolve(host).catch(() => []),
      new Promise<ResolvedAddress[]>((done) =>
        setTimeout(() => done([]), RESOLVE_TIMEOUT_MS).unref(),
      ),
    ]);
    if (addresses.some(({ address }) => !isAllowedAddress(address, host, allow))) {
      throw validationFailed({ url: validationMessage('internalAddress') });
    }
  }
  return url.toString();
}
