// The cached public event page (GET /{slug} on the events host) against a bare node:http server
// sending the same bytes, side by side in one run (docs/architecture.md, "Performance
// budgets": at least 0.85 of its throughput).
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { compare, report } from './lib/load.js';
import { registerBenchOwner, startBareServer, startLivent } from './lib/processes.js';

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
const livent = await startLivent({ DATABASE_URL: `file:${databaseFile}` });
try {
  const port = new URL(livent.url).port;
  const host = `events.localhost:${port}`;
  // An account through the API, then an event with a realistic page straight into the database.
  const { user } = await registerBenchOwner(livent.url);
  const db = new Database(databaseFile);
  const now = new Date().toISOString();
  db.prepare(
    'INSERT INTO events (id, owner_id, slug, title, settings, version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?)',
  ).run(
    randomUUID(),
    user.id,
    'bench-launch',
    'Product Launch',
    JSON.stringify({
      headline: 'Product Launch 2027: live from Berlin',
      introduction: 'Join us for an hour of announcements, demos and a live Q&A.',
      agenda: '17:00 Keynote\n17:25 Demos\n18:00 Q&A',
      content: 'Read the FAQ at https://example.com/faq.',
      playerLink: 'https://player.example.com/live',
      messagesEnabled: true,
      menuItems: [{ name: 'Programme', link: 'https://example.com/p', newWindow: false }],
    }),
    now,
    now,
  );
  db.close();

  const pageUrl = `${livent.url}/bench-launch`;
  const sample = await get(pageUrl, host);
  if (sample.status !== 200) throw new Error(`the page answered ${sample.status}`);
  const bare = await startBareServer(sample.body, sample.type);
  try {
    const result = await compare(bare.url, pageUrl, 3, { headers: { host } });
    const met = report(
      `GET /{slug} on the events host, cached (${sample.body.length} bytes, 50 connections)`,
      result,
      BUDGET,
    );
    if (!met || result.target.non2xx > 0 || result.target.errors > 0) process.exitCode = 1;
  } finally {
    await bare.stop();
  }
  // Where the gap is: the same bare server sending the page's own response headers too (the
  // security policy, caching, ETag). The budget stays on the baseline above; this line only says
  // how much of the difference is the headers every answer must carry.
  const pageHeaders = Object.fromEntries(
    Object.entries(sample.headers).filter(
      ([name]) =>
        !['date', 'connection', 'keep-alive', 'content-length', 'content-type'].includes(name),
    ),
  );
  const bareWithHeaders = await startBareServer(sample.body, sample.type, pageHeaders);
  try {
    const result = await compare(bareWithHeaders.url, pageUrl, 3, { headers: { host } });
    report(
      `The same, against bare node:http sending the page's ${Object.keys(pageHeaders).length} response headers too (informative)`,
      result,
    );
  } finally {
    await bareWithHeaders.stop();
  }
} finally {
  await livent.stop();
}
