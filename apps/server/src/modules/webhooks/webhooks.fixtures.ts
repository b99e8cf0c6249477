import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookDeliveriesPage, WebhookEndpointWithSecret } from '@livent/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { login, type SignedInUser } from '../../test/accounts.js';
import { callAs, type Method } from '../../test/events.js';

/** What a receiver got: the raw body and the headers. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver on loopback (the tests' `OUTBOUND_ALLOW` admits 127.0.0.1): it records
 * every request and answers with `status` (changeable between calls).
 */
export async function startReceiver(): Promise<{
  url: (path?: string) => string;
  received: Received[];
  status: number;
  close: () => Promise<void>;
}> {
  const state = {
    received: [] as Received[],
    status: 200,
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      state.received.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      });
      response.writeHead(state.status, { 'content-type': 'text/plain' });
      response.end(state.status < 300 ? 'ok' : 'receiver says no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** An API call as the test's account (`/api` is prepended). */
export type Call = (method: Method, path: string, body?: object) => Promise<LightMyRequestResponse>;

/**
 * Calls as `user`, signing in again when the access token ran out: the tests move the clock by
 * hours to reach the retries.
 */
export function caller(app: FastifyInstance, user: SignedInUser): Call {
  let current = user;
  return async (method, path, body) => {
    const response = await callAs(app, current, method, path, body);
    if (response.statusCode !== 401) return response;
    current = await login(app, user.email);
    return callAs(app, current, method, path, body);
  };
}

export async function addEndpoint(
  call: Call,
  body: Record<string, unknown>,
): Promise<WebhookEndpointWithSecret> {
  const response = await call('POST', '/webhooks', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<WebhookEndpointWithSecret>();
}

export async function deliveriesOf(call: Call, endpointId: string): Promise<WebhookDeliveriesPage> {
  const response = await call('GET', `/webhooks/${endpointId}/deliveries`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<WebhookDeliveriesPage>();
}
