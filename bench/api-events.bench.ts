// The signed-in GET /api/events (five events) against a bare node:http server sending the same
// bytes, the answer's headers included (ADR 029), side by side in one run (docs/architecture.md, "Performance budgets": at least 0.4 of its
// throughput, p99 under 20 ms at 50 connections; ADR 020).
//
// BENCH_CPU_PROF=DIR writes a CPU profile of the server into DIR (`node --cpu-prof`).
// BENCH_LOG_LEVEL sets the server's LOG_LEVEL: `info` by default, the production default, so the
// request log line counts as it does in production (piped to a reader, bench/lib/processes.ts);
// `silent` leaves it out (ADR 020 measured both).
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { compare, cpuPerRequest, report, reportCpu } from './lib/load.js';
import {
  ownResponseHeaders,
  registerBenchOwner,
  startBareServer,
  startHelloFastify,
  startLivent,
} from './lib/processes.js';

const BUDGET = 0.4;
const P99_BUDGET_MS = 20;
const EVENTS = 5;

const dir = mkdtempSync(join(tmpdir(), 'livent-bench-api-'));
const databaseFile = join(dir, 'livent.db');
const profileDir = process.env.BENCH_CPU_PROF;
const logLevel = process.env.BENCH_LOG_LEVEL ?? 'info';
const livent = await startLivent(
  { DATABASE_URL: `file:${databaseFile}`, LOG_LEVEL: logLevel },
  profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
);
try {
  const { user, tokens } = await registerBenchOwner(livent.url);
  // The events straight into the database: creating them needs a verified address.
  const db = new Database(databaseFile);
  const insert = db.prepare(
    'INSERT INTO events (id, owner_id, slug, title, settings, version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?)',
  );
  for (let index = 0; index < EVENTS; index += 1) {
    const at = new Date(Date.now() - index * 60_000).toISOString();
    insert.run(randomUUID(), user.id, `bench-${index}`, `Bench event ${index}`, '{}', at, at);
  }
  db.close();

  const url = `${livent.url}/api/events`;
  // Access tokens live 15 minutes, far longer than the run.
  const headers = { authorization: `Bearer ${tokens.access.token}` };
  const sample = await fetch(url, { headers });
  const body = await sample.text();
  if (sample.status !== 200) throw new Error(`GET /api/events answered ${sample.status}: ${body}`);
  const listed = JSON.parse(body) as unknown[];
  if (listed.length !== EVENTS) throw new Error(`expected ${EVENTS} events, got ${listed.length}`);

  // The same bytes as the answer, headers included: every API answer carries helmet's security
  // headers, the rate limit's and the cache's (ADR 020), and they cost any server that sends
  // them, bare `node:http` too (ADR 029).
  const contentType = sample.headers.get('content-type') ?? 'application/json';
  const ownHeaders = ownResponseHeaders(sample.headers);
  const headerCount = Object.keys(ownHeaders).length;
  const bare = await startBareServer(body, contentType, ownHeaders);
  const bareWithoutHeaders = await startBareServer(body, contentType);
  const hello = await startHelloFastify(body, contentType, ownHeaders);
  try {
    const result = await compare(bare.url, url, 3, { headers });
    report(
      `GET /api/events signed in (${EVENTS} events, ${body.length} bytes and ${headerCount} headers, 50 connections, LOG_LEVEL=${logLevel}), against bare node:http sending the same bytes`,
      result,
      BUDGET,
      { label: 'GET /api/events signed in', p99BudgetMs: P99_BUDGET_MS },
    );
    const p99 = result.target.p99Ms;
    console.log(
      `  p99 ${p99} ms (budget < ${P99_BUDGET_MS} ms: ${p99 < P99_BUDGET_MS ? 'met' : 'NOT met'})`,
    );
    // Informative: bare node:http with only its own two headers, and the framework's floor.
    const withoutHeaders = await compare(bareWithoutHeaders.url, url, 3, { headers });
    report(
      `The same, against bare node:http sending the body without the ${headerCount} headers (informative)`,
      withoutHeaders,
      undefined,
      { label: 'GET /api/events, against bare without its headers' },
    );
    reportCpu(
      [
        [
          `bare node:http, the same ${headerCount} headers`,
          await cpuPerRequest(bare, bare.url, headers),
        ],
        [
          'bare node:http without the headers',
          await cpuPerRequest(bareWithoutHeaders, bareWithoutHeaders.url, headers),
        ],
        [`hello-world Fastify, the same headers`, await cpuPerRequest(hello, hello.url, headers)],
        ['livent', await cpuPerRequest(livent, url, headers)],
      ],
      'GET /api/events, server CPU',
    );
    // Timings are reported, not asserted (noisy machines); wrong answers fail the run.
    if (result.target.non2xx > 0 || result.target.errors > 0) {
      console.log('  the server answered with errors during the run');
      process.exitCode = 1;
    }
  } finally {
    await bare.stop();
    await bareWithoutHeaders.stop();
    await hello.stop();
  }
} finally {
  await livent.stop();
}
