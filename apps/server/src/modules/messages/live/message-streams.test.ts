import type { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { FeedEntry, FeedListener, FeedLog, MessageFeed } from './message-feed.js';
import {
  MessageStreams,
  type MessageStreamsOptions,
  type StreamTarget,
} from './message-streams.js';

/** A feed of one event at log position 5 whose changes the test pushes itself. */
function fakeFeed() {
  const listeners = new Set<FeedListener>();
  const feed = {
    subscribe: async (_eventId: string, listener: FeedListener) => {
      listeners.add(listener);
      return { seq: 5, unsubscribe: () => listeners.delete(listener) };
    },
    read: async () => [],
  } as unknown as MessageFeed;
  const push = (entries: FeedEntry[]) => listeners.forEach((listener) => listener(entries));
  return { feed, push, listeners };
}

/** The stream a reply was answered with. */
function fakeReply() {
  let sent: PassThrough | undefined;
  const reply = {
    headers: () => reply,
    send: (stream: PassThrough) => {
      sent = stream;
      return reply;
    },
  };
  return { reply: reply as unknown as FastifyReply, stream: () => sent! };
}

const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

function target(fields: Partial<StreamTarget> = {}): StreamTarget {
  return {
    eventId: 'event',
    includeInternal: true,
    key: 'user:1',
    address: '192.0.2.1',
    lastEventId: undefined,
    authorize: async () => true,
    ...fields,
  };
}

const entry = (seq: number, text = 'x'): FeedEntry => ({
  seq,
  internal: false,
  change: {
    change: 'created',
    message: {
      id: `m${seq}`,
      kind: 'viewer',
      channelId: null,
      authorName: '',
      text,
      status: 'new',
      read: false,
      answer: null,
      answerPublic: false,
      answeredAt: null,
      answeredBy: null,
      votes: 0,
      pinned: false,
      createdAt: '2026-11-24T00:00:00.000Z',
      updatedAt: '2026-11-24T00:00:00.000Z',
    },
  },
});

async function openOne(options: MessageStreamsOptions, fields: Partial<StreamTarget> = {}) {
  const { feed, push, listeners } = fakeFeed();
  const streams = new MessageStreams(feed, log as unknown as FeedLog, options);
  const { reply, stream } = fakeReply();
  await streams.open(reply, target(fields));
  return { streams, push, listeners, stream: stream() };
}

/** Everything the stream holds so far. */
async function drained(stream: PassThrough): Promise<string> {
  await new Promise((resolve) => setImmediate(resolve));
  let text = '';
  let chunk: Buffer | null;
  while ((chunk = stream.read() as Buffer | null) !== null) text += chunk.toString();
  return text;
}

describe('MessageStreams', () => {
  it('pings an idle stream with a comment line', async () => {
    const { streams, stream } = await openOne({ pingIntervalMs: 10 });
    await vi.waitFor(async () => expect(await drained(stream)).toContain(': ping\n\n'));
    streams.close();
  });

  it('drops a client that does not read, instead of buffering for it without bound', async () => {
    const { streams, push, listeners, stream } = await openOne({ maxBufferedBytes: 10_000 });
    expect(await drained(stream)).toContain('event: ready');
    // Nobody reads from here on: each change waits in memory until the bound is passed.
    for (let seq = 6; seq < 40 && !stream.destroyed; seq += 1) push([entry(seq, 'y'.repeat(1000))]);
    expect(stream.destroyed).toBe(true);
    await vi.waitFor(() => expect(listeners.size).toBe(0));
    expect(streams.size).toBe(0);
  });

  it('ends a stream whose access ended, and keeps it while the check only failed', async () => {
    let answer: () => Promise<boolean> = async () => {
      throw new Error('database unreachable');
    };
    const { streams, stream } = await openOne(
      { recheckIntervalMs: 10 },
      { authorize: () => answer() },
    );
    await vi.waitFor(() => expect(log.warn).toHaveBeenCalled());
    expect(stream.writableEnded).toBe(false);
    answer = async () => false;
    await vi.waitFor(() => expect(stream.writableEnded).toBe(true));
    streams.close();
  });

  it('sends each change once, in order, after the position it started from', async () => {
    const { streams, push, stream } = await openOne({});
    push([entry(4), entry(6)]);
    push([entry(6), entry(7)]);
    const text = await drained(stream);
    expect([...text.matchAll(/^id: (\d+)\nevent: (\w+)/gm)].map((m) => `${m[2]} ${m[1]}`)).toEqual([
      'ready 5',
      'message 6',
      'message 7',
    ]);
    streams.close();
    expect(stream.writableEnded).toBe(true);
  });
});
