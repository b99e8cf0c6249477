// Live statistics' ingest (ADR 027): pageview and heartbeat beacons against a bare node:http
// server answering the same requests, side by side in one run (docs/architecture.md,
// "Performance budgets": heartbeats at least 0.6 of its throughput, pageviews, which issue and sign
// a new page view's id, at least 0.2 (ADR 075); every hit counted). Pageviews carry
// the page's view token and heartbeats the ids counted pageviews answered (ADR 045). All come
// from one address, as this bench always sent them (its ratios stay comparable over time), with
// the operator's cap of new page views per address raised (STATS_VIEWS_PER_ADDRESS) so that every
// pageview counts. The event start (viewers arriving within a minute, from many addresses) is
// bench/event-start.bench.ts.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { compare, report } from './lib/load.js';
import { recordResult } from './lib/summary.js';
import { registerBenchOwner, startBareServer, startLivent } from './lib/processes.js';

/** Each beacon's share of bare node:http's throughput (ADR 075). */
const BUDGET = { view: 0.2, beat: 0.6 } as const;
/** The collector writes every second; a little more makes sure the last batch is in. */
const FLUSH_WAIT_MS = 2_500;
const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const dir = mkdtempSync(join(tmpdir(), 'livent-bench-stats-'));
const databaseFile = join(dir, 'livent.db');
const livent = await startLivent({
  DATABASE_URL: `file:${databaseFile}`,
  STATS_VIEWS_PER_ADDRESS: '1000000000',
});

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

const beaconHeaders = (host: string) => ({
  host,
  'content-type': 'text/plain;charset=UTF-8',
  'user-agent': USER_AGENT,
});

/** Beacon requests with bodies from a pool (as many viewers send). */
function beaconRequests(path: string, host: string, bodies: string[]): autocannon.Request[] {
  let next = 0;
  return [
    {
      method: 'POST',
      path,
      headers: beaconHeaders(host),
      setupRequest: (req) => {
        next = (next + 1) % bodies.length;
        return { ...req, body: bodies[next] };
      },
    },
  ];
}

/** One request's answer as text; a failure or an answer other than 200 throws. */
function httpText(
  url: string,
  headers: Record<string, string>,
  options: { method?: string; body?: string } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        if (res.statusCode === 200) resolve(text);
        else reject(new Error(`${url} answered ${String(res.statusCode)}: ${text}`));
      });
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** The view token in the event's page, where the viewer script reads it. */
async function pageToken(slug: string, host: string): Promise<string> {
  const page = await httpText(`${livent.url}/${slug}`, { host });
  const token = /data-stats="([^"]+)"/.exec(page)?.[1];
  if (!token) throw new Error(`the page of ${slug} carries no view token`);
  return token;
}

/** Signed page view ids, as counted pageviews answer them, for the heartbeats. */
async function pageViews(slug: string, host: string, token: string, count: number) {
  const views: string[] = [];
  for (let made = 0; made < count; made++) {
    const answer = await httpText(`${livent.url}/${slug}/_stats/view`, beaconHeaders(host), {
      method: 'POST',
      body: JSON.stringify({ t: token }),
    });
    views.push(JSON.stringify({ v: (JSON.parse(answer) as { v: string }).v }));
  }
  return views;
}

try {
  const port = new URL(livent.url).port;
  const host = `events.localhost:${port}`;
  const owner = await registerBenchOwner(livent.url);
  insertEvent(owner.user.id, 'bench-stats');
  const token = await pageToken('bench-stats', host);
  const bodies = {
    view: [JSON.stringify({ t: token })],
    beat: await pageViews('bench-stats', host, token, 2_000),
  };
  // Timings are reported, not asserted (scripts/bench.mjs); error answers and lost hits fail.
  let correct = true;
  for (const kind of ['view', 'beat'] as const) {
    // The bare server answers what Livent answers: a counted pageview's id, an empty heartbeat.
    const bare = await startBareServer(
      kind === 'view' ? bodies.beat[0]! : '',
      kind === 'view' ? 'application/json; charset=utf-8' : 'text/plain',
    );
    try {
      const path = `/bench-stats/_stats/${kind}`;
      const result = await compare(bare.url, `${livent.url}${path}`, 3, {
        extra: { requests: beaconRequests(path, host, bodies[kind]) },
      });
      report(
        `POST /{slug}/_stats/${kind} (text/plain beacon, 50 connections)`,
        result,
        BUDGET[kind],
        {
          label: `${kind === 'view' ? 'pageview' : 'heartbeat'} beacon ingest`,
        },
      );
      if (result.target.non2xx > 0 || result.target.errors > 0) correct = false;
    } finally {
      await bare.stop();
    }
  }

  // Every accepted hit counted: a fixed number of pageviews, then the database after the flush.
  const countedId = insertEvent(owner.user.id, 'bench-stats-count');
  const countedToken = await pageToken('bench-stats-count', host);
  const amount = 20_000;
  const sent = await autocannon({
    url: livent.url,
    connections: 50,
    amount,
    requests: beaconRequests('/bench-stats-count/_stats/view', host, [
      JSON.stringify({ t: countedToken }),
    ]),
  });
  const accepted = Number(sent.statusCodeStats?.['200']?.count ?? 0);
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
