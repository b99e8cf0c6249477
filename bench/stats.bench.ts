// Live statistics' ingest (ADR 027): pageview and heartbeat beacons against a bare node:http
// server answering the same requests, side by side in one run (docs/architecture.md,
// "Performance budgets": at least 0.6 of its throughput, with every hit counted); then a
// simulated event start: viewers arriving within a minute, then heartbeating every 30 s, with
// p99 latency, errors and the counted peak of concurrent viewers against the true one.
//
// BENCH_STATS_VIEWERS (default 10000) and BENCH_STATS_ARRIVAL_S (default 60) shrink the event
// start for a quick look.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { compare, report } from './lib/load.js';
import { registerBenchOwner, startBareServer, startLivent } from './lib/processes.js';

const BUDGET = 0.6;
const VIEWERS = Number(process.env.BENCH_STATS_VIEWERS ?? 10_000);
const ARRIVAL_MS = Number(process.env.BENCH_STATS_ARRIVAL_S ?? 60) * 1000;
const HEARTBEAT_MS = 30_000;
/** Heartbeats each simulated viewer sends after arriving. */
const BEATS = 2;
/** The collector writes every second; a little more makes sure the last batch is in. */
const FLUSH_WAIT_MS = 2_500;
const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const dir = mkdtempSync(join(tmpdir(), 'livent-bench-stats-'));
const databaseFile = join(dir, 'livent.db');
const livent = await startLivent({ DATABASE_URL: `file:${databaseFile}` });

function insertEvent(ownerId: string, slug: string): string {
  const db = new Database(databaseFile);
  const id = randomUUID();
  const now = new Date().toISOString();
  db.prepare(
    'INSERT INTO events (id, owner_id, slug, title, settings, version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?)',
  ).run(id, ownerId, slug, 'Stats Bench', '{}', now, now);
  db.close();
  return id;
}

function countedPageviews(eventId: string): number {
  const db = new Database(databaseFile, { readonly: true });
  const row = db
    .prepare('SELECT COALESCE(SUM(pageviews), 0) AS n FROM stats_minutes WHERE event_id = ?')
    .get(eventId) as { n: number };
  db.close();
  return row.n;
}

/** Beacon requests with a different page load id each time, from a pool (as many viewers send). */
function beaconRequests(path: string, host: string): autocannon.Request[] {
  const ids = Array.from({ length: 10_000 }, () => JSON.stringify({ v: randomUUID() }));
  let next = 0;
  return [
    {
      method: 'POST',
      path,
      headers: { host, 'content-type': 'text/plain;charset=UTF-8', 'user-agent': USER_AGENT },
      setupRequest: (req) => {
        next = (next + 1) % ids.length;
        return { ...req, body: ids[next] };
      },
    },
  ];
}

