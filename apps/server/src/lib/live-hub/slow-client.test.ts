import type { ServerResponse } from 'node:http';
import { connect as connectSocket, type Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { HubClient } from './hub-client.js';
import { LiveHub } from './live-hub.js';

// The bound on what a client may have waiting, over a real socket whose reader stops reading:
// the kernel's buffers fill, then the response's, then the hub's stream, and the hub drops the
// client instead of holding frames for it without bound. A client that reads is not disturbed.

const BOUND = 256 * 1024;
const FRAME = { text: `data: ${'x'.repeat(64 * 1024)}\n\n` };

let app: FastifyInstance | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await app?.close();
});

/** A raw HTTP client of the stream: `reading` or paused from the first byte on. */
function openRaw(port: number, name: string, reading: boolean) {
  const socket = connectSocket(port, '127.0.0.1');
  sockets.push(socket);
  let received = 0;
  let closed = false;
  socket.on('data', (chunk: Buffer) => (received += chunk.length));
  socket.on('close', () => (closed = true));
  socket.write(`GET /stream?name=${name} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
  if (!reading) socket.pause();
  return { received: () => received, closed: () => closed };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('LiveHub over a real socket', () => {
  it('drops a client that stops reading, never holding more than the bound, and keeps the rest', async () => {
    const hub = new LiveHub({
      name: 'test hub',
      log: { info: () => {}, warn: () => {} },
      maxBufferedBytes: BOUND,
    });
    const clients = new Map<string, HubClient>();
    const responses = new Map<string, ServerResponse>();
    app = Fastify();
    app.get<{ Querystring: { name: string } }>('/stream', async (request, reply) => {
      const client = hub.connect({ topic: 'page:event', caps: [] });
      client.goLive();
      clients.set(request.query.name, client);
      responses.set(request.query.name, reply.raw);
      return hub.respond(reply, client);
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');

    const reader = openRaw(address.port, 'reader', true);
    openRaw(address.port, 'stalled', false);
    while (clients.size < 2) await turn();
    const slow = clients.get('stalled')!;

    let published = 0;
    let mostHeld = 0;
    while (!slow.stream.destroyed && published < 2_000) {
      hub.publish('page:event', [FRAME]);
      published += 1;
      if (!slow.stream.destroyed) {
        mostHeld = Math.max(mostHeld, slow.stream.writableLength + slow.stream.readableLength);
      }
      await turn();
    }

    expect(slow.stream.destroyed).toBe(true);
    expect(mostHeld).toBeLessThanOrEqual(BOUND);
    // More than the bound was sent before the drop: the socket took what it could first.
    expect(published * FRAME.text.length).toBeGreaterThan(BOUND);
    // The server lets go of the connection too (the paused reader cannot see that itself).
    await expect.poll(() => responses.get('stalled')?.destroyed).toBe(true);
    expect(hub.size).toBe(1);

    // The reading client got every frame.
    await expect
      .poll(() => reader.received(), { timeout: 5_000 })
      .toBeGreaterThanOrEqual(published * FRAME.text.length);
    expect(reader.closed()).toBe(false);
    hub.close();
  });
});
