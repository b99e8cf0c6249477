import type { FastifyReply } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError, notFound } from '../errors.js';
import { LiveHub, type ConnectOptions, type LiveHubOptions } from './live-hub.js';
import type { HubClient } from './hub-client.js';

const log = () => ({ info: vi.fn(), warn: vi.fn() });

function hubOf(options: Partial<LiveHubOptions> = {}) {
  return new LiveHub({ name: 'test hub', log: log(), ...options });
}

function connect(hub: LiveHub, fields: Partial<ConnectOptions> = {}): HubClient {
  return hub.connect({ topic: 'topic', caps: [], ...fields });
}

/** Everything the client's stream holds so far (what its socket would have been sent). */
function read(client: HubClient): string {
  let text = '';
  let chunk: Buffer | null;
  while ((chunk = client.stream.read() as Buffer | null) !== null) text += chunk.toString();
  return text;
}

/** A stream's `close` event, which frees its place, comes a tick after the end. */
const closeEvents = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.useRealTimers();
});

describe('LiveHub', () => {
  it("sends a publish to every client of the topic, serialised once, and to no one else's", () => {
    vi.useFakeTimers();
    const hub = hubOf();
    const viewers = Array.from({ length: 2_000 }, () => connect(hub, { topic: 'page:e1:c1' }));
    const other = connect(hub, { topic: 'page:e1:c2' });
    for (const client of [...viewers, other]) {
      client.goLive();
      read(client);
    }
    // One heartbeat and one access-check timer for the hub, not one per client.
    expect(vi.getTimerCount()).toBe(2);

    const deliver = vi.spyOn(viewers[0]!, 'deliver');
    hub.publish('page:e1:c1', [
      { text: 'event: a\ndata: 1\n\n' },
      { text: 'event: b\ndata: 2\n\n' },
    ]);
    const sent = deliver.mock.calls[0]?.[1];
    expect(sent).toBe('event: a\ndata: 1\n\nevent: b\ndata: 2\n\n');
    for (const client of viewers) expect(read(client)).toBe(sent);
    expect(read(other)).toBe('');
    hub.close();
  });

  it('asks access again a slice of streams at a time, so that the event loop stays free between', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const hub = hubOf({ recheckMs: 1_000 });
    const authorize = vi.fn(() => Promise.resolve(true));
    const clients = Array.from({ length: 1_000 }, () => connect(hub, { authorize }));
    for (const client of clients) client.goLive();
    vi.advanceTimersByTime(1_000);
    const firstTurn = authorize.mock.calls.length;
    expect(firstTurn).toBeGreaterThan(0);
    expect(firstTurn).toBeLessThan(1_000);
    for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(authorize).toHaveBeenCalledTimes(1_000);
    hub.close();
  });

  it('starts every stream with the reconnect delay and pings live clients on one timer', () => {
    vi.useFakeTimers();
    const hub = hubOf({ heartbeatMs: 1_000 });
    const live = connect(hub);
    const catchingUp = connect(hub);
    live.goLive();
    expect(read(live)).toBe('retry: 2000\n\n');
    read(catchingUp);
    vi.advanceTimersByTime(1_000);
    expect(read(live)).toBe(': ping\n\n');
    expect(read(catchingUp)).toBe('');
    hub.close();
  });

  it('refuses beyond any of its caps with 429 and frees the place when a stream ends', async () => {
    const hub = hubOf();
    const caps = (account: string, address: string) => [
      { key: `user:${account}`, max: 2 },
      { key: `address:${address}`, max: 3 },
    ];
    const first = connect(hub, { caps: caps('ada', '192.0.2.1') });
    connect(hub, { caps: caps('ada', '192.0.2.1') });
    const refusal = (account: string, address: string) => {
      try {
        connect(hub, { caps: caps(account, address) });
        return 'opened';
      } catch (error) {
        return error instanceof HttpError ? error.statusCode : error;
      }
    };
    expect(refusal('ada', '192.0.2.2')).toBe(429);
    expect(refusal('bob', '192.0.2.1')).toBe('opened');
    expect(refusal('cyd', '192.0.2.1')).toBe(429);
    expect(hub.size).toBe(3);

    first.stream.destroy();
    await closeEvents();
    expect(hub.size).toBe(2);
    expect(refusal('ada', '192.0.2.3')).toBe('opened');
    hub.close();
  });

  it('holds what is published while a client catches up and sends it after, without repeats', () => {
    const hub = hubOf();
    const client = connect(hub);
    read(client);
    hub.publish('topic', [
      { id: 6, text: 'id: 6\n\n' },
      { id: 7, text: 'id: 7\n\n' },
    ]);
    expect(read(client)).toBe('');
    // The catch-up itself reached 6.
    client.write('id: 6\n\n');
    client.goLive(6);
    hub.publish('topic', [
      { id: 7, text: 'id: 7\n\n' },
      { id: 8, text: 'id: 8\n\n' },
    ]);
    expect(read(client)).toBe('id: 6\n\nid: 7\n\nid: 8\n\n');
    hub.close();
  });

  it('drops a client with more frames waiting than its catch-up may hold', async () => {
    const hub = hubOf({ maxPendingFrames: 3 });
    const client = connect(hub);
    for (let id = 1; id <= 4; id += 1) hub.publish('topic', [{ id, text: `id: ${id}\n\n` }]);
    expect(client.stream.destroyed).toBe(true);
    await closeEvents();
    expect(hub.size).toBe(0);
    expect(hub.activeTopics()).toEqual([]);
  });

  it('drops a client whose stream holds more than the bound, and tells the log', () => {
    const hub = hubOf({ maxBufferedBytes: 10_000 });
    const client = connect(hub);
    client.goLive();
    const frame = { text: `data: ${'x'.repeat(1_000)}\n\n` };
    for (let i = 0; i < 9; i += 1) hub.publish('topic', [frame]);
    expect(client.stream.destroyed).toBe(false);
    hub.publish('topic', [frame]);
    hub.publish('topic', [frame]);
    expect(client.stream.destroyed).toBe(true);
  });

  it('ends a stream whose access ended, and keeps it while the check only failed', async () => {
    const hubLog = log();
    const hub = hubOf({ recheckMs: 10, log: hubLog });
    let answer: () => Promise<boolean> = async () => {
      throw new Error('database unreachable');
    };
    const kept = connect(hub, { authorize: () => answer() });
    const gone = connect(hub, { authorize: () => Promise.reject(notFound('Event not found')) });
    await vi.waitFor(() => expect(gone.stream.writableEnded).toBe(true));
    await vi.waitFor(() =>
      expect(hubLog.warn).toHaveBeenCalledWith(
        { err: new Error('database unreachable') },
        "test hub: checking a stream's access failed",
      ),
    );
    expect(kept.stream.writableEnded).toBe(false);
    answer = async () => false;
    await vi.waitFor(() => expect(kept.stream.writableEnded).toBe(true));
    hub.close();
  });

  it('ends every stream on close and refuses new ones with 503', () => {
    const hub = hubOf();
    const client = connect(hub);
    hub.close();
    expect(client.stream.writableEnded).toBe(true);
    expect(() => connect(hub)).toThrow(expect.objectContaining({ statusCode: 503 }));
  });

  it('answers a reply with the SSE headers and the stream', () => {
    const hub = hubOf();
    const client = connect(hub);
    const headers = vi.fn();
    const send = vi.fn();
    const reply = { headers: headers.mockReturnThis(), send } as unknown as FastifyReply;
    hub.respond(reply, client);
    expect(headers).toHaveBeenCalledWith(
      expect.objectContaining({ 'content-type': 'text/event-stream; charset=utf-8' }),
    );
    expect(send).toHaveBeenCalledWith(client.stream);
    hub.close();
  });
});
