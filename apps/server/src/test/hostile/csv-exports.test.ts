import { randomUUID } from 'node:crypto';
import { CSV_DELIMITERS, linkLikeText } from '@livent/shared';
import { parse } from 'csv-parse/sync';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEvent, onEventsHost, type TestEvent } from '../../modules/public/public.fixtures.js';
import { register, type SignedInUser } from '../accounts.js';
import { callAs, setPlan } from '../events.js';
import { buildTestApp, type TestApp } from '../test-app.js';

/**
 * Formula injection through every CSV export (docs/architecture.md, "Security requirements"):
 * viewers and organisers store text that starts like a formula (or hides one behind a tab, a
 * carriage return or spaces), the owner downloads every export through the API in each
 * delimiter, and no cell a spreadsheet reads may start with `=`, `+`, `-`, `@`, a tab or a
 * carriage return. The text stays readable: a neutralised cell is the stored text behind one `'`.
 *
 * fast-check prints the seed of a failing run; `FUZZ_RUNS=200 npx vitest run src/test/hostile`
 * runs longer than CI does.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const FORMULA_START = /^[=+\-@\t\r]/;

const FORMULA_STARTS = ['=', '+', '-', '@', ' =', '  @', "=cmd|' /C calc'!A0", '=HYPERLINK("x")'];

/** One line that starts like a formula (or behind spaces an import might strip). */
const hostileLine = fc
  .tuple(fc.constantFrom(...FORMULA_STARTS, 'plain '), fc.string({ maxLength: 30 }))
  .map(([start, rest]) => `${start}${rest}1`);

/** Text that may also hide its formula behind a tab or a line break. */
const hostileText = fc
  .tuple(
    fc.constantFrom(...FORMULA_STARTS, '\t', '\r\n@', '\t+', '\n='),
    fc.string({ maxLength: 30, unit: 'grapheme' }),
  )
  .map(([start, rest]) => `${start}${rest}1`);

let test: TestApp;
let app: FastifyInstance;
let owner: SignedInUser;
/** Messages on an open page; registrations (and their logins) on a gated one. */
let event: TestEvent;
let openEvent: TestEvent;
let addressCounter = 0;

beforeAll(async () => {
  test = await buildTestApp();
  app = test.app;
  owner = await register(app);
  // The login list needs CUSTOM_ACCESS.
  await setPlan(app, owner.user.id, 'enterprise-member');
  openEvent = await insertEvent(app, owner.user.id, {
    messagesEnabled: true,
    messagesMode: 'messages',
  });
  event = await insertEvent(app, owner.user.id, {
    accessMode: 'registration',
    playerMode: 'iframe',
    registrationFields: [
      {
        name: 'company',
        label: '=HYPERLINK("http://x.example","Company")',
        required: false,
        options: [],
      },
    ],
  });
});
afterAll(() => test.cleanup());

function viewer(): { remoteAddress: string } {
  addressCounter += 1;
  return {
    remoteAddress: `198.51.${String(Math.floor(addressCounter / 250))}.${String((addressCounter % 250) + 1)}`,
  };
}

async function exportCsv(path: string): Promise<string[][]> {
  const response: LightMyRequestResponse = await callAs(app, owner, 'GET', path);
  expect(response.statusCode, response.body).toBe(200);
  const delimiter = (
    await app.db
      .selectFrom('users')
      .select('csv_delimiter')
      .where('id', '=', owner.user.id)
      .executeTakeFirstOrThrow()
  ).csv_delimiter;
  return parse(response.rawPayload, { bom: true, delimiter, relax_column_count: false });
}

function expectNeutralised(rows: string[][], where: string): void {
  for (const row of rows) {
    for (const cell of row) {
      expect(FORMULA_START.test(cell), `${where}: ${JSON.stringify(cell)}`).toBe(false);
    }
  }
}

/** The stored text is in the export as it is, or behind the one quote that neutralises it. */
function expectReadable(rows: string[][], stored: string, where: string): void {
  const expected = FORMULA_START.test(stored) ? `'${stored}` : stored;
  expect(
    rows.some((row) => row.includes(expected)),
    `${where}: ${JSON.stringify(expected)} in the export`,
  ).toBe(true);
}

describe('CSV exports neutralise formulas', () => {
  it('in messages, registrations, invitations and logins, in every delimiter', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          delimiter: fc.constantFrom(...CSV_DELIMITERS),
          messageName: hostileLine,
          messageText: hostileText,
          // The form refuses names that read as a link (ADR 047); those are not what this tests.
          registrationName: hostileLine.filter((name) => !linkLikeText(name)),
          registrationField: hostileText,
          invitationName: hostileLine,
        }),
        async (input) => {
          const settings = await callAs(app, owner, 'PATCH', '/settings', {
            csvDelimiter: input.delimiter,
          });
          expect(settings.statusCode, settings.body).toBe(200);

          const key = randomUUID();
          const email = `${randomUUID()}@example.com`;
          const posted = await onEventsHost(app, `/${openEvent.slug}/_messages`, {
            method: 'POST',
            ...viewer(),
            payload: { name: input.messageName, text: input.messageText, key },
          });
          expect(posted.statusCode, posted.body).toBeLessThan(300);
          const registered = await onEventsHost(app, `/${event.slug}/_access/register`, {
            method: 'POST',
            ...viewer(),
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: new URLSearchParams({
              name: input.registrationName,
              email,
              field_company: input.registrationField,
            }).toString(),
          });
          expect(registered.statusCode, registered.body).toBeLessThan(400);
          const invited = await callAs(app, owner, 'POST', `/events/${event.id}/invitations`, {
            name: input.invitationName,
            email: `${randomUUID()}@example.com`,
          });
          expect(invited.statusCode, invited.body).toBe(201);

          const messages = await exportCsv(`/events/${openEvent.id}/messages/export`);
          const registrations = await exportCsv(`/events/${event.id}/registrations/export`);
          const invitations = await exportCsv(`/events/${event.id}/invitations/export`);
          const logins = await exportCsv(`/events/${event.id}/logins/export`);
          expectNeutralised(messages, 'messages');
          expectNeutralised(registrations, 'registrations');
          expectNeutralised(invitations, 'invitations');
          expectNeutralised(logins, 'logins');

          // What the API stored (names are trimmed and their white space collapsed) comes back
          // readable.
          const message = await app.db
            .selectFrom('messages')
            .select(['author_name', 'text'])
            .where('idempotency_key', '=', key)
            .executeTakeFirstOrThrow();
          if (message.author_name !== '') expectReadable(messages, message.author_name, 'messages');
          expectReadable(messages, message.text, 'messages');
          const registration = await app.db
            .selectFrom('registrations')
            .select(['name', 'fields'])
            .where('email', '=', email)
            .executeTakeFirstOrThrow();
          expectReadable(registrations, registration.name, 'registrations');
          const company = (JSON.parse(registration.fields) as Record<string, string>).company;
          if (company) expectReadable(registrations, company, 'registrations');
          expectReadable(invitations, invited.json<{ name: string }>().name, 'invitations');
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('in the statistics exports and every header line', async () => {
    // The concurrent viewers' export is the same writer (stats-csv.ts) over 20,160 minutes.
    expectNeutralised(await exportCsv(`/events/${event.id}/stats/pageviews.csv`), 'pageviews');
    // The organiser's field label is a header of the registrations export.
    const [header] = await exportCsv(`/events/${event.id}/registrations/export`);
    expect(header).toContain(`'=HYPERLINK("http://x.example","Company")`);
  });
});
