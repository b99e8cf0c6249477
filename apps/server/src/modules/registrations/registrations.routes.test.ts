import {
  DEFAULT_EVENT_SETTINGS,
  ERROR_MESSAGES,
  type EventSettings,
  type RegistrationsPage,
} from '@livent/shared';
import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerVerified, type SignedInUser } from '../../test/accounts.js';
import { testClock } from '../../test/clock.js';
import { callAs, createEvent } from '../../test/events.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import type { GateEvent } from './registrations.service.js';

// The organisers' registrations list (ADR 026): paging, search, sort, export, deletion, and that
// nobody else reaches it. Registrations are made through the gate's own service.

const clock = testClock();
let testApp: TestApp;
let app: FastifyInstance;
let owner: SignedInUser;
let other: SignedInUser;
let event: GateEvent;

beforeAll(async () => {
  testApp = await buildTestApp({}, { now: clock.now });
  app = testApp.app;
  owner = await registerVerified(app, { name: 'Olivia Owner' });
  other = await registerVerified(app, { name: 'Other Person' });
});
afterAll(() => testApp.cleanup());

const FIELDS: EventSettings['registrationFields'] = [
  { name: 'company', label: 'Company', required: false, options: [] },
  { name: 'role', label: 'Role', required: false, options: ['Press', 'Guest'] },
];

beforeEach(async () => {
  await app.db.deleteFrom('events').where('owner_id', '=', owner.user.id).execute();
  const created = await createEvent(app, owner, 'Launch');
  event = {
    id: created.id,
    slug: created.slug,
    title: 'Launch',
    settings: {
      ...DEFAULT_EVENT_SETTINGS,
      title: 'Launch',
      slug: created.slug,
      accessMode: 'registration',
      registrationFields: FIELDS,
    } as EventSettings,
    language: 'en',
  };
  await app.db
    .updateTable('events')
    .set({ settings: JSON.stringify({ accessMode: 'registration', registrationFields: FIELDS }) })
    .where('id', '=', event.id)
    .execute();
});

let viewerCounter = 0;
async function registerViewer(name: string, email: string, fields: Record<string, string> = {}) {
  viewerCounter += 1;
  clock.advance(1000);
  const outcome = await app.services.registrations.register(
    event,
    { name, email, ...fields },
    { id: `viewer-${String(viewerCounter)}`, ip: '192.0.2.1' },
  );
  expect(outcome.outcome).toBe('granted');
}

const list = async (query = '', as = owner) => {
  const response = await callAs(app, as, 'GET', `/events/${event.id}/registrations${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RegistrationsPage>();
};
const names = async (query = '') => (await list(query)).results.map((row) => row.name);

describe('registrations API', () => {
  it('lists newest first with paging, the additional fields, the personal link and the total', async () => {
    await registerViewer('Ada', 'ada@example.com', { field_company: 'ACME', field_role: 'Press' });
    await registerViewer('Bob', 'BOB@Example.com');
    await registerViewer('Cy', 'cy@example.com');
    const first = await list('?pageSize=2');
    expect(first).toMatchObject({ page: 1, pageSize: 2, total: 3 });
    expect(first.results.map((row) => row.name)).toEqual(['Cy', 'Bob']);
    expect(first.results[1]?.email).toBe('bob@example.com');
    const second = await list('?pageSize=2&page=2');
    expect(second.results).toHaveLength(1);
    expect(second.results[0]).toMatchObject({
      name: 'Ada',
      email: 'ada@example.com',
      fields: { company: 'ACME', role: 'Press' },
      verified: true,
      mailStatus: null,
    });
    expect(second.results[0]?.personalLink).toMatch(
      new RegExp(`^${app.config.eventsUrl}/${event.slug}/_access/r/[A-Za-z0-9_-]{43}$`),
    );
  });

  it('searches name and email (wildcards literal) and sorts by name, email or age', async () => {
    await registerViewer('Zoe Miller', 'zoe@acme.example');
    await registerViewer('Adam Smith', 'adam@other.example');
    await registerViewer('Percent 100%', 'p@other.example');
    expect(await names('?q=miller')).toEqual(['Zoe Miller']);
    expect(await names('?q=ACME')).toEqual(['Zoe Miller']);
    expect(await names('?q=%25')).toEqual(['Percent 100%']);
    expect(await names('?q=nobody')).toEqual([]);
    expect(await names('?sort=name')).toEqual(['Adam Smith', 'Percent 100%', 'Zoe Miller']);
    expect(await names('?sort=email')).toEqual(['Adam Smith', 'Percent 100%', 'Zoe Miller']);
    expect(await names('?sort=oldest')).toEqual(['Zoe Miller', 'Adam Smith', 'Percent 100%']);
    const bad = await callAs(app, owner, 'GET', `/events/${event.id}/registrations?sort=size`);
    expect(bad.statusCode).toBe(400);
  });

  it('deletes one registration (204) and answers 404 for an unknown one', async () => {
    await registerViewer('Ada', 'ada@example.com');
    const [row] = (await list()).results;
    const path = `/events/${event.id}/registrations/${row!.id}`;
    expect((await callAs(app, owner, 'DELETE', path)).statusCode).toBe(204);
    expect((await list()).total).toBe(0);
    const again = await callAs(app, owner, 'DELETE', path);
    expect(again.statusCode).toBe(404);
    expect(again.json<{ message: string }>().message).toBe(ERROR_MESSAGES.registrationNotFound);
  });

  it('exports CSV in the user delimiter with the fields as columns and formulas neutralised', async () => {
    const settings = await callAs(app, owner, 'PATCH', '/settings', { csvDelimiter: ';' });
    expect(settings.statusCode, settings.body).toBe(200);
    await registerViewer('=HYPERLINK("x")', 'ada@example.com', { field_company: '+ACME' });
    await registerViewer('Bob', 'bob@example.com', { field_role: 'Guest' });
    const response = await app.inject({
      method: 'GET',
      url: `/api/events/${event.id}/registrations/export`,
      headers: { ...owner.headers, 'accept-language': 'de' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain(`registrations-${event.slug}.csv`);
    const rows = parse(response.body, { delimiter: ';', bom: true }) as string[][];
    expect(rows[0]).toEqual([
      'Registriert am',
      'Name',
      'E-Mail',
      'Company',
      'Role',
      'Persönlicher Link',
      'Bestätigt',
      'Mail-Status',
      'Erstmals dabei',
      'Zuletzt gesehen',
      'Minuten zugesehen',
      'Gestellte Fragen',
      'Beantwortete Umfragen',
    ]);
    expect(rows[1]?.slice(1, 5)).toEqual([`'=HYPERLINK("x")`, 'ada@example.com', `'+ACME`, '']);
    expect(rows[2]?.slice(1, 5)).toEqual(['Bob', 'bob@example.com', '', 'Guest']);
    expect(rows[2]?.[6]).toBe('ja');
    expect(rows).toHaveLength(3);
  });

  it('answers 404 to another account for the list, the export and a deletion', async () => {
    await registerViewer('Ada', 'ada@example.com');
    const [row] = (await list()).results;
    for (const [method, path] of [
      ['GET', `/events/${event.id}/registrations`],
      ['GET', `/events/${event.id}/registrations/export`],
      ['DELETE', `/events/${event.id}/registrations/${row!.id}`],
    ] as const) {
      const response = await callAs(app, other, method, path);
      expect(response.statusCode, path).toBe(404);
      expect(response.json<{ message: string }>().message).toBe(ERROR_MESSAGES.eventNotFound);
    }
    expect((await list()).total).toBe(1);
  });
});
