// An event start on one instance (docs/architecture.md, "Performance budgets"; ADR 027): viewers
// arrive evenly within a minute, and each does what the public page makes a browser do: loads the
// cached page and the files it references under /_livent/ (stylesheet, icon, viewer script), sends
// a pageview beacon with the page's view token, then a heartbeat every 30 s with the id the
// pageview answered (ADR 045); one viewer in twenty also sends a message
// through the page's message tool a little after arriving. As heartbeats pile up on arrivals,
// the load rises through the run. It prints p99 latency per kind of request and overall, the
// answers by status, and the peak of concurrent viewers the statistics counted against the true
// one. Budget: p99 under 100 ms, no answer but success and 429.
//
// Viewers come from many addresses, as through a reverse proxy (X-Forwarded-For from a trusted
// proxy): twenty viewers share an address, as behind an office's NAT, within the cap of new page
// views per address (ADR 045) and the per-address message limit; a 429 is counted, not an
// error. The API-wide limit is raised as in every bench (lib/processes.ts).
//
// A bare node:http server, probed every 20 ms from the same client through the run, shows the
// latency the machine and the client add by themselves: the floor under Livent's p99.
//
// BENCH_SPIKE_VIEWERS (default 10000), BENCH_SPIKE_ARRIVAL_S (60), BENCH_SPIKE_HEARTBEAT_S (30)
// and BENCH_SPIKE_BEATS (heartbeats per viewer, 2) shrink it for a quick look. BENCH_CPU_PROF=DIR
// writes a CPU profile of the server into DIR (`node --cpu-prof`).
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import {
  insertBenchEvent,
  registerBenchOwner,
  startBareServer,
  startLivent,
} from './lib/processes.js';
import { recordResult } from './lib/summary.js';

const VIEWERS = Number(process.env.BENCH_SPIKE_VIEWERS ?? 10_000);
const ARRIVAL_MS = Number(process.env.BENCH_SPIKE_ARRIVAL_S ?? 60) * 1000;
const HEARTBEAT_MS = Number(process.env.BENCH_SPIKE_HEARTBEAT_S ?? 30) * 1000;
const BEATS = Number(process.env.BENCH_SPIKE_BEATS ?? 2);
/** One viewer in this many sends a message… */
const MESSAGE_EVERY = 20;
/** …this long after arriving. */
const MESSAGE_AFTER_MS = Math.min(10_000, HEARTBEAT_MS / 2);
const P99_BUDGET_MS = 100;
/** Page loads with their beacons before the start, on another event. */
const WARM_UP_LOADS = 300;
/** The collector writes every second; a little more makes sure the last batch is in. */
const FLUSH_WAIT_MS = 2_500;
/** Viewers behind one address. */
const VIEWERS_PER_ADDRESS = 20;
/** A viewer's address, as the proxy in front reports it. */
const addressOf = (viewer: number) => {
  const group = Math.floor(viewer / VIEWERS_PER_ADDRESS);
  return `10.${(group >> 16) & 255}.${(group >> 8) & 255}.${group & 255}`;
};
/** The view token in a page (`data-stats`), where the viewer script reads it. */
const tokenIn = (page: string) => /data-stats="([^"]+)"/.exec(page)?.[1] ?? '';
/** The signed page view id a counted pageview answered. */
const viewIn = (answer: string) => (JSON.parse(answer) as { v: string }).v;
const BROWSER = {
  'user-agent':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'accept-language': 'en-GB,en;q=0.9',
};

type Kind = 'page' | 'asset' | 'view' | 'beat' | 'message';
const KINDS: Kind[] = ['page', 'asset', 'view', 'beat', 'message'];

const dir = mkdtempSync(join(tmpdir(), 'livent-bench-spike-'));
const databaseFile = join(dir, 'livent.db');
const profileDir = process.env.BENCH_CPU_PROF;
const livent = await startLivent(
  { DATABASE_URL: `file:${databaseFile}`, TRUST_PROXY: '127.0.0.1' },
  profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
);
const agent = new Agent({ keepAlive: true, maxSockets: 100 });

