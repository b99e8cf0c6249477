import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { freePort } from '../test/ports.js';

/**
 * The crash durability harness (docs/decisions/032-operations.md): the production server on a
 * database of its own, concurrent writes of three kinds (viewer messages, registrations through
 * the gate, event settings), every write answered 2xx recorded, `kill -9` at a random moment,
 * restart, N rounds; then every acknowledged write must be in the database and SQLite's
 * `PRAGMA integrity_check` must say ok. `npm run crash-test` runs it at length
 * (scripts/crash-harness.mjs); a short version is a Vitest test.
 */

export interface CrashHarnessOptions {
  rounds: number;
  /** The server command: `node dist/main.js`, or tsx on the sources in tests. */
  command: string[];
  cwd: string;
  /** A PostgreSQL server URL whose user may create databases; SQLite (a temporary file) without. */
  postgresUrl?: string;
  /** How long the writers run before the kill, at random between the two (ms). */
  killAfterMs?: [number, number];
  /** Concurrent writers of messages, registrations and settings. */
  writers?: { messages: number; registrations: number; settings: number };
  log?: (line: string) => void;
}

export interface KindCount {
  acknowledged: number;
  found: number;
}

export interface CrashHarnessResult {
  dialect: 'sqlite' | 'postgres';
  rounds: number;
  kills: number;
  messages: KindCount;
  registrations: KindCount;
  /** The event's settings: the last acknowledged value (or a later one in flight) is stored. */
  settings: { acknowledged: number; lastValuePresent: boolean };
  /** `ok`, or SQLite's findings; PostgreSQL has no such check (`n/a`). */
  integrity: string;
  /** Every acknowledged write found and the database intact. */
  ok: boolean;
  missing: string[];
}

const APP_SECRET = randomBytes(32).toString('hex');
/** Names the harness in the server's log lines. */
const USER_AGENT = 'livent-crash-harness';

