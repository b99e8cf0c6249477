// Live messages: 200 inbox listeners (Server-Sent Events) on one event while messages are sent at
// a rising rate; the sustained send rate and the delay from send to arrival at the listeners
// (p50, p99), against a bare node:http server that takes a POST and writes one line to 200 open
// responses, side by side in one run (ADR 025; docs/architecture.md, "Performance budgets").
//
// Livent's messages are an organiser's internal notes (POST /api/events/{id}/messages): the same
// write, log entry, wake-up and fan-out as a viewer's, without the public page's limits per viewer
// and address, which a bench from one address would hit at once.
import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { Agent, get, request, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import {
  freePort,
  registerBenchOwner,
  startLivent,
  waitForHttp,
  type RunningServer,
} from './lib/processes.js';
import { recordResult } from './lib/summary.js';

const LISTENERS = 200;
/** Messages per second, one step after another. */
const RATES = [25, 50, 100, 150, 200, 300, 400, 600, 800];
const STEP_SECONDS = 2;
const ROUNDS = 3;
/** Sends waiting for their answer; a step that needs more is not sustained. */
const MAX_IN_FLIGHT = 64;
/** A step is sustained when every listener got every message and p99 stayed under this. */
const SUSTAINED_P99_MS = 1_000;
/** How long after a step's last send its messages may still arrive. */
const GRACE_MS = 3_000;
/** Delays are compared at this rate, which both servers sustain. */
const REFERENCE_RATE = 50;

interface Target {
  name: string;
  streamUrl: string;
  streamHeaders: Record<string, string>;
  send(text: string): Promise<number>;
}

interface StepResult {
  rate: number;
  achieved: number;
  delivered: number;
  p50: number;
  p99: number;
  sustained: boolean;
}

const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const median = (values: number[]): number => {
  const sorted = [...values].filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** The text of a message frame's message (both servers send it JSON-encoded). */
const MESSAGE_TEXT = /"text":"(bench [0-9a-f-]{36})"/;

/** Send times by message text, and the delays the listeners saw. */
const sentAt = new Map<string, number>();
let delays: number[] = [];
let arrivals = 0;

/** Opens the listeners; each frame's message text names its send time. */
async function listen(target: Target): Promise<() => void> {
  const responses: IncomingMessage[] = [];
  await Promise.all(
    Array.from(
      { length: LISTENERS },
      () =>
        new Promise<void>((resolve, reject) => {
          const req = get(
            target.streamUrl,
            { agent: false, headers: { accept: 'text/event-stream', ...target.streamHeaders } },
            (res) => {
              if (res.statusCode !== 200) {
                reject(new Error(`${target.name}: the stream answered ${res.statusCode}`));
                return;
              }
              responses.push(res);
              res.setEncoding('utf8');
              let buffer = '';
              res.on('data', (chunk: string) => {
                buffer += chunk;
                let end: number;
                while ((end = buffer.indexOf('\n\n')) !== -1) {
                  const block = buffer.slice(0, end);
                  buffer = buffer.slice(end + 2);
                  // A pattern instead of JSON.parse: at 40,000 frames a second the listeners'
                  // own parsing would be what is measured.
                  const text = MESSAGE_TEXT.exec(block)?.[1];
                  const sent = text === undefined ? undefined : sentAt.get(text);
                  if (sent === undefined) continue;
                  delays.push(performance.now() - sent);
                  arrivals += 1;
                }
              });
              resolve();
            },
          );
          req.on('error', reject);
        }),
    ),
  );
  return () => responses.forEach((res) => res.destroy());
}

/** Sends at `rate` for a step, then waits for the deliveries. */
async function step(target: Target, rate: number, seconds: number): Promise<StepResult> {
  delays = [];
  arrivals = 0;
  let sent = 0;
  let answered = 0;
  let failed = 0;
  let inFlight = 0;
  let skipped = 0;
  const start = performance.now();
  const total = rate * seconds;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate));
      while (sent + skipped < due) {
        if (inFlight >= MAX_IN_FLIGHT) {
          skipped += 1;
          continue;
        }
        const text = `bench ${randomUUID()}`;
        sentAt.set(text, performance.now());
        sent += 1;
        inFlight += 1;
        target
          .send(text)
          .then((status) => (status === 201 ? (answered += 1) : (failed += 1)))
          .catch(() => (failed += 1))
          .finally(() => (inFlight -= 1));
      }
      if (sent + skipped >= total) resolve();
      else setTimeout(tick, 5);
    };
    tick();
  });
  while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 5));
  const elapsed = (performance.now() - start) / 1000;
  const expected = answered * LISTENERS;
  const deadline = performance.now() + GRACE_MS;
  while (arrivals < expected && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  sentAt.clear();
  const sorted = [...delays].sort((a, b) => a - b);
  const achieved = answered / elapsed;
  const delivered = expected === 0 ? 0 : arrivals / expected;
  const p99 = percentile(sorted, 99);
  return {
    rate,
    achieved,
    delivered,
    p50: percentile(sorted, 50),
    p99,
    sustained:
      failed === 0 &&
      skipped === 0 &&
      achieved >= 0.9 * rate &&
      delivered === 1 &&
      p99 <= SUSTAINED_P99_MS,
  };
}

async function ladder(target: Target): Promise<StepResult[]> {
  const results: StepResult[] = [];
  for (const rate of RATES) {
    const result = await step(target, rate, STEP_SECONDS);
    results.push(result);
    // Beyond what it sustains, faster steps only queue up.
    if (!result.sustained) break;
  }
  return results;
}

const keepAlive = new Agent({ keepAlive: true, maxSockets: MAX_IN_FLIGHT });

