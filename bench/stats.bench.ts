// Live statistics' ingest (ADR 027): pageview and heartbeat beacons against a bare node:http
// server answering the same requests, side by side in one run (docs/architecture.md,
// "Performance budgets": at least 0.6 of its throughput, with every hit counted). The event
// start (viewers arriving within a minute) is bench/event-start.bench.ts.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { compare, report } from './lib/load.js';
import { recordResult } from './lib/summary.js';
import { registerBenchOwner, startBareServer, startLivent } from './lib/processes.js';

const BUDGET = 0.6;
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
  // Timings are reported, not asserted (scripts/bench.mjs); error answers and lost hits fail.
  let correct = true;
  try {
    for (const kind of ['view', 'beat'] as const) {
      const path = `/bench-stats/_stats/${kind}`;
      const result = await compare(bare.url, `${livent.url}${path}`, 3, {
        extra: { requests: beaconRequests(path, host) },
      });
      report(`POST /{slug}/_stats/${kind} (text/plain beacon, 50 connections)`, result, BUDGET, {
        label: `${kind === 'view' ? 'pageview' : 'heartbeat'} beacon ingest`,
      });
      if (result.target.non2xx > 0 || result.target.errors > 0) correct = false;
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
  recordResult({
    name: 'every accepted pageview counted',
    value: counted,
    unit: 'counted',
    budgetText: 'all accepted',
    met: counted === accepted && accepted === amount,
    note: `sent ${amount}, accepted ${accepted}`,
  });
  if (counted !== accepted || accepted !== amount) correct = false;

  if (!correct) process.exitCode = 1;
} finally {
  await livent.stop();
}
