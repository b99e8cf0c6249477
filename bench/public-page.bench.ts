// The cached public event page (GET /{slug} on the events host) against a bare node:http server
// sending the same bytes, the page's response headers included, side by side in one run
// (docs/architecture.md, "Performance budgets": at least 0.85 of its throughput; ADR 029). It
// also prints the server's CPU time per request (from /proc), which a busy machine leaves nearly
// fair, for bare node:http with and without those headers, a hello-world Fastify sending them
// (the floor of the stack) and Livent.
//
// BENCH_CPU_PROF=DIR writes a CPU profile of the server into DIR (`node --cpu-prof`).
// BENCH_LOG_LEVEL sets the server's LOG_LEVEL: `info` by default, the production default (one
// line per request, piped to a reader); `silent` leaves it out.
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compare, cpuPerRequest, report, reportCpu } from './lib/load.js';
import {
  insertBenchEvent,
  ownResponseHeaders,
  registerBenchOwner,
  startBareServer,
  startHelloFastify,
  startLivent,
} from './lib/processes.js';

const BUDGET = 0.85;

/** GET with a Host header of our choosing (fetch does not let us set it). */
function get(
  url: string,
  host: string,
): Promise<{ status: number; body: string; type: string; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          type: String(res.headers['content-type'] ?? ''),
          headers: Object.fromEntries(
            Object.entries(res.headers).flatMap(([name, value]) =>
              typeof value === 'string' ? [[name, value]] : [],
            ),
          ),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const dir = mkdtempSync(join(tmpdir(), 'livent-bench-public-'));
const databaseFile = join(dir, 'livent.db');
const profileDir = process.env.BENCH_CPU_PROF;
const logLevel = process.env.BENCH_LOG_LEVEL ?? 'info';
const livent = await startLivent(
  { DATABASE_URL: `file:${databaseFile}`, LOG_LEVEL: logLevel },
  profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
);
try {
  const port = new URL(livent.url).port;
  const host = `events.localhost:${port}`;
  // An account through the API, then an event with a realistic page straight into the database.
  const { user } = await registerBenchOwner(livent.url);
  insertBenchEvent(databaseFile, user.id, 'bench-launch');

  const pageUrl = `${livent.url}/bench-launch`;
  const sample = await get(pageUrl, host);
  if (sample.status !== 200) throw new Error(`the page answered ${sample.status}`);
  // The same bytes as the page, headers included: every answer of the events origin must carry
  // its security policy, caching and ETag headers (ADR 017, ADR 021), and they cost any server
  // that sends them, bare `node:http` too (ADR 029).
  const pageHeaders = ownResponseHeaders(sample.headers);
  const headerCount = Object.keys(pageHeaders).length;
  const bare = await startBareServer(sample.body, sample.type, pageHeaders);
  const bareWithoutHeaders = await startBareServer(sample.body, sample.type);
  const hello = await startHelloFastify(sample.body, sample.type, pageHeaders);
  try {
    const result = await compare(bare.url, pageUrl, 3, { headers: { host } });
    report(
      `GET /{slug} on the events host, cached (${sample.body.length} bytes and ${headerCount} headers, 50 connections, LOG_LEVEL=${logLevel}), against bare node:http sending the same bytes`,
      result,
      BUDGET,
      { label: 'cached public page' },
    );
    // Timings are reported, not asserted (scripts/bench.mjs); error answers fail the run.
    if (result.target.non2xx > 0 || result.target.errors > 0) process.exitCode = 1;
    // Informative: bare node:http with only its own two headers, and the framework's floor.
    const withoutHeaders = await compare(bareWithoutHeaders.url, pageUrl, 3, { headers: { host } });
    report(
      `The same, against bare node:http sending the body without the page's ${headerCount} headers (informative)`,
      withoutHeaders,
      undefined,
      { label: 'cached public page, against bare without its headers' },
    );
    const headers = { host };
    reportCpu(
      [
        [
          `bare node:http, the page's ${headerCount} headers`,
          await cpuPerRequest(bare, bare.url, headers),
        ],
        [
          'bare node:http without the headers',
          await cpuPerRequest(bareWithoutHeaders, bareWithoutHeaders.url, headers),
        ],
        ['hello-world Fastify, the same headers', await cpuPerRequest(hello, hello.url, headers)],
        ['livent', await cpuPerRequest(livent, pageUrl, headers)],
      ],
      'cached public page, server CPU',
    );
  } finally {
    await bare.stop();
    await bareWithoutHeaders.stop();
    await hello.stop();
  }
} finally {
  await livent.stop();
}
