import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EventListItem } from '@livent/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, type SignedInUser } from '../../test/accounts.js';
import { callAs, createEvent } from '../../test/events.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { authDataChanged } from '../auth/auth-data-changes.js';
import { EventsListCache, eventsChanged } from './events-list-cache.js';

describe('EventsListCache', () => {
  const loader = () => {
    let calls = 0;
    const load = async () => `body ${++calls}`;
    return { load, calls: () => calls };
  };

  it('answers from the cache until events, users or sessions change', async () => {
    const cache = new EventsListCache();
    const { load, calls } = loader();
    expect(await cache.get('u1', load)).toBe('body 1');
    expect(await cache.get('u1', load)).toBe('body 1');
    expect(calls()).toBe(1);
    eventsChanged();
    expect(await cache.get('u1', load)).toBe('body 2');
    authDataChanged();
    expect(await cache.get('u1', load)).toBe('body 3');
    expect(await cache.get('u1', load)).toBe('body 3');
    expect(await cache.get('u2', load)).toBe('body 4');
  });

  it('does not keep a body read while events changed', async () => {
    const cache = new EventsListCache();
    let calls = 0;
    const load = async () => {
      calls += 1;
      // A write lands while the list is read.
      if (calls === 1) eventsChanged();
      return `body ${calls}`;
    };
    expect(await cache.get('u1', load)).toBe('body 1');
    expect(await cache.get('u1', load)).toBe('body 2');
    expect(await cache.get('u1', load)).toBe('body 2');
  });
});

describe('GET /api/events answered from the cache', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let owner: SignedInUser;

  const list = async () => {
    const response = await callAs(app, owner, 'GET', '/events');
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const titles = async () => (await list()).json<EventListItem[]>().map((event) => event.title);

  beforeAll(async () => {
    testApp = await buildTestApp({ EVENTS_URL: 'https://events.example.com' });
    app = testApp.app;
    owner = await registerVerified(app, { name: 'Owner' });
  });

  afterAll(async () => testApp.cleanup());

  it('answers the same bytes and headers the second time as the first', async () => {
    await createEvent(app, owner, 'Première «Ü» 🎉');
    await createEvent(app, owner, 'Second');
    const first = await list();
    const second = await list();
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.headers['content-length']).toBe(first.headers['content-length']);
    const events = first.json<EventListItem[]>();
    expect(events.map(({ title, role }) => ({ title, role }))).toEqual([
      { title: 'Second', role: 'owner' },
      { title: 'Première «Ü» 🎉', role: 'owner' },
    ]);
    // What the route's serializer makes of the list, field order included.
    expect(first.body).toBe(JSON.stringify(events));
  });

  it('shows every change of the owner’s events at once', async () => {
    const event = await createEvent(app, owner, 'Third');
    expect((await titles())[0]).toBe('Third');

    const renamed = await callAs(app, owner, 'PATCH', `/event-settings/${event.id}`, {
      title: 'Third, renamed',
      slug: 'third-renamed',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const [first] = (await list()).json<EventListItem[]>();
    expect(first).toMatchObject({ title: 'Third, renamed', slug: 'third-renamed' });
    expect(first?.fullUrl).toBe('https://events.example.com/third-renamed');

    const deleted = await callAs(app, owner, 'DELETE', `/events/${event.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(await titles()).not.toContain('Third, renamed');
  });

  it('keeps each user’s list apart', async () => {
    const other = await registerVerified(app, { name: 'Other' });
    await list();
    await createEvent(app, other, 'Someone else’s');
    const response = await callAs(app, other, 'GET', '/events');
    expect(response.json<EventListItem[]>().map((event) => event.title)).toEqual([
      'Someone else’s',
    ]);
    expect(await titles()).not.toContain('Someone else’s');
  });
});

/**
 * The cache is exact only if every write to `events` tells it (events-list-cache.ts): the
 * repository is the one module that writes the table. Migrations run before anything is served.
 */
describe('writes to events', () => {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sources(path);
      // Tests and their fixtures may write the table directly.
      return /\.tsx?$/.test(entry.name) && !/\.(test|fixtures)\.tsx?$/.test(entry.name)
        ? [path]
        : [];
    });
  const WRITE = [
    /(insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*['"`]events['"`\s]/,
    /\b(insert\s+(or\s+\w+\s+)?into|update(\s+or\s+\w+)?|delete\s+from|replace\s+into)\s+["`]?events\b/i,
  ];

  it('happen in events.repository.ts alone', () => {
    const allowed = new Set(['modules/events/events.repository.ts']);
    const writers = sources(root)
      .map((path) => relative(root, path).split('\\').join('/'))
      .filter((path) => !path.startsWith('db/migrations/') && !path.startsWith('test/'))
      .filter((path) => !allowed.has(path))
      .filter((path) =>
        WRITE.some((pattern) => pattern.test(readFileSync(join(root, path), 'utf8'))),
      );
    expect(writers).toEqual([]);
  });

  it('are found by the scan', () => {
    const samples = [
      "db.updateTable('events').set(x)",
      'trx.insertInto("events")',
      "db.deleteFrom('events as e')",
      'sql`UPDATE events SET version = 1`',
      'sql`delete from "events" where id = ${id}`',
      'INSERT OR REPLACE INTO events (id) VALUES (1)',
    ];
    expect(samples.filter((sample) => !WRITE.some((pattern) => pattern.test(sample)))).toEqual([]);
    expect(WRITE.some((pattern) => pattern.test("db.updateTable('events_log')"))).toBe(false);
  });
});
