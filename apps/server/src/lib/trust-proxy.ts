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