try {
  const port = new URL(livent.url).port;
  const host = `events.localhost:${port}`;
  const owner = await registerBenchOwner(livent.url);
  insertEvent(owner.user.id, 'bench-stats');
  const bare = await startBareServer('', 'text/plain');
  let met = true;
  try {
    for (const kind of ['view', 'beat'] as const) {
      const path = `/bench-stats/_stats/${kind}`;
      const result = await compare(bare.url, `${livent.url}${path}`, 3, {
        extra: { requests: beaconRequests(path, host) },
      });
      const withinBudget = report(
        `POST /{slug}/_stats/${kind} (text/plain beacon, 50 connections)`,
        result,
        BUDGET,
      );
      if (!withinBudget || result.target.non2xx > 0 || result.target.errors > 0) met = false;
    }
  } finally {
    await bare.stop();
  }

  // Every accepted hit counted: a fixed number of pageviews, then the database after the flush.
  const countedId = insertEvent(owner.user.id, 'bench-stats-count');
  const amount = 20_000;
  const sent = await autocannon({
    url: livent.url,
    connections: 50,
    amount,
    requests: beaconRequests('/bench-stats-count/_stats/view', host),
  });
  const accepted = Number(sent.statusCodeStats?.['204']?.count ?? 0);
  await new Promise((resolve) => setTimeout(resolve, FLUSH_WAIT_MS));
  const counted = countedPageviews(countedId);
  console.log(
    `\nEvery accepted pageview counted: sent ${amount}, accepted ${accepted}, counted ${counted} (${counted === accepted ? 'all' : 'MISSING'})`,
  );
  if (counted !== accepted || accepted !== amount) met = false;

  // An event start: VIEWERS arrive within ARRIVAL_MS, each then beats BEATS times 30 s apart.
  const startId = insertEvent(owner.user.id, 'bench-stats-start');
  const agent = new Agent({ keepAlive: true, maxSockets: 100 });
  const latencies: number[] = [];
  let errors = 0;
  const present = new Map<number, Set<number>>(); // minute → viewers with an accepted hit in it
  const send = (viewer: number, id: string, kind: 'view' | 'beat') =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = request(
        `${livent.url}/bench-stats-start/_stats/${kind}`,
        {
          method: 'POST',
          agent,
          headers: {
            host,
            'content-type': 'text/plain;charset=UTF-8',
            'user-agent': USER_AGENT,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - started);
            if (res.statusCode === 204) {
              const minute = Math.floor(Date.now() / 60_000);
              const set = present.get(minute) ?? new Set<number>();
              set.add(viewer);
              present.set(minute, set);
            } else {
              errors += 1;
            }
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end(JSON.stringify({ v: id }));
    });

  const began = Date.now();
  const pending: Promise<void>[] = [];
  const schedule: { at: number; viewer: number; kind: 'view' | 'beat' }[] = [];
  for (let viewer = 0; viewer < VIEWERS; viewer++) {
    const arrival = (viewer / VIEWERS) * ARRIVAL_MS;
    schedule.push({ at: arrival, viewer, kind: 'view' });
    for (let beat = 1; beat <= BEATS; beat++) {
      schedule.push({ at: arrival + beat * HEARTBEAT_MS, viewer, kind: 'beat' });
    }
  }
  schedule.sort((a, b) => a.at - b.at);
  const ids = Array.from({ length: VIEWERS }, () => randomUUID());
  let index = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const elapsed = Date.now() - began;
      while (index < schedule.length && (schedule[index]?.at ?? Infinity) <= elapsed) {
        const item = schedule[index];
        if (item) pending.push(send(item.viewer, ids[item.viewer] ?? '', item.kind));
        index += 1;
      }
      if (index < schedule.length) setTimeout(tick, 5);
      else resolve();
    };
    tick();
  });
  await Promise.all(pending);
  agent.destroy();
  await new Promise((resolve) => setTimeout(resolve, FLUSH_WAIT_MS));
  const truePeak = Math.max(...[...present.values()].map((set) => set.size));
  const from = new Date(began - 60_000).toISOString();
  const to = new Date(Date.now() + 60_000).toISOString();
  const stats = await fetch(
    `${livent.url}/api/events/${startId}/stats?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    { headers: { authorization: `Bearer ${owner.tokens.access.token}` } },
  );
  const body = (await stats.json()) as { totals: { peakViewers: number; pageviews: number } };
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.floor(latencies.length * 0.99)] ?? 0;
  console.log(
    `\nEvent start: ${VIEWERS} viewers within ${ARRIVAL_MS / 1000} s, then ${BEATS} heartbeats each (${schedule.length} requests)`,
  );
  console.log(
    `  p99 ${p99.toFixed(1)} ms   errors ${errors}   pageviews counted ${body.totals.pageviews} of ${VIEWERS}`,
  );
  console.log(
    `  peak concurrent: counted ${body.totals.peakViewers}, true ${truePeak} (by the minute each accepted hit was answered in; a hit answered across a minute's edge may land in the next)`,
  );
  if (errors > 0 || body.totals.pageviews !== VIEWERS) met = false;
  if (Math.abs(body.totals.peakViewers - truePeak) > truePeak * 0.01) met = false;
  if (!met) process.exitCode = 1;
} finally {
  await livent.stop();
}
