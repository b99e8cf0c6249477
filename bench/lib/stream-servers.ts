// The stream bench's servers and what it asks of them: production Livent instances (one on
// SQLite, or several on one PostgreSQL database) with the bench's probe loaded
// (lib/server-probe.mjs), an event with a public page, a poll's launch, and viewers' reactions.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  freePort,
  insertBenchEvent,
  REALISTIC_PAGE,
  registerBenchOwner,
  startLivent,
  type RunningServer,
} from './processes.js';
import { nowMs } from './stream-fleet.js';
import { viewerAddress } from './stream-clients.js';

/** The event loop's delay beyond the probe's timer resolution (lib/server-probe.mjs). */
export interface LoopDelay {
  samples: number;
  meanMs: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface Instance {
  server: RunningServer;
  port: number;
  /** The Host of the public pages on this instance. */
  eventsHost: string;
  /** The process's memory after a full collection. */
  memory(): Promise<NodeJS.MemoryUsage>;
  /** The event loop's delay since the last call. */
  loopDelay(): Promise<LoopDelay>;
}

export interface BenchEvent {
  id: string;
  slug: string;
  /** The owner's access token, for the organiser's API. */
  token: string;
}

/** Where the instances' data lives: a SQLite file, or a PostgreSQL database of the bench's own. */
interface Storage {
  databaseUrl: string;
  insertEvent(ownerId: string, slug: string): Promise<string>;
  drop(): Promise<void>;
}

function sqliteStorage(): Storage {
  const file = join(mkdtempSync(join(tmpdir(), 'livent-bench-streams-')), 'livent.db');
  return {
    databaseUrl: `file:${file}`,
    insertEvent: async (ownerId, slug) => insertBenchEvent(file, ownerId, slug),
    drop: async () => {},
  };
}

/** For the bare server (lib/bare-live-server.mjs), which keeps nothing. */
function noStorage(): Storage {
  return {
    databaseUrl: 'file::memory:',
    insertEvent: async () => randomUUID(),
    drop: async () => {},
  };
}

async function postgresStorage(serverUrl: string): Promise<Storage> {
  const name = `livent_bench_streams_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    databaseUrl,
    insertEvent: async (ownerId, slug) => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      const id = randomUUID();
      const now = new Date().toISOString();
      await client.query(
        'INSERT INTO events (id, owner_id, slug, title, settings, version, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, 1, $6, $6)',
        [id, ownerId, slug, 'Product Launch', JSON.stringify(REALISTIC_PAGE), now],
      );
      await client.end();
      return id;
    },
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

async function probe<T>(port: number, path: string): Promise<T> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`);
  return (await response.json()) as T;
}

/** Instances on one database. */
export interface Cluster {
  instances: Instance[];
  /** An event of `ownerId` with a public page at `slug`, straight into the database. */
  insertEvent(ownerId: string, slug: string): Promise<string>;
  /** Stops every instance and drops the bench's database. */
  stop(): Promise<void>;
}

/**
 * Starts `count` instances, one after the other (the first migrates the database): Livent on a
 * fresh database of the PostgreSQL server at `postgresUrl` or else on SQLite, or with `bare` the
 * bare node:http floor (lib/bare-live-server.mjs).
 */
