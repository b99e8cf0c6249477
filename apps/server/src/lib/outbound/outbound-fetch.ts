import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { lookup as systemLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { isAllowedAddress, NOTHING_ALLOWED, type OutboundAllowList } from './address-policy.js';

/**
 * The one HTTP client for the server's outbound requests (ADR 041): single sign-on's discovery,
 * token, key set and userinfo requests today, webhooks later. It resolves host names itself and
 * connects only to an address the policy admits, checked in the socket's own lookup so that a
 * second DNS answer (rebinding) never reaches the connect; literal IP hosts and every redirect hop
 * are checked alike. A fetch-compatible function, so `openid-client` takes it as `customFetch`.
 */

/** One resolved address, as `dns.lookup` with `all: true` answers. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

export interface OutboundOptions {
  /** The operator's exceptions (`OUTBOUND_ALLOW`); none by default. */
  allow?: OutboundAllowList;
  /** Name resolution; the system's resolver by default (tests pass their own). */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
  /** The whole request with its redirects, unless the caller's signal ends it earlier. */
  timeoutMs?: number;
  /** Bodies larger than this are refused. */
  maxResponseBytes?: number;
  /** Redirects followed before the request is refused. */
  maxRedirects?: number;
}

export interface OutboundInit {
  method?: string;
  headers?: Record<string, string> | Headers;
  body?: string | Uint8Array | ArrayBuffer | URLSearchParams | ReadableStream | null;
  /** `follow` (the default) follows up to `maxRedirects`, each hop checked again. */
  redirect?: 'follow' | 'manual';
  signal?: AbortSignal;
}

export type OutboundFetch = (url: string | URL, init?: OutboundInit) => Promise<Response>;

/** A request the policy refused: an internal address, a bad scheme, too many redirects, too large. */
export class OutboundRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundRefusedError';
  }
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_RESPONSE_BYTES = 1024 * 1024;
const DEFAULT_MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const NULL_BODY = new Set([101, 204, 205, 304]);

export function createOutboundFetch(options: OutboundOptions = {}): OutboundFetch {
  const allow = options.allow ?? NOTHING_ALLOWED;
  const resolve = options.resolve ?? ((hostname) => systemLookup(hostname, { all: true }));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const lookup = checkedLookup(resolve, allow);

  return async (input, init = {}) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    let url = new URL(input);
    let method = (init.method ?? 'GET').toUpperCase();
    let body =
      init.body == null ? undefined : Buffer.from(await new Response(init.body).arrayBuffer());
    const headers = new Headers(init.headers);
    for (let hop = 0; ; hop += 1) {
      const response = await send(url, { method, headers, body, signal, lookup, allow, maxBytes });
      if (!REDIRECTS.has(response.status) || init.redirect === 'manual') return response;
      const location = response.headers.get('location');
      if (location === null) return response;
      if (hop >= maxRedirects)
        throw new OutboundRefusedError(`More than ${maxRedirects} redirects`);
      const next = new URL(location, url);
      // Credentials are for the origin they were given to.
      if (next.origin !== url.origin)
        for (const name of ['authorization', 'cookie']) headers.delete(name);
      if (response.status === 303 || (response.status <= 302 && method === 'POST')) {
        method = 'GET';
        body = undefined;
        headers.delete('content-type');
      }
      url = next;
    }
  };
}

/**
 * The socket's lookup: resolves the name and hands the connect only the addresses the policy
 * admits, so the address checked is the address connected to.
 */
function checkedLookup(
  resolve: (hostname: string) => Promise<ResolvedAddress[]>,
  allow: OutboundAllowList,
): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const admitted = addresses.filter(({ address }) =>
          isAllowedAddress(address, hostname, allow),
        );
        const [first] = admitted;
        if (!first) {
          callback(refusedAddress(hostname), '', 0);
        } else if (options.all) {
          (callback as unknown as (error: null, all: ResolvedAddress[]) => void)(null, admitted);
        } else {
          callback(null, first.address, first.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

const refusedAddress = (host: string) =>
  new OutboundRefusedError(`${host} is an internal address (OUTBOUND_ALLOW admits exceptions)`);

interface SendOptions {
  method: string;
  headers: Headers;
  body: Buffer | undefined;
  signal: AbortSignal;
  lookup: LookupFunction;
  allow: OutboundAllowList;
  maxBytes: number;
}

/** One request without following redirects; the body is read whole, up to the cap. */
async function send(url: URL, options: SendOptions): Promise<Response> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundRefusedError(`${url.protocol} URLs are not fetched`);
  }
  // Node connects to a literal IP without a lookup: check it here (the URL parser already turned
  // spellings such as 2130706433 or 0177.0.0.1 into 127.0.0.1).
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) !== 0 && !isAllowedAddress(host, host, options.allow)) {
    throw refusedAddress(host);
  }
  options.signal.throwIfAborted();
  const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, {
    method: options.method,
    headers: Object.fromEntries(options.headers),
    lookup: options.lookup,
    agent: false,
  });
  const abort = () => request.destroy(options.signal.reason as Error);
  options.signal.addEventListener('abort', abort, { once: true });
  try {
    const incoming = await new Promise<IncomingMessage>((resolve, reject) => {
      request.once('response', resolve);
      // Kept for the whole request: an abort while the body is read errors the request again.
      request.on('error', reject);
      request.end(options.body);
    });
    const body = await readCapped(incoming, options.maxBytes);
    const headers = new Headers();
    for (let index = 0; index + 1 < incoming.rawHeaders.length; index += 2) {
      headers.append(incoming.rawHeaders[index]!, incoming.rawHeaders[index + 1]!);
    }
    const status = incoming.statusCode ?? 502;
    return new Response(NULL_BODY.has(status) ? null : body, {
      status,
      statusText: incoming.statusMessage,
      headers,
    });
  } finally {
    options.signal.removeEventListener('abort', abort);
  }
}

function readCapped(incoming: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    incoming.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        incoming.destroy(new OutboundRefusedError(`The response exceeds ${maxBytes} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    incoming.once('end', () => resolve(Buffer.concat(chunks)));
    incoming.on('error', reject);
    incoming.once('close', () => {
      if (!incoming.complete) reject(new OutboundRefusedError('The response was cut short'));
    });
  });
}
