// Two builds of the server side by side: the server CPU time per request (from /proc) of build A
// and build B on the same scenario, in alternating rounds, with their medians. This is how ADR 020
// (third pass) judged each change on a shared machine where throughput is noise.
//
//   node --import tsx bench/ab-builds.ts <api|page> <A main.js> <B main.js> [rounds] [LOG_LEVEL]
//
// e.g. a copy of apps/server/dist from before a change against the current one:
//   cp -r apps/server/dist apps/server/dist-a   (before the change, beside dist so that it finds
//   the same packages and files; delete it afterwards)   ...change, build...
//   node --import tsx bench/ab-builds.ts api apps/server/dist-a/main.js apps/server/dist/main.js
// LOG_LEVEL is `info` by default; BENCH_LOG_LEVEL_B gives B another one (what the log costs).
// BENCH_CPU_PROF=DIR writes a CPU profile of both servers into DIR.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { load } from './lib/load.js';
import { registerBenchOwner, startLivent, type RunningServer } from './lib/processes.js';

const [scenario, entryA, entryB, roundsArgument, level] = process.argv.slice(2);
if ((scenario !== 'api' && scenario !== 'page') || !entryA || !entryB) {
  console.error(
    'usage: bench/ab-builds.ts <api|page> <A main.js> <B main.js> [rounds] [LOG_LEVEL]',
  );
  process.exit(2);
}
const rounds = Number(roundsArgument ?? 5);
const logLevel = level ?? 'info';
const profileDir = process.env.BENCH_CPU_PROF;

interface Target {
  server: RunningServer;
  url: string;
  headers: Record<string, string>;
}

const insertEvent =
  'INSERT INTO events (id, owner_id, slug, title, settings, version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?)';

/** A server of `entry` on its own database with the scenario's data: five events, or one page. */
async function start(entry: string, serverLogLevel: string): Promise<Target> {
  const databaseFile = join(mkdtempSync(join(tmpdir(), 'livent-ab-')), 'livent.db');
  const server = await startLivent(
    { DATABASE_URL: `file:${databaseFile}`, LOG_LEVEL: serverLogLevel },
    profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    entry,
  );
  const { user, tokens } = await registerBenchOwner(server.url);
  const db = new Database(databaseFile);
  try {
    if (scenario === 'api') {
      for (let index = 0; index < 5; index += 1) {
        const at = new Date(Date.now() - index * 60_000).toISOString();
        db.prepare(insertEvent).run(
          randomUUID(),
          user.id,
          `ab-${index}`,
          `AB ${index}`,
          '{}',
          at,
          at,
        );
      }
      const headers = { authorization: `Bearer ${tokens.access.token}` };
      return { server, url: `${server.url}/api/events`, headers };
    }
    const now = new Date().toISOString();
    const settings = { headline: 'A/B', content: 'https://example.com/faq', messagesEnabled: true };
    db.prepare(insertEvent).run(
      randomUUID(),
      user.id,
      'ab-page',
      'A/B',
      JSON.stringify(settings),
      now,
      now,
    );
    const headers = { host: `events.localhost:${new URL(server.url).port}` };
    return { server, url: `${server.url}/ab-page`, headers };
  } finally {
    db.close();
  }
}

async function cpuPerRequest(target: Target, seconds = 3): Promise<number> {
  const before = target.server.cpuMs();
  const run = await load(target.url, { headers: target.headers, seconds });
  const after = target.server.cpuMs();
  if (run.non2xx > 0 || run.errors > 0) throw new Error(`${target.url} answered with errors`);
  if (before === undefined || after === undefined) throw new Error('no /proc on this machine');
  return ((after - before) * 1000) / run.total;
}

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const a = await start(entryA, logLevel);
const b = await start(entryB, process.env.BENCH_LOG_LEVEL_B ?? logLevel);
try {
  // Warm-up: the first seconds include compiling the hot paths and filling the caches.
  await cpuPerRequest(a);
  await cpuPerRequest(b);
  const resultsA: number[] = [];
  const resultsB: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    resultsA.push(await cpuPerRequest(a));
    resultsB.push(await cpuPerRequest(b));
    console.log(
      `round ${round + 1}: A ${resultsA.at(-1)?.toFixed(1)} µs   B ${resultsB.at(-1)?.toFixed(1)} µs`,
    );
  }
  const [medianA, medianB] = [median(resultsA), median(resultsB)];
  console.log(
    `${scenario}, LOG_LEVEL=${logLevel}: server CPU per request, median A ${medianA.toFixed(1)} µs, B ${medianB.toFixed(1)} µs (B − A ${(medianB - medianA).toFixed(1)} µs)`,
  );
} finally {
  await a.server.stop();
  await b.server.stop();
}