const latencies = new Map<Kind, number[]>(KINDS.map((kind) => [kind, []]));
/** Answers by status ('network' for a request that got none), per kind. */
const statuses = new Map<string, number>();
/** Minute → viewers with an accepted beacon answered in it. */
const present = new Map<number, Set<number>>();
let acceptedViews = 0;

/** One request; resolves with its status (0 when it failed) and body. */
function send(
  kind: Kind,
  path: string,
  host: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = request(
      `${livent.url}${path}`,
      {
        method: options.method ?? 'GET',
        agent,
        headers: { host, ...BROWSER, ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          latencies.get(kind)?.push(performance.now() - started);
          const status = res.statusCode ?? 0;
          const key = `${kind} ${status}`;
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
          resolve({ status, body: Buffer.concat(chunks).toString('utf8') });
        });
      },
    );
    req.on('error', () => {
      const key = `${kind} network`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      resolve({ status: 0, body: '' });
    });
    req.end(options.body);
  });
}

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

try {
  const port = new URL(livent.url).port;
  const host = `events.localhost:${port}`;
  const slug = 'bench-event-start';
  const owner = await registerBenchOwner(livent.url);
  const eventId = insertBenchEvent(databaseFile, owner.user.id, slug);

  const sample = await send('page', `/${slug}`, host);
  if (sample.status !== 200) throw new Error(`the page answered ${sample.status}`);
  // What a browser fetches after the page: the page's own files (a player's scripts, when the
  // page has a video player, would come from the player's host).
  const assets = [
    ...new Set(
      [...sample.body.matchAll(/(?:src|href)="(\/_livent\/[^"]+)"/g)].flatMap((m) =>
        m[1] ? [m[1]] : [],
      ),
    ),
  ];
  if (!assets.some((path) => path.includes('viewer'))) {
    throw new Error('the page references no viewer script: is apps/viewer built?');
  }
  // A server that has run a while: its hot paths compiled, on another event of the same page.
  const warmSlug = 'bench-warm-up';
  insertBenchEvent(databaseFile, owner.user.id, warmSlug);
  for (let round = 0; round < WARM_UP_LOADS / 10; round += 1) {
    await Promise.all(
      Array.from({ length: 10 }, async (_, index) => {
        const page = await send('page', `/${warmSlug}`, host);
        await Promise.all(assets.map((path) => send('asset', path, host)));
        const headers = {
          'content-type': 'text/plain;charset=UTF-8',
          'x-forwarded-for': addressOf(round * 10 + index),
        };
        const view = await send('view', `/${warmSlug}/_stats/view`, host, {
          method: 'POST',
          headers,
          body: JSON.stringify({ t: tokenIn(page.body) }),
        });
        await send('beat', `/${warmSlug}/_stats/beat`, host, {
          method: 'POST',
          headers,
          body: JSON.stringify({ v: viewIn(view.body) }),
        });
      }),
    );
  }
  for (const kind of KINDS) latencies.set(kind, []);
  statuses.clear();

  /** The signed page view id each viewer's pageview answered. */
  const views: (string | undefined)[] = Array.from({ length: VIEWERS });
  /** A pageview with the page's token (`t`), or a heartbeat of the viewer's page view. */
  const beacon = async (viewer: number, kind: 'view' | 'beat', token = '') => {
    const view = views[viewer];
    if (kind === 'beat' && view === undefined) return;
    const { status, body } = await send(kind, `/${slug}/_stats/${kind}`, host, {
      method: 'POST',
      // text/plain as the viewer script sends it, no cookie.
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-forwarded-for': addressOf(viewer) },
      body: JSON.stringify(kind === 'beat' ? { v: view, p: true } : { t: token }),
    });
    if (status !== (kind === 'view' ? 200 : 204)) return;
    if (kind === 'view') {
      views[viewer] = viewIn(body);
      acceptedViews += 1;
    }
    const minute = Math.floor(Date.now() / 60_000);
    const set = present.get(minute) ?? new Set<number>();
    set.add(viewer);
    present.set(minute, set);
  };

  // Every viewer's page carries the same token within the hour (and it stays valid hours on).
  const token = tokenIn(sample.body);
  const arrive = async (viewer: number) => {
    const encoding = { 'accept-encoding': 'gzip, deflate, br' };
    await send('page', `/${slug}`, host, { headers: { accept: 'text/html', ...encoding } });
    await Promise.all(assets.map((path) => send('asset', path, host, { headers: encoding })));
    await beacon(viewer, 'view', token);
  };
  const message = (viewer: number) =>
    send('message', `/${slug}/_messages`, host, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://${host}` },
      body: JSON.stringify({
        name: `Viewer ${viewer}`,
        text: 'Will the recording be available after the event?',
        key: randomUUID(),
      }),
    });

  const schedule: { at: number; viewer: number; kind: 'arrive' | 'beat' | 'message' }[] = [];
  for (let viewer = 0; viewer < VIEWERS; viewer++) {
    const arrival = (viewer / VIEWERS) * ARRIVAL_MS;
    schedule.push({ at: arrival, viewer, kind: 'arrive' });
    for (let beat = 1; beat <= BEATS; beat++) {
      schedule.push({ at: arrival + beat * HEARTBEAT_MS, viewer, kind: 'beat' });
    }
    if (viewer % MESSAGE_EVERY === 0) {
      schedule.push({ at: arrival + MESSAGE_AFTER_MS, viewer, kind: 'message' });
    }
  }
  schedule.sort((a, b) => a.at - b.at);
  const control = await startBareServer('ok', 'text/plain');
  const controlLatencies: number[] = [];
  const probe = setInterval(() => {
    const started = performance.now();
    request(`${control.url}/`, { agent }, (res) => {
      res.resume();
      res.on('end', () => controlLatencies.push(performance.now() - started));
    })
      .on('error', () => undefined)
      .end();
  }, 20);
  const pending: Promise<unknown>[] = [];
  // The client's own event loop: when it lags, the latencies it measures include its lag.
  const clientLag = monitorEventLoopDelay({ resolution: 10 });
  clientLag.enable();
  const cpuBefore = livent.cpuMs();
  const began = Date.now();
  let index = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const elapsed = Date.now() - began;
      while (index < schedule.length && (schedule[index]?.at ?? Infinity) <= elapsed) {
        const item = schedule[index]!;
        pending.push(
          item.kind === 'arrive'
            ? arrive(item.viewer)
            : item.kind === 'beat'
              ? beacon(item.viewer, 'beat')
              : message(item.viewer),
        );
        index += 1;
      }
      if (index < schedule.length) setTimeout(tick, 5);
      else resolve();
    };
    tick();
  });
  await Promise.all(pending);
  const seconds = (Date.now() - began) / 1000;
  // The server's CPU over the run: how much of one core the event start took, its headroom.
  const cpuAfter = livent.cpuMs();
  const cpuSeconds =
    cpuBefore === undefined || cpuAfter === undefined ? Number.NaN : (cpuAfter - cpuBefore) / 1000;
  clearInterval(probe);
  clientLag.disable();
  const lagP99 = clientLag.percentile(99) / 1e6;
  await control.stop();
  const floor = percentile(controlLatencies, 99);
  agent.destroy();
  await new Promise((resolve) => setTimeout(resolve, FLUSH_WAIT_MS));

  const truePeak = Math.max(0, ...[...present.values()].map((set) => set.size));
  const from = new Date(began - 60_000).toISOString();
  const to = new Date(Date.now() + 60_000).toISOString();
  const stats = await fetch(
    `${livent.url}/api/events/${eventId}/stats?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    { headers: { authorization: `Bearer ${owner.tokens.access.token}` } },
  );
  const { totals } = (await stats.json()) as { totals: { peakViewers: number; pageviews: number } };

  const all = KINDS.flatMap((kind) => latencies.get(kind) ?? []);
  const p99 = percentile(all, 99);
  const ok = (key: string) => /^\S+ (2\d\d|304)$/.test(key);
  const limited = [...statuses].filter(([key]) => key.endsWith(' 429'));
  const wrong = [...statuses].filter(([key]) => !ok(key) && !key.endsWith(' 429'));
  const count = (entries: [string, number][]) => entries.reduce((sum, [, n]) => sum + n, 0);
  const messages = Math.ceil(VIEWERS / MESSAGE_EVERY);
  console.log(
    `\nEvent start: ${VIEWERS} viewers within ${ARRIVAL_MS / 1000} s, each loading the page and ${assets.length} files, a pageview, ${BEATS} heartbeats ${HEARTBEAT_MS / 1000} s apart; ${messages} messages (${all.length} requests in ${seconds.toFixed(0)} s)`,
  );
  for (const kind of KINDS) {
    const values = latencies.get(kind) ?? [];
    console.log(
      `  ${kind.padEnd(8)} ${String(values.length).padStart(6)} requests   p50 ${percentile(values, 50).toFixed(1).padStart(6)} ms   p99 ${percentile(values, 99).toFixed(1).padStart(6)} ms`,
    );
    recordResult({
      name: `event start: ${kind}`,
      value: values.length,
      unit: 'requests',
      p99Ms: percentile(values, 99),
    });
  }
  const withinBudget = p99 < P99_BUDGET_MS;
  console.log(
    `  all      ${String(all.length).padStart(6)} requests   p99 ${p99.toFixed(1)} ms (budget < ${P99_BUDGET_MS} ms: ${withinBudget ? 'met' : 'NOT met'})`,
  );
  console.log(
    `  server CPU ${cpuSeconds.toFixed(1)} s in ${seconds.toFixed(0)} s (${((cpuSeconds / seconds) * 100).toFixed(0)}% of one core), ${((cpuSeconds * 1e6) / all.length).toFixed(0)} µs per request`,
  );
  console.log(
    `  bare node:http probed alongside every 20 ms: p99 ${floor.toFixed(1)} ms (what the machine and the client add); the client's event loop lagged p99 ${lagP99.toFixed(1)} ms`,
  );
  console.log(
    `  answers by status: ${[...statuses]
      .sort()
      .map(([key, n]) => `${key}: ${n}`)
      .join(', ')}`,
  );
  console.log(
    `  429 (allowed): ${count(limited)}; other errors: ${count(wrong)}; pageviews counted ${totals.pageviews} of ${acceptedViews} accepted`,
  );
  console.log(
    `  peak concurrent: counted ${totals.peakViewers}, true ${truePeak} (by the minute each accepted hit was answered in; a hit answered across a minute's edge may land in the next)`,
  );
  recordResult({
    name: 'event start: all requests',
    value: all.length / seconds,
    unit: 'req/s',
    p99Ms: p99,
    budget: { p99BelowMs: P99_BUDGET_MS },
    note: `${VIEWERS} viewers in ${ARRIVAL_MS / 1000} s, ${all.length} requests; server CPU ${((cpuSeconds / seconds) * 100).toFixed(0)}% of a core; bare node:http probed alongside: p99 ${floor.toFixed(1)} ms; client loop lag p99 ${lagP99.toFixed(0)} ms`,
  });
  recordResult({
    name: 'event start: answers other than success and 429',
    value: count(wrong),
    unit: 'answers',
    budget: { atMost: 0 },
    note: `${count(limited)} × 429${wrong.length > 0 ? `; ${wrong.map(([key, n]) => `${key}: ${n}`).join(', ')}` : ''}`,
  });
  const peakClose = Math.abs(totals.peakViewers - truePeak) <= truePeak * 0.01;
  recordResult({
    name: 'event start: counted peak viewers',
    value: totals.peakViewers,
    unit: 'viewers',
    budgetText: 'true peak ± 1%',
    met: peakClose,
    note: `true ${truePeak}; pageviews counted ${totals.pageviews} of ${acceptedViews}`,
  });
  // Timings are reported, not asserted (scripts/bench.mjs); wrong answers and miscounts fail.
  if (count(wrong) > 0 || totals.pageviews !== acceptedViews || !peakClose) process.exitCode = 1;
} finally {
  agent.destroy();
  await livent.stop();
}