export async function runCrashHarness(options: CrashHarnessOptions): Promise<CrashHarnessResult> {
  const log = options.log ?? (() => undefined);
  const [minKill, maxKill] = options.killAfterMs ?? [300, 2000];
  const writers = options.writers ?? { messages: 4, registrations: 2, settings: 1 };
  const dir = mkdtempSync(join(tmpdir(), 'livent-crash-'));
  const database = options.postgresUrl
    ? await createPostgresDatabase(options.postgresUrl)
    : { url: `file:${join(dir, 'livent.db')}`, drop: async () => undefined };
  const port = await freePort();
  const base = `http://127.0.0.1:${String(port)}`;
  const eventsHost = `events.localhost:${String(port)}`;
  const env = {
    PATH: process.env.PATH,
    // A Node 24 test run loads its own better-sqlite3 through it (scripts/node24/runtime.mjs).
    NODE_OPTIONS: process.env.NODE_OPTIONS,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    APP_SECRET,
    PUBLIC_URL: base,
    EVENTS_URL: `http://${eventsHost}`,
    WEB_DIST: join(dir, 'no-web-dist'),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '1000000',
    // Every writer request names its own client address, so that the per-address abuse limits of
    // the public writes (generous, but made for people) do not turn the load into 429s.
    TRUST_PROXY: 'true',
  };

  const acknowledged = { messages: new Set<string>(), registrations: new Set<string>() };
  let settingsAcknowledged = 0;
  let lastSettingsValue: string | undefined;
  // Values sent since the last acknowledged one whose outcome nobody saw: a PATCH the kill cut
  // off may have committed (on PostgreSQL the database outlives the server), and after the kill
  // the writer may send once more to the dead server before it stops. Any of them may be stored.
  let settingsUnanswered: string[] = [];
  let kills = 0;
  let server: ChildProcess | undefined;
  let stderr = '';

  const start = async () => {
    stderr = '';
    server = spawn(options.command[0] ?? 'node', options.command.slice(1), {
      cwd: options.cwd,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    server.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await waitUntilReady(base, server, () => stderr);
  };
  const kill = async () => {
    const running = server;
    if (!running || running.exitCode !== null) throw new Error(`the server had exited: ${stderr}`);
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
    kills += 1;
  };

  try {
    await start();
    const setup = await createEvent(base, database.url, eventsHost);
    for (let round = 1; round <= options.rounds; round += 1) {
      if (round > 1) await start();
      let running = true;
      const loops: Promise<void>[] = [];
      for (let i = 0; i < writers.messages; i += 1) {
        loops.push(
          (async () => {
            while (running) {
              const text = `m ${randomUUID()}`;
              const status = await publicPost(
                base,
                eventsHost,
                `/${setup.slug}/_messages`,
                'application/json',
                JSON.stringify({ text, key: randomUUID() }),
              );
              if (status === 201) acknowledged.messages.add(text);
            }
          })(),
        );
      }
      for (let i = 0; i < writers.registrations; i += 1) {
        loops.push(
          (async () => {
            while (running) {
              const email = `r-${randomUUID()}@example.com`;
              const status = await publicPost(
                base,
                eventsHost,
                `/${setup.registrationSlug}/_access/register`,
                'application/x-www-form-urlencoded',
                new URLSearchParams({ name: 'Viewer', email }).toString(),
              );
              if (status === 303) acknowledged.registrations.add(email);
            }
          })(),
        );
      }
      for (let i = 0; i < writers.settings; i += 1) {
        loops.push(
          (async () => {
            while (running) {
              const value = `round ${String(round)} ${randomUUID()}`;
              settingsUnanswered.push(value);
              const status = await request(`${base}/api/event-settings/${setup.eventId}`, {
                method: 'PATCH',
                headers: { ...setup.authorization, 'content-type': 'application/json' },
                body: JSON.stringify({ description: value }),
              });
              if (status === 200) {
                settingsAcknowledged += 1;
                lastSettingsValue = value;
                settingsUnanswered = [];
              }
            }
          })(),
        );
      }
      // The random moment counts from the round's first acknowledged write of every kind, so
      // that a slow start (a busy machine, PostgreSQL) never makes a round that proves nothing.
      const counts = () => [
        acknowledged.messages.size,
        acknowledged.registrations.size,
        settingsAcknowledged,
      ];
      const before = counts();
      const deadline = Date.now() + 60_000;
      while (counts().some((count, kind) => count === before[kind])) {
        if (Date.now() > deadline) throw new Error(`no write of every kind within 60 s: ${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const killAfter = minKill + Math.random() * (maxKill - minKill);
      await new Promise((resolve) => setTimeout(resolve, killAfter));
      await kill();
      running = false;
      await Promise.all(loops);
      log(
        `round ${String(round)}: killed ${String(Math.round(killAfter))} ms after the first writes; acknowledged so far: ${String(acknowledged.messages.size)} messages, ${String(acknowledged.registrations.size)} registrations, ${String(settingsAcknowledged)} settings`,
      );
    }
    // One more start: the server recovers the database after the last kill and comes up; a clean
    // stop, then the check reads the database itself.
    await start();
    const running = server as ChildProcess | undefined;
    if (running) {
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      await exited;
    }

    const stored = await readStored(database.url, setup.eventId, setup.registrationEventId);
    const missing = [
      ...[...acknowledged.messages].filter((text) => !stored.messages.has(text)),
      ...[...acknowledged.registrations].filter((email) => !stored.registrations.has(email)),
    ];
    const lastValuePresent =
      lastSettingsValue === undefined ||
      stored.description === lastSettingsValue ||
      settingsUnanswered.includes(stored.description ?? '');
    if (!lastValuePresent) missing.push(`settings: ${String(lastSettingsValue)}`);
    const messagesFound = [...acknowledged.messages].filter((t) => stored.messages.has(t)).length;
    const registrationsFound = [...acknowledged.registrations].filter((e) =>
      stored.registrations.has(e),
    ).length;
    return {
      dialect: options.postgresUrl ? 'postgres' : 'sqlite',
      rounds: options.rounds,
      kills,
      messages: { acknowledged: acknowledged.messages.size, found: messagesFound },
      registrations: {
        acknowledged: acknowledged.registrations.size,
        found: registrationsFound,
      },
      settings: { acknowledged: settingsAcknowledged, lastValuePresent },
      integrity: stored.integrity,
      ok: missing.length === 0 && (stored.integrity === 'ok' || stored.integrity === 'n/a'),
      missing,
    };
  } finally {
    agent.destroy();
    if (server && server.exitCode === null) server.kill('SIGKILL');
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Keeps connections open between a writer's requests, as browsers and proxies do. */
const agent = new Agent({ keepAlive: true });

interface PlainRequest {
  method: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * Any answer's status, or 0 when the connection failed (the server was killed). node:http rather
 * than fetch, which does not send a Host header of the caller's (the events origin's host).
 */
function request(url: string, init: PlainRequest): Promise<number> {
  return new Promise((resolve) => {
    const sent = httpRequest(
      url,
      { method: init.method, headers: init.headers, agent },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', () => resolve(0));
      },
    );
    sent.on('error', () => resolve(0));
    sent.end(init.body);
  });
}

/** A viewer's write on the events origin, from an address of its own. */
function publicPost(
  base: string,
  eventsHost: string,
  path: string,
  contentType: string,
  body: string,
): Promise<number> {
  return request(`${base}${path}`, {
    method: 'POST',
    headers: {
      host: eventsHost,
      'content-type': contentType,
      'user-agent': USER_AGENT,
      'x-forwarded-for': randomAddress(),
    },
    body,
  });
}

function randomAddress(): string {
  const bytes = randomBytes(3);
  return `10.${String(bytes[0])}.${String(bytes[1])}.${String(bytes[2])}`;
}

interface Setup {
  /** The event viewers send messages to; its settings are patched too. */
  eventId: string;
  slug: string;
  /** The event behind a registration gate. */
  registrationEventId: string;
  registrationSlug: string;
  authorization: { authorization: string };
}

/** An organiser with a verified address and an event taking messages and registrations. */
async function createEvent(base: string, databaseUrl: string, eventsHost: string): Promise<Setup> {
  const email = `owner-${randomUUID()}@example.com`;
  const password = `Crash-${randomUUID()}`;
  const signUp = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Crash Harness',
      email,
      password,
      acceptTerms: true,
      acceptPrivacy: true,
    }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up answered ${String(signUp.status)}`);
  const { tokens } = (await signUp.json()) as { tokens: { access: { token: string } } };
  const authorization = { authorization: `Bearer ${tokens.access.token}` };
  // Without SMTP the verification mail waits in the outbox: read its link there.
  const mailText = await latestMailText(databaseUrl);
  const token = /verify-email\?token=([^\s&"]+)/.exec(mailText)?.[1];
  if (!token) throw new Error('no verification link in the outbox');
  const verified = await fetch(`${base}/api/auth/verify-email?token=${token}`, { method: 'POST' });
  if (verified.status >= 300) throw new Error(`verification answered ${String(verified.status)}`);

  // Messages on one event, registrations on another: a registration gate would keep viewers
  // without access from sending messages.
  const createWith = async (title: string, settings: object) => {
    const created = await fetch(`${base}/api/events`, {
      method: 'POST',
      headers: { ...authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ title }),
    });
    if (created.status !== 201) {
      throw new Error(`creating the event answered ${String(created.status)}`);
    }
    const event = (await created.json()) as { id: string; slug: string };
    const saved = await fetch(`${base}/api/event-settings/${event.id}`, {
      method: 'PATCH',
      headers: { ...authorization, 'content-type': 'application/json' },
      body: JSON.stringify(settings),
    });
    if (saved.status !== 200) {
      throw new Error(
        `the event's settings answered ${String(saved.status)}: ${await saved.text()}`,
      );
    }
    return event;
  };
  const event = await createWith('Crash test: messages', {
    messagesEnabled: true,
    messagesMode: 'qa',
  });
  const gated = await createWith('Crash test: registrations', { accessMode: 'registration' });
  // One write of each kind must go through before any kill, or the harness proves nothing.
  const message = await publicPost(
    base,
    eventsHost,
    `/${event.slug}/_messages`,
    'application/json',
    JSON.stringify({ text: 'first', key: randomUUID() }),
  );
  const registration = await publicPost(
    base,
    eventsHost,
    `/${gated.slug}/_access/register`,
    'application/x-www-form-urlencoded',
    new URLSearchParams({ name: 'Viewer', email: `first-${randomUUID()}@example.com` }).toString(),
  );
  if (message !== 201 || registration !== 303) {
    throw new Error(
      `the first message answered ${String(message)}, registration ${String(registration)}`,
    );
  }
  return {
    eventId: event.id,
    slug: event.slug,
    registrationEventId: gated.id,
    registrationSlug: gated.slug,
    authorization,
  };
}

async function latestMailText(databaseUrl: string): Promise<string> {
  const query = 'select text from mails order by created_at desc limit 1';
  if (databaseUrl.startsWith('file:')) {
    const database = new SqliteDatabase(databaseUrl.slice('file:'.length), { readonly: true });
    try {
      return (database.prepare(query).get() as { text: string } | undefined)?.text ?? '';
    } finally {
      database.close();
    }
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<{ text: string }>(query)).rows[0]?.text ?? '';
  } finally {
    await client.end();
  }
}

interface Stored {
  messages: Set<string>;
  registrations: Set<string>;
  description: string | undefined;
  integrity: string;
}

async function readStored(
  databaseUrl: string,
  eventId: string,
  registrationEventId: string,
): Promise<Stored> {
  const messagesQuery = 'select text from messages where event_id = $1';
  const registrationsQuery = 'select email from registrations where event_id = $1';
  const settingsQuery = 'select settings from events where id = $1';
  // Text on SQLite, already parsed where the PostgreSQL driver reads JSON itself.
  const descriptionOf = (row: { settings: unknown } | undefined) => {
    if (!row) return undefined;
    const settings = typeof row.settings === 'string' ? JSON.parse(row.settings) : row.settings;
    return (settings as { description?: string }).description;
  };
  if (databaseUrl.startsWith('file:')) {
    const database = new SqliteDatabase(databaseUrl.slice('file:'.length), { readonly: true });
    try {
      const sqlite = (query: string) => query.replace('$1', '?');
      const integrity = (database.pragma('integrity_check') as { integrity_check: string }[])
        .map((row) => row.integrity_check)
        .join('; ');
      return {
        messages: new Set(
          (database.prepare(sqlite(messagesQuery)).all(eventId) as { text: string }[]).map(
            (row) => row.text,
          ),
        ),
        registrations: new Set(
          (
            database.prepare(sqlite(registrationsQuery)).all(registrationEventId) as {
              email: string;
            }[]
          ).map((row) => row.email),
        ),
        description: descriptionOf(
          database.prepare(sqlite(settingsQuery)).get(eventId) as { settings: string } | undefined,
        ),
        integrity,
      };
    } finally {
      database.close();
    }
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const messages = await client.query<{ text: string }>(messagesQuery, [eventId]);
    const registrations = await client.query<{ email: string }>(registrationsQuery, [
      registrationEventId,
    ]);
    const settings = await client.query<{ settings: string }>(settingsQuery, [eventId]);
    return {
      messages: new Set(messages.rows.map((row) => row.text)),
      registrations: new Set(registrations.rows.map((row) => row.email)),
      description: descriptionOf(settings.rows[0]),
      integrity: 'n/a',
    };
  } finally {
    await client.end();
  }
}

async function createPostgresDatabase(
  serverUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `livent_crash_${randomBytes(6).toString('hex')}`;
  const admin = async (query: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(query, values);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      await admin(`DROP DATABASE IF EXISTS "${name}"`);
    },
  };
}

async function waitUntilReady(
  base: string,
  server: ChildProcess,
  stderr: () => string,
): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`the server exited with ${String(server.exitCode)}: ${stderr()}`);
    }
    try {
      if ((await fetch(`${base}/api/health/ready`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server was not ready within 60 s: ${stderr()}`);
}
