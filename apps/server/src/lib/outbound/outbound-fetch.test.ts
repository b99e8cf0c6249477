import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { parseOutboundAllowList } from './address-policy.js';
import {
  createOutboundFetch,
  OutboundRefusedError,
  type ResolvedAddress,
} from './outbound-fetch.js';

// The outbound client (ADR 041) against listeners on loopback: what the policy refuses never
// reaches them; what the allow-list admits does.

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
  );
});

/** A loopback listener that counts the requests reaching it. */
async function listener(handle: RequestListener = (_request, response) => response.end('ok')) {
  const seen: string[] = [];
  const server = createServer((request, response) => {
    seen.push(`${request.method ?? ''} ${request.url ?? ''}`);
    handle(request, response);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, seen };
}

/** A resolver with fixed answers per name, one list per call in turn (the last one repeats). */
function resolver(answers: Record<string, string[][]>) {
  const calls: string[] = [];
  const resolve = (hostname: string): Promise<ResolvedAddress[]> => {
    calls.push(hostname);
    const lists = answers[hostname] ?? [];
    const list =
      lists[Math.min(calls.filter((name) => name === hostname).length, lists.length) - 1];
    return Promise.resolve(
      (list ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  };
  return { resolve, calls };
}

const allow = (value: string) => parseOutboundAllowList(value).allow;

describe('the outbound client', () => {
  it('never connects to a loopback listener by any spelling of its address', async () => {
    const { port, seen } = await listener();
    const fetch = createOutboundFetch();
    for (const host of [
      '127.0.0.1',
      '2130706433',
      '0177.0.0.1',
      '[::ffff:127.0.0.1]',
      'localhost',
    ]) {
      await expect(fetch(`http://${host}:${port}/token`, { method: 'POST' })).rejects.toThrow(
        OutboundRefusedError,
      );
    }
    expect(seen).toEqual([]);
  });

  it('reaches an internal provider the allow-list admits, by network or by name', async () => {
    const { port, seen } = await listener();
    const byNetwork = createOutboundFetch({ allow: allow('127.0.0.0/8') });
    expect(await (await byNetwork(`http://127.0.0.1:${port}/a`)).text()).toBe('ok');
    const { resolve } = resolver({ 'idp.internal': [['127.0.0.1']] });
    const byName = createOutboundFetch({ allow: allow('idp.internal'), resolve });
    expect((await byName(`http://idp.internal:${port}/b`)).status).toBe(200);
    expect(seen).toEqual(['GET /a', 'GET /b']);
  });

  it('connects only to the address it checked: a second DNS answer (rebinding) is never asked', async () => {
    const { port, seen } = await listener();
    // A check-then-fetch client would see the public answer, then connect to the loopback one.
    const { resolve, calls } = resolver({
      'rebind.example': [['93.184.215.14'], ['127.0.0.1']],
    });
    const fetch = createOutboundFetch({ resolve, timeoutMs: 300 });
    await expect(fetch(`http://rebind.example:${port}/`)).rejects.toThrow();
    expect(calls).toEqual(['rebind.example']);
    expect(seen).toEqual([]);
    // The name's internal answer on its own is refused at the connect.
    const internal = resolver({ 'rebind.example': [['127.0.0.1']] });
    await expect(
      createOutboundFetch({ resolve: internal.resolve })(`http://rebind.example:${port}/`),
    ).rejects.toThrow(/internal address/);
    expect(seen).toEqual([]);
  });

  it('checks every redirect hop again and refuses one to an internal address', async () => {
    const internal = await listener();
    const { port, seen } = await listener((request, response) => {
      const target =
        request.url === '/to-internal'
          ? `http://127.0.0.1:${internal.port}/metadata`
          : request.url === '/to-self'
            ? '/done'
            : undefined;
      if (target) response.writeHead(302, { location: target }).end();
      else response.end('done');
    });
    const { resolve } = resolver({ 'idp.internal': [['127.0.0.1']] });
    const fetch = createOutboundFetch({ allow: allow('idp.internal'), resolve });
    expect(await (await fetch(`http://idp.internal:${port}/to-self`)).text()).toBe('done');
    await expect(fetch(`http://idp.internal:${port}/to-internal`)).rejects.toThrow(
      OutboundRefusedError,
    );
    expect(internal.seen).toEqual([]);
    expect(seen).toEqual(['GET /to-self', 'GET /done', 'GET /to-internal']);
    // A caller that follows redirects itself (openid-client) gets the redirect as it is.
    const manual = await fetch(`http://idp.internal:${port}/to-internal`, { redirect: 'manual' });
    expect(manual.status).toBe(302);
  });

  it('bounds redirects, the response size and the time', async () => {
    const { port } = await listener((request, response) => {
      if (request.url === '/loop') response.writeHead(302, { location: '/loop' }).end();
      else if (request.url === '/large') response.end('x'.repeat(2048));
      else if (request.url === '/slow') setTimeout(() => response.end('late'), 2000);
      else response.end('ok');
    });
    const fetch = createOutboundFetch({
      allow: allow('127.0.0.1'),
      maxRedirects: 3,
      maxResponseBytes: 1024,
      timeoutMs: 200,
    });
    await expect(fetch(`http://127.0.0.1:${port}/loop`)).rejects.toThrow(/More than 3 redirects/);
    await expect(fetch(`http://127.0.0.1:${port}/large`)).rejects.toThrow(/exceeds 1024 bytes/);
    await expect(fetch(`http://127.0.0.1:${port}/slow`)).rejects.toMatchObject({
      name: 'TimeoutError',
    });
  });

  it('sends the method, headers and body, and answers status, headers and body', async () => {
    const { port } = await listener((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () =>
        response
          .writeHead(201, { 'content-type': 'application/json' })
          .end(JSON.stringify({ body, type: request.headers['content-type'] })),
      );
    });
    const fetch = createOutboundFetch({ allow: allow('127.0.0.1') });
    const response = await fetch(`http://127.0.0.1:${port}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code' }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({
      body: 'grant_type=authorization_code',
      type: 'application/x-www-form-urlencoded',
    });
  });

  it('refuses schemes other than http and https', async () => {
    await expect(createOutboundFetch()('file:///etc/passwd')).rejects.toThrow(OutboundRefusedError);
  });
});
