import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import proxyAddr from '@fastify/proxy-addr';
import type { TrustProxy } from '../config.js';

/**
 * Fastify 5 deliberately treats a numeric `trustProxy` as "trust nobody", because a hop count
 * cannot tell a proxy from a client that connects directly. A configured hop count is an
 * explicit statement that only the proxies reach the server, so it becomes the equivalent
 * function: trust the first N addresses, counted from the socket.
 */
export function toFastifyTrustProxy(
  trustProxy: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy === 'number') return (_address, hop) => hop < trustProxy;
  return trustProxy;
}

/** Fastify's `trustProxy` option, as {@link toFastifyTrustProxy} answers it. */
export type FastifyTrustProxy = ReturnType<typeof toFastifyTrustProxy>;

/**
 * What Fastify's request would say about how a raw request arrived, for the answers written
 * before Fastify sees the request (ADR 035): its `ip` and whether its `protocol` is https, read
 * the way fastify/lib/request.js reads them.
 */
export interface RawRequestFacts {
  /** `request.ip`: the socket's address, or the client a trusted proxy names. */
  clientAddress(request: IncomingMessage): string | undefined;
  /** `request.protocol === 'https'`: `X-Forwarded-Proto` from a trusted proxy, else the socket. */
  isHttps(request: IncomingMessage): boolean;
}

export function rawRequestFacts(trustProxy: FastifyTrustProxy): RawRequestFacts {
  const trusted = trustFunction(trustProxy);
  return {
    clientAddress: (request) =>
      trustProxy === false ? request.socket.remoteAddress : proxyAddr(request, trusted),
    isHttps: (request) => {
      const forwarded = request.headers['x-forwarded-proto'];
      const address = request.socket.remoteAddress;
      if (forwarded && address !== undefined && trusted(address, 0)) {
        // Node joins repeated headers of this kind into one string; the type allows a list.
        return lastEntry(Array.isArray(forwarded) ? forwarded.join(',') : forwarded) === 'https';
      }
      return (request.socket as Partial<TLSSocket>).encrypted === true;
    },
  };
}

/** Fastify's own reading of `trustProxy` (fastify/lib/request.js, getTrustProxyFn). */
function trustFunction(trustProxy: FastifyTrustProxy): (address: string, hop: number) => boolean {
  if (typeof trustProxy === 'function') return trustProxy;
  if (trustProxy === true) return () => true;
  // Without trustProxy Fastify reads the socket alone.
  if (trustProxy === false) return () => false;
  return proxyAddr.compile(trustProxy);
}

/** Fastify takes the last of several comma-separated values. */
function lastEntry(value: string): string {
  const comma = value.lastIndexOf(',');
  return (comma === -1 ? value : value.slice(comma + 1)).trim();
}
