// Viewers' messages through the public page (POST /{slug}/_messages on the events host, as the
// viewer script sends them: JSON with a fresh key per submit, from a browser that has no viewer
// cookie yet, so each is a new viewer) against a bare node:http server sending the same bytes,
// headers included (ADR 029), side by side in one run. No budget of its own in
// docs/architecture.md: the ratio and p99 are reported for the table.
//
// All requests come from one address: the bench's server (lib/messages-server.mjs) raises the
// per-address message limit as RATE_LIMIT_MAX raises the API-wide one; a 429 would still show as
// a non-2xx answer and fail the run.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type autocannon from 'autocannon';
import { compare, cpuPerRequest, report, reportCpu } from './lib/load.js';
import {
  insertBenchEvent,
  ownResponseHeaders,
  registerBenchOwner,
  startBareServer,
  startLivent,
} from './lib/processes.js';

const dir = mkdtempSync(join(tmpdir(), 'livent-bench-viewer-messages-'));
const databaseFile = join(dir, 'livent.db');
const livent = await startLivent(
  { DATABASE_URL: `file:${databaseFile}`, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' },
  [],
  'bench/lib/messages-server.mjs',
);

/** A message as the viewer script sends it, each with its own key. */
const body = () =>
  JSON.stringify({
    name: 'Viewer',
    text: 'Will the recording be available after the event?',
    key: randomUUID(),
  });

function post(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string; type: string; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers }, (res) => {
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
    req.end(body());
  });
}

try {
  const port = new URL(livent.url).port;
  const host = `events.localhost:${port}`;
  const owner = await registerBenchOwner(livent.url);
  insertBenchEvent(databaseFile, owner.user.id, 'bench-qa', {
    title: 'Q&A',
    settings: { messagesEnabled: true },
  });

  const path = '/bench-qa/_messages';
  const headers = {
    host,
    'content-type': 'application/json',
    origin: `http://${host}`,
    'user-agent':
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  };
  const sample = await post(`${livent.url}${path}`, headers);
  if (sample.status !== 201) {
    throw new Error(`the message answered ${sample.status}: ${sample.body}`);
  }
  // The same bytes, its viewer cookie included: one fixed answer, as a cached one would be.
  const ownHeaders = ownResponseHeaders(sample.headers);
  const headerCount = Object.keys(ownHeaders).length;
  const bare = await startBareServer(sample.body, sample.type, ownHeaders);
  const requests: autocannon.Request[] = [
    { method: 'POST', path, headers, setupRequest: (req) => ({ ...req, body: body() }) },
  ];
  try {
    const result = await compare(bare.url, `${livent.url}${path}`, 3, { extra: { requests } });
    report(
      `POST /{slug}/_messages, a viewer's message (${sample.body.length} bytes and ${headerCount} headers back, 50 connections), against bare node:http sending the same bytes`,
      result,
      undefined,
      { label: 'viewer message submission' },
    );
    reportCpu(
      [
        [
          `bare node:http, the same ${headerCount} headers`,
          await cpuPerRequest(bare, bare.url, {}, { requests }),
        ],
        ['livent', await cpuPerRequest(livent, `${livent.url}${path}`, headers, { requests })],
      ],
      'viewer message submission, server CPU',
    );
    // Timings are reported, not asserted (scripts/bench.mjs); error answers fail the run.
    if (result.target.non2xx > 0 || result.target.errors > 0) process.exitCode = 1;
  } finally {
    await bare.stop();
  }
} finally {
  await livent.stop();
}
