// Invitations at scale (ADR 026, "Import"; docs/architecture.md, "Performance budgets"): the CSV
// import of 10,000 rows (budget: well under 3 s) and of 100,000 rows, then the export of those
// 100,000 as a stream, sampling the server's resident memory while the download runs (it should
// stay flat: the export reads in batches and writes as it goes), and the invitation mails to all
// of them ("Invitation and registration emails": rendered once, queued in batches of 500; the
// server has no SMTP_URL, so they stay in the outbox). On SQLite always; on PostgreSQL
// too when BENCH_POSTGRES_URL names a server where the bench may create a database of its own.
// The export's memory budget: the server's resident memory grows by less than the file it sent,
// so it never held the file.
// Last, the p99 of `/api/health` and of the public page while an import of 100,000 rows runs
// (budget: under 200 ms; ADR 046).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import pg from 'pg';
import { registerBenchOwner, startLivent, type RunningServer } from './lib/processes.js';
import { latenciesDuring, percentile, timedGet } from './lib/probes.js';
import { recordResult } from './lib/summary.js';

const SIZES = [10_000, 100_000];

/** The server's CPU time of the last import: fair on a busy shared machine, unlike the wall clock. */
let cpu = Number.NaN;

function csvOf(rows: number, prefix: string): Buffer {
  const lines = ['name,email'];
  for (let index = 0; index < rows; index += 1) {
    lines.push(`Guest ${index},${prefix}-${index}@example.com`);
  }
  return Buffer.from(lines.join('\n'));
}

function multipart(file: Buffer, fields: Record<string, string>): { body: Buffer; type: string } {
  const boundary = `bench-${randomUUID()}`;
  const body = Buffer.concat([
    ...Object.entries(fields).map(([name, value]) =>
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

/** Resident memory of a process from /proc (Linux), in MB. */
function rssMb(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return kb / 1024;
  } catch {
    return Number.NaN;
  }
}

async function importRows(
  server: RunningServer,
  auth: Record<string, string>,
  eventId: string,
  rows: number,
  passwordMode = 'default',
): Promise<number> {
  const { body, type } = multipart(csvOf(rows, `g${rows}`), { passwordMode });
  const cpuBefore = server.cpuMs();
  const start = performance.now();
  const response = await fetch(`${server.url}/api/events/${eventId}/invitations/import`, {
    method: 'POST',
    headers: { ...auth, 'content-type': type },
    body,
  });
  const elapsed = performance.now() - start;
  cpu = (server.cpuMs() ?? Number.NaN) - (cpuBefore ?? Number.NaN);
  const report = (await response.json()) as { added?: number; updated?: number };
  const done = passwordMode === 'generate' ? report.updated : report.added;
  if (response.status !== 200 || done !== rows) {
    throw new Error(
      `import of ${rows} answered ${response.status}: ${JSON.stringify(report).slice(0, 200)}`,
    );
  }
  return elapsed;
}

/** Downloads the export, sampling the server's memory; answers rows, time and RSS figures. */
function exportRows(
  server: RunningServer,
  auth: Record<string, string>,
  eventId: string,
): Promise<{ lines: number; bytes: number; ms: number; before: number; peak: number }> {
  const before = rssMb(server.pid);
  let peak = before;
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 20);
    get(`${server.url}/api/events/${eventId}/invitations/export`, { headers: auth }, (res) => {
      if (res.statusCode !== 200) {
        clearInterval(sampler);
        reject(new Error(`export answered ${res.statusCode}`));
        return;
      }
      let lines = 0;
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        for (const byte of chunk) if (byte === 0x0a) lines += 1;
      });
      res.on('end', () => {
        clearInterval(sampler);
        resolve({ lines, bytes, ms: performance.now() - start, before, peak });
      });
      res.on('error', reject);
    }).on('error', reject);
  });
}