export async function startInstances(
  count: number,
  { postgresUrl, bare = false }: { postgresUrl?: string; bare?: boolean } = {},
): Promise<Cluster> {
  const storage = bare
    ? noStorage()
    : postgresUrl
      ? await postgresStorage(postgresUrl)
      : sqliteStorage();
  const entry = bare ? new URL('./bare-live-server.mjs', import.meta.url).pathname : undefined;
  const probeScript = new URL('./server-probe.mjs', import.meta.url).href;
  // One secret for all: a viewer's cookie from one instance holds on the other (README).
  const appSecret = randomBytes(32).toString('hex');
  const instances: Instance[] = [];
  const stop = async () => {
    await Promise.all(instances.map((instance) => instance.server.stop()));
    await storage.drop();
  };
  try {
    for (let i = 0; i < count; i += 1) {
      const probePort = await freePort();
      const server = await startLivent(
        {
          DATABASE_URL: storage.databaseUrl,
          APP_SECRET: appSecret,
          // Each stream is a viewer of its own through X-Forwarded-For (lib/stream-clients.ts).
          TRUST_PROXY: 'loopback',
          BENCH_PROBE_PORT: String(probePort),
        },
        ['--expose-gc', '--import', probeScript],
        entry,
      );
      const port = Number(new URL(server.url).port);
      instances.push({
        server,
        port,
        eventsHost: `events.localhost:${port}`,
        memory: () => probe(probePort, '/memory'),
        loopDelay: () => probe(probePort, '/loop'),
      });
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { instances, insertEvent: storage.insertEvent, stop };
}

/** An owner and an event with a public page, on the first instance's API. */
export async function prepareEvent(cluster: Cluster): Promise<BenchEvent> {
  const [first] = cluster.instances;
  if (!first) throw new Error('no instance');
  const owner = await registerBenchOwner(first.server.url);
  const slug = `bench-live-${randomBytes(3).toString('hex')}`;
  const id = await cluster.insertEvent(owner.user.id, slug);
  return { id, slug, token: owner.tokens.access.token };
}

async function api(
  instance: Instance,
  event: BenchEvent,
  path: string,
  body: unknown,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${instance.server.url}/api/events/${event.id}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${event.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}

/**
 * Creates a poll, lets `beforeLaunch` get ready for it, and launches it: answers when the launch
 * was sent and when its answer came, on the monotonic clock the stream clients use.
 */
export async function launchPoll(
  instance: Instance,
  event: BenchEvent,
  beforeLaunch: (pollId: string) => Promise<void>,
): Promise<{ pollId: string; sentAt: number; answeredAt: number }> {
  const created = await api(instance, event, '/polls', {
    kind: 'single',
    question: 'Which demo did you like best?',
    options: [{ text: 'The dashboard' }, { text: 'The control room' }, { text: 'The polls' }],
  });
  const poll = created.body as { id?: string; poll?: { id?: string } } | null;
  const pollId = poll?.id ?? poll?.poll?.id;
  if (created.status !== 201 || !pollId) {
    throw new Error(
      `creating the poll answered ${created.status}: ${JSON.stringify(created.body)}`,
    );
  }
  await beforeLaunch(pollId);
  const sentAt = nowMs();
  const launched = await api(instance, event, `/polls/${pollId}/launch`, {});
  const answeredAt = nowMs();
  if (launched.status >= 300) {
    throw new Error(
      `launching the poll answered ${launched.status}: ${JSON.stringify(launched.body)}`,
    );
  }
  return { pollId, sentAt, answeredAt };
}

const REACTIONS = ['heart', 'applause', 'laugh', 'wow', 'thumbsup'] as const;

/**
 * `viewers` viewers (addresses from `firstAddress` on), spread over the instances, each posting
 * one batch of taps (1 to 5 of one reaction) every second for `seconds` seconds, evenly spaced;
 * answers the taps the server accepted.
 */
export async function postReactions(
  instances: Instance[],
  event: BenchEvent,
  viewers: number,
  seconds: number,
  firstAddress: number,
): Promise<{ requests: number; refused: number; failed: number; counted: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 128 });
  const cookies = new Map<number, string>();
  const result = { requests: 0, refused: 0, failed: 0, counted: 0 };
  const post = (viewer: number): Promise<void> => {
    const instance = instances[viewer % instances.length];
    if (!instance) throw new Error('no instance');
    const count = 1 + (viewer % 5);
    const body = JSON.stringify({ reaction: REACTIONS[viewer % REACTIONS.length], count });
    const cookie = cookies.get(viewer);
    result.requests += 1;
    return new Promise((resolve) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: instance.port,
          method: 'POST',
          path: `/${event.slug}/_reactions`,
          agent,
          headers: {
            host: instance.eventsHost,
            origin: `http://${instance.eventsHost}`,
            'content-type': 'application/json',
            'x-forwarded-for': viewerAddress(firstAddress + viewer),
            ...(cookie ? { cookie } : {}),
          },
        },
        (response) => {
          response.resume();
          const setCookie = response.headers['set-cookie'];
          if (setCookie) cookies.set(viewer, setCookie.map((c) => c.split(';')[0]).join('; '));
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) result.counted += count;
          else if (status === 429) result.refused += 1;
          else result.failed += 1;
          resolve();
        },
      );
      req.on('error', () => {
        result.failed += 1;
        resolve();
      });
      req.end(body);
    });
  };
  const pending: Promise<void>[] = [];
  const start = nowMs();
  const total = viewers * seconds;
  let next = 0;
  while (next < total) {
    const due = Math.floor(((nowMs() - start) / 1000) * viewers);
    while (next < Math.min(due, total)) {
      pending.push(post(next % viewers));
      next += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await Promise.all(pending);
  agent.destroy();
  return result;
}
