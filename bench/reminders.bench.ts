// Reminders at scale (docs/decisions/065-reminders-and-follow-up.md): one reminder to 100,000
// registrants queued by the scheduler in under 10 s (budget), while the public page's p99 stays
// under 100 ms (budget). The server has no SMTP_URL: the mails stay in the outbox, which is what
// "queued" means; the mail worker sends them at the mail server's pace later.
//
// On SQLite, the production build. The registrations and an event whose reminder falls due at
// once are written straight to the database; the scheduler's next round (once a minute) queues
// them. A probe of the public page runs every 20 ms from a warm-up before the round until 5 s
// after it: the samples started while the round ran are the load's, the others — before and after
// it, in the same run — the baseline. `REMINDER_GUESTS` shrinks the list.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { insertBenchEvent, registerBenchOwner, startLivent } from './lib/processes.js';
import { percentile, samplesDuring, timedGet, type Sample } from './lib/probes.js';
import { recordResult } from './lib/summary.js';

const GUESTS = Number(process.env.REMINDER_GUESTS ?? 100_000);
const OFFSET_MINUTES = 30;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An event whose reminder OFFSET_MINUTES before the start is due now, with GUESTS registrations. */
function insertRemindedEvent(file: string, ownerId: string): string {
  const db = new Database(file);
  const id = randomUUID();
  const now = new Date();
  // The start, in UTC to the minute, OFFSET_MINUTES from this minute: the reminder is due now.
  const start = new Date(Math.floor(now.getTime() / 60_000) * 60_000 + OFFSET_MINUTES * 60_000);
  const settings = {
    accessMode: 'registration',
    startMode: 'datetime',
    startDate: start.toISOString().slice(0, 10),
    startTime: start.toISOString().slice(11, 16),
    timeZone: 'UTC',
    reminderOffsets: [OFFSET_MINUTES],
  };
  const at = now.toISOString();
  const insertRegistration = db.prepare(
    `INSERT INTO registrations (id, event_id, name, email, fields, token, verified_at, mail_id, created_at, language)
     VALUES (?, ?, ?, ?, '{}', ?, ?, NULL, ?, ?)`,
  );
  db.transaction(() => {
    db.prepare(
      'INSERT INTO events (id, owner_id, slug, title, settings, version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?)',
    ).run(id, ownerId, 'bench-reminders', 'Reminder bench', JSON.stringify(settings), at, at);
    for (let index = 0; index < GUESTS; index += 1) {
      insertRegistration.run(
        randomUUID(),
        id,
        `Guest ${index}`,
        `guest-${index}@example.com`,
        randomUUID().replaceAll('-', ''),
        at,
        at,
        // One in ten registered on a German page: the round sends in both languages.
        index % 10 === 0 ? 'de' : null,
      );
    }
  })();
  db.close();
  return id;
}

/** Waits until the event's reminder went to every guest; answers when the round began and ended. */
async function roundOf(file: string, eventId: string): Promise<{ began: number; ended: number }> {
  const db = new Database(file, { readonly: true });
  try {
    const count = db.prepare('SELECT count(*) AS n FROM reminder_sends WHERE event_id = ?');
    // A minute for the scheduler's next round, and the time to queue.
    const deadline = Date.now() + 180_000;
    while ((count.get(eventId) as { n: number }).n < GUESTS) {
      if (Date.now() > deadline) throw new Error('the reminders were not all queued in time');
      await sleep(100);
    }
    // The round's start is the reminder rows' time; its end the last mail's.
    const { began } = db
      .prepare('SELECT min(created_at) AS began FROM reminder_sends WHERE event_id = ?')
      .get(eventId) as { began: string };
    const { ended } = db
      .prepare(`SELECT max(created_at) AS ended FROM mails WHERE template = 'reminder'`)
      .get() as { ended: string };
    return { began: Date.parse(began), ended: Date.parse(ended) };
  } finally {
    db.close();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'livent-bench-reminders-'));
const file = join(dir, 'livent.db');
const server = await startLivent({ DATABASE_URL: `file:${file}` });
try {
  const owner = await registerBenchOwner(server.url);
  insertBenchEvent(file, owner.user.id, 'bench-reminders-page');
  const page = {
    url: `${server.url}/bench-reminders-page`,
    host: `events.localhost:${new URL(server.url).port}`,
  };
  // Warm-up: the page's code paths and cache.
  for (let index = 0; index < 300; index += 1) await timedGet(page.url, page.host);

  const eventId = insertRemindedEvent(file, owner.user.id);
  let round: { began: number; ended: number } | undefined;
  const work = roundOf(file, eventId).then(async (found) => {
    round = found;
    await sleep(5_000);
  });
  const { page: samples = [] } = await samplesDuring(work, { page });
  if (!round) throw new Error('no round');
  // The wall clock of the round in the probes' clock (performance.now()).
  const toPerf = (epochMs: number) => performance.now() - (Date.now() - epochMs);
  const [from, to] = [toPerf(round.began), toPerf(round.ended)];
  const during = samples.filter((sample: Sample) => sample.at >= from && sample.at <= to);
  const outside = samples.filter((sample: Sample) => sample.at < from || sample.at > to);
  const queueS = (round.ended - round.began) / 1000;
  const p99During = percentile(
    during.map((sample) => sample.ms),
    0.99,
  );
  const p99Baseline = percentile(
    outside.map((sample) => sample.ms),
    0.99,
  );
  recordResult({
    name: `SQLite: queue ${GUESTS.toLocaleString('en')} reminders`,
    value: queueS,
    unit: 's',
    budget: { below: 10 },
  });
  recordResult({
    name: `SQLite: the public page while ${GUESTS.toLocaleString('en')} reminders are queued`,
    value: p99During,
    unit: 'ms',
    p99Ms: p99During,
    budget: { p99BelowMs: 100 },
    note: `${during.length} requests; baseline p99 ${p99Baseline.toFixed(0)} ms (${outside.length} requests before and after)`,
  });
  console.log(
    [
      'SQLite',
      `  queue ${GUESTS.toLocaleString('en')} reminders: ${queueS.toFixed(2)} s`,
      `  the public page during the round: p99 ${p99During.toFixed(0)} ms, max ${Math.max(...during.map((sample) => sample.ms)).toFixed(0)} ms (${during.length} requests)`,
      `  the public page before and after it (baseline): p99 ${p99Baseline.toFixed(0)} ms (${outside.length} requests)`,
    ].join('\n'),
  );
} finally {
  await server.stop();
}