/** Queues the invitation mails to every invitation of the event; answers the time taken. */
async function sendAll(
  server: RunningServer,
  auth: Record<string, string>,
  eventId: string,
  rows: number,
): Promise<number> {
  const cpuBefore = server.cpuMs();
  const start = performance.now();
  const response = await fetch(`${server.url}/api/events/${eventId}/invitations/send`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ mode: 'all' }),
  });
  const elapsed = performance.now() - start;
  cpu = (server.cpuMs() ?? Number.NaN) - (cpuBefore ?? Number.NaN);
  const result = (await response.json()) as { queued?: number };
  if (response.status !== 200 || result.queued !== rows) {
    throw new Error(`send to ${rows} answered ${response.status}: ${JSON.stringify(result)}`);
  }
  return elapsed;
}

async function run(
  label: string,
  server: RunningServer,
  insertEvent: (event: Event) => Promise<void>,
  /** Puts the owner on a plan with INVITATION_EMAILS. */
  allowMails: (ownerId: string) => Promise<void>,
) {
  const owner = await registerBenchOwner(server.url);
  await allowMails(owner.user.id);
  const auth = { authorization: `Bearer ${owner.tokens.access.token}` };
  const figures: string[] = [];
  for (const rows of SIZES) {
    const eventId = randomUUID();
    await insertEvent({ id: eventId, ownerId: owner.user.id, slug: `bench-import-${rows}` });
    // A small import into another event first warms the code paths; the fresh event's counts.
    const warmId = randomUUID();
    await insertEvent({ id: warmId, ownerId: owner.user.id, slug: `bench-warm-${rows}` });
    await importRows(server, auth, warmId, Math.min(rows, 1000));
    const ms = await importRows(server, auth, eventId, rows);
    figures.push(
      `  import ${rows.toLocaleString('en')} rows: ${ms.toFixed(0)} ms (server CPU ${cpu.toFixed(0)} ms)`,
    );
    recordResult({
      name: `${label}: CSV import of ${rows.toLocaleString('en')} invitations`,
      value: ms / 1000,
      unit: 's',
      ...(rows === 10_000 ? { budget: { below: 3 } } : {}),
      note: `server CPU ${(cpu / 1000).toFixed(2)} s`,
    });
    // The same file again with new passwords for all: every row an update.
    const updateMs = await importRows(server, auth, eventId, rows, 'generate');
    figures.push(
      `  re-import ${rows.toLocaleString('en')} rows, all updated: ${updateMs.toFixed(0)} ms (server CPU ${cpu.toFixed(0)} ms)`,
    );
    recordResult({
      name: `${label}: re-import of ${rows.toLocaleString('en')}, all updated`,
      value: updateMs / 1000,
      unit: 's',
      note: `server CPU ${(cpu / 1000).toFixed(2)} s`,
    });
    const sendMs = await sendAll(server, auth, eventId, rows);
    figures.push(
      `  send ${rows.toLocaleString('en')} invitation mails: ${sendMs.toFixed(0)} ms (server CPU ${cpu.toFixed(0)} ms)`,
    );
    recordResult({
      name: `${label}: queue ${rows.toLocaleString('en')} invitation mails`,
      value: sendMs / 1000,
      unit: 's',
      note: `server CPU ${(cpu / 1000).toFixed(2)} s`,
    });
    if (rows === Math.max(...SIZES)) {
      const exported = await exportRows(server, auth, eventId);
      figures.push(
        `  export ${(exported.lines - 1).toLocaleString('en')} rows: ${exported.ms.toFixed(0)} ms, server RSS ${exported.before.toFixed(0)} MB before, peak ${exported.peak.toFixed(0)} MB (+${(exported.peak - exported.before).toFixed(0)} MB)`,
      );
      recordResult({
        name: `${label}: CSV export of ${(exported.lines - 1).toLocaleString('en')} invitations`,
        value: exported.ms / 1000,
        unit: 's',
        note: `${(exported.bytes / 1024 / 1024).toFixed(1)} MB sent`,
      });
      recordResult({
        name: `${label}: server memory growth during the export`,
        value: exported.peak - exported.before,
        unit: 'MB',
        budget: { below: Number((exported.bytes / 1024 / 1024).toFixed(1)) },
        budgetText: `< the file (${(exported.bytes / 1024 / 1024).toFixed(1)} MB)`,
        note: `RSS ${exported.before.toFixed(0)} MB before, peak ${exported.peak.toFixed(0)} MB`,
      });
    }
  }
  figures.push(...(await responsiveness(label, server, owner.user.id, auth, insertEvent)));
  console.log(`${label}\n${figures.join('\n')}`);
}