function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent: keepAlive,
        headers: { 'content-type': 'application/json', ...headers },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** The bare baseline in its own process: a POST's text goes to every open GET as one frame. */
async function startBareFanOut(): Promise<RunningServer> {
  const port = await freePort();
  const source = `
    const http = require('node:http');
    const clients = new Set();
    let seq = 0;
    http.createServer((req, res) => {
      if (req.url === '/health') return res.end('ok');
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
        res.write('retry: 2000\\n\\n');
        clients.add(res);
        res.on('close', () => clients.delete(res));
        return;
      }
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        seq += 1;
        const message = JSON.parse(body);
        const frame = 'id: ' + seq + '\\nevent: message\\ndata: ' + JSON.stringify({ change: 'created', message }) + '\\n\\n';
        for (const client of clients) client.write(frame);
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ id: String(seq) }));
      });
    }).listen(${port}, '127.0.0.1');`;
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/health`);
  return {
    url,
    cpuMs: () => undefined,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const fmt = (value: number, digits = 0) => (Number.isNaN(value) ? '-' : value.toFixed(digits));

function printLadder(name: string, results: StepResult[]): void {
  console.log(`  ${name}`);
  for (const r of results) {
    console.log(
      `    ${String(r.rate).padStart(4)}/s target  ${fmt(r.achieved).padStart(5)}/s sent  delivered ${fmt(r.delivered * 100, 1).padStart(5)}%  p50 ${fmt(r.p50, 1).padStart(7)} ms  p99 ${fmt(r.p99, 1).padStart(7)} ms  ${r.sustained ? 'sustained' : 'NOT sustained'}`,
    );
  }
}

const sustainedRate = (results: StepResult[]): number =>
  Math.max(0, ...results.filter((r) => r.sustained).map((r) => r.achieved));
const atReference = (results: StepResult[]) => results.find((r) => r.rate === REFERENCE_RATE);

const dir = mkdtempSync(join(tmpdir(), 'livent-bench-messages-'));
const databaseFile = join(dir, 'livent.db');
const livent = await startLivent(
  { DATABASE_URL: `file:${databaseFile}` },
  [],
  'bench/lib/messages-server.mjs',
);
const bare = await startBareFanOut();
const closers: (() => void)[] = [];
try {
  const owner = await registerBenchOwner(livent.url);
  const auth = { authorization: `Bearer ${owner.tokens.access.token}` };
  const eventId = randomUUID();
  const db = new Database(databaseFile);
  const now = new Date().toISOString();
  db.prepare(
    'INSERT INTO events (id, owner_id, slug, title, settings, version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?)',
  ).run(eventId, owner.user.id, 'bench-messages', 'Q&A', '{"messagesEnabled":true}', now, now);
  db.close();

  const targets: Target[] = [
    {
      name: 'bare node:http',
      streamUrl: `${bare.url}/stream`,
      streamHeaders: {},
      send: (text) => post(`${bare.url}/messages`, { text }),
    },
    {
      name: 'livent',
      streamUrl: `${livent.url}/api/events/${eventId}/messages/stream`,
      streamHeaders: auth,
      send: (text) => post(`${livent.url}/api/events/${eventId}/messages`, { text }, auth),
    },
  ];
  for (const target of targets) closers.push(await listen(target));
  for (const target of targets) await step(target, REFERENCE_RATE, 1); // warm-up

  const ladders: Record<string, StepResult[][]> = { 'bare node:http': [], livent: [] };
  for (let round = 0; round < ROUNDS; round += 1) {
    console.log(`\nround ${round + 1}`);
    for (const target of targets) {
      const results = await ladder(target);
      ladders[target.name]!.push(results);
      printLadder(target.name, results);
    }
  }

  const summary = (name: string) => {
    const runs = ladders[name]!;
    return {
      rate: median(runs.map(sustainedRate)),
      p50: median(runs.map((r) => atReference(r)?.p50 ?? Number.NaN)),
      p99: median(runs.map((r) => atReference(r)?.p99 ?? Number.NaN)),
    };
  };
  const base = summary('bare node:http');
  const target = summary('livent');
  console.log(
    `\n${LISTENERS} inbox listeners on one event; rates ${RATES.join(', ')}/s for ${STEP_SECONDS} s each; medians of ${ROUNDS} alternating rounds`,
  );
  for (const [name, s] of [
    ['bare node:http', base],
    ['livent', target],
  ] as const) {
    console.log(
      `  ${name.padEnd(16)} sustained ${fmt(s.rate).padStart(5)} messages/s   delay at ${REFERENCE_RATE}/s: p50 ${fmt(s.p50, 1)} ms, p99 ${fmt(s.p99, 1)} ms`,
    );
  }
  recordResult({
    name: `live messages to ${LISTENERS} inbox streams, sustained rate`,
    value: target.rate / base.rate,
    unit: 'x bare',
    p99Ms: target.p99,
    note: `${fmt(target.rate)} vs ${fmt(base.rate)} messages/s${base.rate >= RATES.at(-1)! * 0.9 ? ' (bare at the top step)' : ''}; p99 delay at ${REFERENCE_RATE}/s`,
  });
  console.log(
    `  ratio (livent / bare): sustained rate ${fmt(target.rate / base.rate, 2)}${base.rate >= RATES.at(-1)! * 0.9 ? ` (bare reached the top step, ${RATES.at(-1)}/s: its real rate is higher)` : ''}; delay p50 ${fmt(target.p50 / base.p50, 1)}x, p99 ${fmt(target.p99 / base.p99, 1)}x`,
  );
} finally {
  closers.forEach((close) => close());
  keepAlive.destroy();
  await Promise.all([livent.stop(), bare.stop()]);
}
