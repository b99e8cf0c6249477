// One client process of the stream bench (bench/viewer-streams.bench.ts forks several): it holds
// its share of the viewers' streams on plain node:http connections, one socket each, and parses
// their frames with the bench's own small SSE parser, so that one process holds thousands. The
// parent tells it over IPC what to open and what to watch for (messages below), and it answers
// with figures only: arrival times on the machine-wide monotonic clock (process.hrtime reads
// CLOCK_MONOTONIC, the same clock in every process), so that the parent compares them with its
// own send times.
import { Agent, request, type IncomingMessage } from 'node:http';
import { SseParser, type ParsedFrame } from './sse-parser.js';

export interface StreamTarget {
  /** Where to connect. */
  port: number;
  /** The Host header: the events host, as a browser on the public page sends it. */
  host: string;
  /** The stream's path and query. */
  path: string;
}

export type ToClients =
  /** Opens `count` streams, numbered from `first` across every client process. */
  | { type: 'open'; targets: StreamTarget[]; first: number; count: number; concurrency: number }
  /** From now on, notes when each stream receives a frame `event` whose data's `id` is `id`. */
  | { type: 'expect'; event: string; id: string }
  /** Answers the arrivals once every stream has one, or after `timeoutMs`. */
  | { type: 'arrivals'; timeoutMs: number }
  /** From now on, adds up every count of `event` frames' data (a reaction burst) per stream. */
  | { type: 'count'; event: string }
  /** Answers the sums. */
  | { type: 'counted' }
  | { type: 'close' };

export type FromClients =
  /** `expect` and `count` are in force. */
  | { type: 'ready' }
  | { type: 'opened'; opened: number; refused: Record<string, number>; ms: number }
  | {
      type: 'arrivals';
      /** Per open stream: the arrival on the monotonic clock in ms, or null when none came. */
      times: (number | null)[];
      /** The target index of each stream, in the same order. */
      targets: number[];
      ended: number;
    }
  /** How many streams saw each sum. */
  | { type: 'counted'; sums: Record<string, number>; ended: number };

/** A viewer's address (TRUST_PROXY is set): every stream its own viewer, as on a real event. */
export function viewerAddress(index: number): string {
  return `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
}

const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

interface Stream {
  target: number;
  response: IncomingMessage | undefined;
  arrival: number | null;
  sum: number;
  ended: boolean;
}

const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
const streams: Stream[] = [];
let expected: { event: string; id: string } | undefined;
let counting: string | undefined;
let ended = 0;

function onFrame(stream: Stream, frame: ParsedFrame, at: number): void {
  if (expected && stream.arrival === null && frame.event === expected.event) {
    const data = JSON.parse(frame.data) as { id?: unknown };
    if (data.id === expected.id) stream.arrival = at;
  }
  if (counting !== undefined && frame.event === counting) {
    const counts = JSON.parse(frame.data) as Record<string, unknown>;
    for (const value of Object.values(counts)) if (typeof value === 'number') stream.sum += value;
  }
}

/** Opens one stream; settles with null once it is open, or with why it was refused. */
function open(target: StreamTarget, targetIndex: number, index: number): Promise<string | null> {
  return new Promise((resolve) => {
    const req = request({
      host: '127.0.0.1',
      port: target.port,
      path: target.path,
      agent,
      headers: {
        host: target.host,
        accept: 'text/event-stream',
        'x-forwarded-for': viewerAddress(index),
      },
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.on('response', (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        resolve(`HTTP ${String(response.statusCode)}`);
        return;
      }
      const stream: Stream = { target: targetIndex, response, arrival: null, sum: 0, ended: false };
      streams.push(stream);
      const parser = new SseParser((frame) => onFrame(stream, frame, arrivedAt));
      let arrivedAt = 0;
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        arrivedAt = nowMs();
        parser.push(chunk);
      });
      const end = () => {
        if (stream.ended) return;
        stream.ended = true;
        ended += 1;
      };
      response.on('end', end);
      response.on('error', end);
      response.on('close', end);
      resolve(null);
    });
    req.end();
  });
}

async function openAll(message: Extract<ToClients, { type: 'open' }>): Promise<FromClients> {
  const started = nowMs();
  const refused: Record<string, number> = {};
  let next = 0;
  const worker = async () => {
    while (next < message.count) {
      const index = message.first + next;
      next += 1;
      const targetIndex = index % message.targets.length;
      const target = message.targets[targetIndex];
      if (!target) throw new Error('no target');
      const reason = await open(target, targetIndex, index);
      if (reason !== null) refused[reason] = (refused[reason] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: message.concurrency }, worker));
  return { type: 'opened', opened: streams.length, refused, ms: nowMs() - started };
}

async function arrivals(timeoutMs: number): Promise<FromClients> {
  const deadline = nowMs() + timeoutMs;
  while (nowMs() < deadline && streams.some((s) => s.arrival === null && !s.ended)) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    type: 'arrivals',
    times: streams.map((s) => s.arrival),
    targets: streams.map((s) => s.target),
    ended,
  };
}

function counted(): FromClients {
  const sums: Record<string, number> = {};
  for (const stream of streams) {
    if (stream.ended) continue;
    sums[stream.sum] = (sums[stream.sum] ?? 0) + 1;
  }
  return { type: 'counted', sums, ended };
}

const send = (message: FromClients) => process.send?.(message);

process.on('message', (message: ToClients) => {
  switch (message.type) {
    case 'open':
      void openAll(message).then(send);
      break;
    case 'expect':
      for (const stream of streams) stream.arrival = null;
      expected = { event: message.event, id: message.id };
      send({ type: 'ready' });
      break;
    case 'arrivals':
      void arrivals(message.timeoutMs).then(send);
      break;
    case 'count':
      for (const stream of streams) stream.sum = 0;
      counting = message.event;
      send({ type: 'ready' });
      break;
    case 'counted':
      send(counted());
      break;
    case 'close':
      for (const stream of streams) stream.response?.destroy();
      agent.destroy();
      process.disconnect();
      break;
  }
});