/**
 * `/api/health` and the public page while a maximum-size import runs: each p99 under 200 ms
 * (docs/quality.md; ADR 046: the file is read and planned in a worker, the rows written in
 * batches that leave the database to others in between).
 */
async function responsiveness(
  label: string,
  server: RunningServer,
  ownerId: string,
  auth: Record<string, string>,
  insertEvent: (event: Event) => Promise<void>,
): Promise<string[]> {
  const eventId = randomUUID();
  const slug = 'bench-import-responsive';
  await insertEvent({ id: eventId, ownerId, slug });
  const page = {
    url: `${server.url}/${slug}`,
    host: `events.localhost:${new URL(server.url).port}`,
  };
  await timedGet(page.url, page.host);
  const rows = Math.max(...SIZES);
  const latencies = await latenciesDuring(importRows(server, auth, eventId, rows), {
    '/api/health': { url: `${server.url}/api/health` },
    'the public page': page,
  });
  return Object.entries(latencies).map(([name, values]) => {
    const p99 = percentile(values, 0.99);
    recordResult({
      name: `${label}: ${name} during an import of ${rows.toLocaleString('en')}`,
      value: p99,
      unit: 'ms',
      p99Ms: p99,
      budget: { p99BelowMs: 200 },
      note: `${values.length} requests, max ${Math.max(...values).toFixed(0)} ms`,
    });
    return `  ${name} during the import of ${rows.toLocaleString('en')} rows: p99 ${p99.toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms (${values.length} requests)`;
  });
}

interface Event {
  id: string;
  ownerId: string;
  slug: string;
}

const INSERT_EVENT =
  'INSERT INTO events (id, owner_id, slug, title, settings, version, created_at, updated_at) VALUES ';

{
  const file = join(mkdtempSync(join(tmpdir(), 'livent-bench-import-')), 'livent.db');
  const server = await startLivent({ DATABASE_URL: `file:${file}` });
  try {
    await run(
      'SQLite',
      server,
      async (event) => {
        const db = new Database(file);
        const now = new Date().toISOString();
        db.prepare(`${INSERT_EVENT}(?, ?, ?, ?, '{}', 1, ?, ?)`).run(
          event.id,
          event.ownerId,
          event.slug,
          'Import bench',
          now,
          now,
        );
        db.close();
      },
      async (ownerId) => {
        const db = new Database(file);
        db.prepare(`UPDATE users SET plan = 'professional' WHERE id = ?`).run(ownerId);
        db.close();
      },
    );
  } finally {
    await server.stop();
  }
}

const postgresUrl = process.env.BENCH_POSTGRES_URL;
if (postgresUrl) {
  const name = `livent_bench_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const server = await startLivent({ DATABASE_URL: url.toString() });
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await run(
      'PostgreSQL',
      server,
      async (event) => {
        const now = new Date().toISOString();
        await client.query(`${INSERT_EVENT}($1, $2, $3, $4, '{}', 1, $5, $6)`, [
          event.id,
          event.ownerId,
          event.slug,
          'Import bench',
          now,
          now,
        ]);
      },
      async (ownerId) => {
        await client.query(`UPDATE users SET plan = 'professional' WHERE id = $1`, [ownerId]);
      },
    );
  } finally {
    await client.end();
    await server.stop();
    await admin.query(`DROP DATABASE ${name}`);
    await admin.end();
  }
} else {
  console.log(
    'PostgreSQL: skipped (set BENCH_POSTGRES_URL, e.g. postgres://app@127.0.0.1:55433/postgres)',
  );
}
