import {
  ERROR_MESSAGES,
  INVITATIONS_IMPORT_MAX_BYTES,
  INVITATIONS_IMPORT_MAX_ROWS,
  validationMessage,
  type EventListItem,
  type InvitationImportPreview,
  type InvitationImportReport,
  type InvitationsPage,
} from '@livent/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerVerified, type SignedInUser } from '../../test/accounts.js';
import { createEvent } from '../../test/events.js';
import { importInvitations } from '../../test/invitation-imports.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { InvitationAccess } from './invitation-access.js';
import { applyImport } from './invitations-import.js';

// The CSV import of invitations (ADR 026, "Import").

let testApp: TestApp;
let app: FastifyInstance;
let owner: SignedInUser;
let event: EventListItem;

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
  owner = await registerVerified(app, { name: 'Olivia Owner' });
});
afterAll(() => testApp.cleanup());
beforeEach(async () => {
  await app.db.deleteFrom('events').where('owner_id', '=', owner.user.id).execute();
  event = await createEvent(app, owner, 'Gala');
});

/** A multipart body with the CSV in `file` and the text fields. */
const importRequest = (csv: string | Buffer, fields: Record<string, string> = {}) =>
  importInvitations(app, owner.headers, event.id, csv, fields);

const NAME_EMAIL = JSON.stringify({ 0: 'name', 1: 'email' });
const WITH_PASSWORD = JSON.stringify({ 0: 'name', 1: 'email', 2: 'password' });
const MAPPING = JSON.stringify({ 0: 'name', 1: 'email', 2: 'password', 3: 'token' });

async function imported(csv: string | Buffer, fields: Record<string, string> = {}) {
  const response = await importRequest(csv, { mapping: NAME_EMAIL, ...fields });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<InvitationImportReport>();
}

const rows = () =>
  app.db
    .selectFrom('invitations')
    .selectAll()
    .where('event_id', '=', event.id)
    .orderBy('email')
    .execute();

const TOKEN_A = 'A'.repeat(43);
const TOKEN_B = 'B'.repeat(43);

// The first import starts a worker thread (ADR 046), which from the sources compiles them first:
// seconds on a busy machine.
describe('POST /api/events/:id/invitations/import', { timeout: 30_000 }, () => {
  it('previews the first rows with the detected header, delimiter and encoding, and writes nothing', async () => {
    const lines = ['Name;E-Mail;Passwort'];
    for (let index = 0; index < 12; index += 1)
      lines.push(`Guest ${index};g${index}@example.com;pw${index}`);
    const response = await importRequest(`\ufeff${lines.join('\r\n')}`, { preview: 'true' });
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json<InvitationImportPreview>();
    expect(preview).toMatchObject({
      delimiter: ';',
      encoding: 'utf-8',
      replacedCharacters: false,
      hasHeader: true,
      headers: ['Name', 'E-Mail', 'Passwort'],
      totalRows: 12,
      mapping: { 0: 'name', 1: 'email', 2: 'password' },
      refused: 0,
    });
    expect(preview.rows).toHaveLength(10);
    expect(preview.rows[0]).toEqual(['Guest 0', 'g0@example.com', 'pw0']);
    expect(await rows()).toHaveLength(0);
  });

  it('previews how many rows the import would refuse with the given mapping and modes, and writes nothing', async () => {
    const file = [
      'Name;E-Mail-Adresse;Kennwort',
      'Ann;ann@example.com;',
      'Ann again;ANN@example.com;',
      'No mail;not-an-email;',
      `Ben;ben@example.com;${'x'.repeat(1000)}`,
    ].join('\n');
    const preview = async (fields: Record<string, string>) => {
      const response = await importRequest(file, { preview: 'true', ...fields });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<InvitationImportPreview>();
    };
    // The guessed mapping and the default modes: the duplicate and the invalid email.
    expect(await preview({})).toMatchObject({ totalRows: 4, refused: 2 });
    // Passwords from the file: Ben's is too long.
    expect(await preview({ passwordMode: 'import' })).toMatchObject({ refused: 3 });
    // Without an email column every row is refused.
    expect(await preview({ mapping: JSON.stringify({ 0: 'name' }) })).toMatchObject({
      refused: 4,
    });
    expect(await rows()).toHaveLength(0);
  });

  it("imports Excel's Unicode text: UTF-16 with a byte order mark, tab-separated", async () => {
    const text = 'Name\tE-Mail-Adresse\r\nJürgen „Jo“ Größe\tjuergen@example.com\r\n';
    const file = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const response = await importRequest(file);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<InvitationImportReport>()).toMatchObject({
      encoding: 'utf-16le',
      delimiter: '\t',
      hasHeader: true,
      replacedCharacters: false,
      added: 1,
    });
    expect((await rows())[0]).toMatchObject({
      name: 'Jürgen „Jo“ Größe',
      email: 'juergen@example.com',
    });
  });

  it('adds new invitations, updates existing ones by email and leaves equal ones unchanged', async () => {
    const first = await imported('Ann,ann@example.com,,\nBen,BEN@example.com,,\n');
    expect(first).toMatchObject({ added: 2, updated: 0, unchanged: 0, refused: 0, removed: 0 });
    const before = await rows();
    expect(before.map((row) => [row.email, row.username])).toEqual([
      ['ann@example.com', 'ann@example.com'],
      ['ben@example.com', 'ben@example.com'],
    ]);
    // Generated passwords and tokens for new invitations.
    expect(before[0]?.password).toMatch(/^\w{10}$/);
    expect(before[0]?.token).toMatch(/^[\w-]{43}$/);

    const second = await imported(
      'Ann Smith,ann@example.com,,\nBen,ben@example.com,,\nCid,cid@example.com,,\n',
    );
    expect(second).toMatchObject({ added: 1, updated: 1, unchanged: 1, refused: 0 });
    expect(second.report.map((row) => [row.line, row.email, row.result])).toEqual([
      [1, 'ann@example.com', 'updated'],
      [2, 'ben@example.com', 'unchanged'],
      [3, 'cid@example.com', 'added'],
    ]);
    const after = await rows();
    expect(after).toHaveLength(3);
    // Default modes keep the password and the link, so the access they gave goes on.
    expect(after[0]).toMatchObject({
      id: before[0]?.id,
      name: 'Ann Smith',
      password: before[0]?.password,
      token: before[0]?.token,
      access_version: before[0]?.access_version,
    });
  });

  it("lists imported invitations in the file's order, newest first the other way round", async () => {
    const emails = Array.from({ length: 40 }, (_, index) => `guest${(index * 7) % 40}@example.com`);
    await imported(emails.map((email) => `Guest,${email}`).join('\n'));
    const listed = async (order: 'asc' | 'desc') => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/events/${event.id}/invitations?sort=createdAt&order=${order}&pageSize=100`,
        headers: owner.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<InvitationsPage>().results.map((invitation) => invitation.email);
    };
    expect(await listed('asc')).toEqual(emails);
    expect(await listed('desc')).toEqual([...emails].reverse());
  });

  it('replaces: deletes the invitations the file does not name', async () => {
    await imported('Ann,ann@example.com\nBen,ben@example.com\n');
    const report = await imported('Ben,ben@example.com\nDan,dan@example.com\n', {
      importMode: 'replace',
    });
    expect(report).toMatchObject({ added: 1, unchanged: 1, removed: 1 });
    expect((await rows()).map((row) => row.email)).toEqual(['ben@example.com', 'dan@example.com']);
  });

  it('takes passwords from the column, generates new ones for all, or removes them', async () => {
    await imported('Ann,ann@example.com,Given-1\nBen,ben@example.com,\n', {
      passwordMode: 'import',
      mapping: WITH_PASSWORD,
    });
    const [given, ben] = await rows();
    expect(given?.password).toBe('Given-1');
    // An empty cell falls back to the default: generated for a new invitation.
    expect(ben?.password).toMatch(/^\w{10}$/);

    await imported('Ann,ann@example.com,Other\n', {
      passwordMode: 'generate',
      mapping: WITH_PASSWORD,
    });
    const [generated] = await rows();
    expect(generated?.password).toMatch(/^\w{10}$/);
    expect(generated?.password).not.toBe('Other');
    expect(generated?.access_version).toBe(2);

    await imported('Ann,ann@example.com\nBen,ben@example.com\n', { passwordMode: 'remove' });
    expect((await rows()).map((row) => row.password)).toEqual(['', '']);
  });

  it('takes tokens from the column or generates new ones; a token in use is refused', async () => {
    const report = await imported(`Ann,ann@example.com,,${TOKEN_A}\nBen,ben@example.com,,short\n`, {
      tokenMode: 'import',
      mapping: MAPPING,
    });
    expect(report.report.map((row) => [row.result, row.field, row.reason])).toEqual([
      ['added', undefined, undefined],
      ['refused', 'token', 'validation.invalid'],
    ]);
    expect((await rows())[0]?.token).toBe(TOKEN_A);

    // The token index is global: another event's invitation's token is in use too.
    const otherEvent = await createEvent(app, owner, 'Other gala');
    await app.db
      .insertInto('invitations')
      .values({
        id: 'other-event-invitation',
        event_id: otherEvent.id,
        name: 'Elsewhere',
        email: 'elsewhere@example.com',
        username: 'elsewhere@example.com',
        password: 'pw',
        token: TOKEN_B,
        created_at: new Date().toISOString(),
        last_login_at: null,
        mail_id: null,
      })
      .execute();
    const elsewhere = await imported(`Cid,cid@example.com,,${TOKEN_B}\n`, {
      tokenMode: 'import',
      mapping: MAPPING,
    });
    expect(elsewhere.report[0]).toMatchObject({
      result: 'refused',
      field: 'token',
      reason: 'validation.inUse',
    });

    const again = await imported(`Ben,ben@example.com,,${TOKEN_A}\n`, {
      tokenMode: 'import',
      mapping: MAPPING,
    });
    expect(again.report[0]).toMatchObject({
      result: 'refused',
      field: 'token',
      reason: 'validation.inUse',
    });

    await imported('Ann,ann@example.com\n', { tokenMode: 'generate' });
    const [ann] = await rows();
    expect(ann?.token).not.toBe(TOKEN_A);
    expect(ann?.access_version).toBe(2);
  });

  it('refuses duplicate emails and invalid rows one by one and imports the rest', async () => {
    const report = await imported(
      'Ann,ann@example.com\nAnn again,ANN@example.com\nNo mail,not-an-email\nBen,ben@example.com\n',
    );
    expect(report).toMatchObject({ added: 2, refused: 2 });
    expect(report.report.filter((row) => row.result === 'refused')).toEqual([
      expect.objectContaining({ line: 2, field: 'email', reason: 'validation.duplicateInFile' }),
      expect.objectContaining({ line: 3, field: 'email', reason: 'validation.email' }),
    ]);
  });

  it('reads Windows-1252 files with umlauts and semicolon files', async () => {
    const latin = Buffer.from('Name;Email\nJürgen Größe;juergen@example.com\n', 'latin1');
    const report = await importRequest(latin, {
      mapping: JSON.stringify({ 0: 'name', 1: 'email' }),
    });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json<InvitationImportReport>()).toMatchObject({
      encoding: 'windows-1252',
      delimiter: ';',
      hasHeader: true,
      replacedCharacters: false,
      added: 1,
    });
    expect((await rows())[0]?.name).toBe('Jürgen Größe');
  });

  it('refuses a broken CSV, a missing email mapping and a column that is not there, and changes nothing', async () => {
    await imported('Ann,ann@example.com\n');
    const before = await rows();
    const broken = await importRequest('Ben,"ben@example.com\nCid,cid@example.com\n', {
      mapping: MAPPING,
      importMode: 'replace',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({
      message: ERROR_MESSAGES.validationFailed,
      errors: { file: expect.stringMatching(/^validation\.csvInvalid\?line=\d+$/) },
    });
    const noEmail = await importRequest('Ben,ben@example.com\n', {
      mapping: JSON.stringify({ 0: 'name' }),
    });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().errors).toEqual({ 'mapping.email': 'validation.required' });
    const wrongColumn = await importRequest('Ben,ben@example.com\n', {
      mapping: JSON.stringify({ 5: 'email' }),
    });
    expect(wrongColumn.statusCode).toBe(400);
    expect(wrongColumn.json().errors).toMatchObject({ 'mapping.5': 'validation.invalid' });
    const badMode = await importRequest('Ben,ben@example.com\n', {
      mapping: MAPPING,
      importMode: 'merge',
    });
    expect(badMode.statusCode).toBe(400);
    expect(Object.keys(badMode.json().errors)).toEqual(['importMode']);
    expect(await rows()).toEqual(before);
  });

  it(`answers 413 for a file over ${INVITATIONS_IMPORT_MAX_BYTES} bytes`, async () => {
    const response = await importRequest(Buffer.alloc(INVITATIONS_IMPORT_MAX_BYTES + 1, 'a'), {
      mapping: MAPPING,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().errors).toEqual({
      file: validationMessage('fileTooLarge', { max: '20 MB' }),
    });
    expect(await rows()).toHaveLength(0);
  });

  it(`refuses a file over ${INVITATIONS_IMPORT_MAX_ROWS} rows and writes nothing`, async () => {
    const lines = ['name,email'];
    for (let index = 0; index <= INVITATIONS_IMPORT_MAX_ROWS; index += 1) {
      lines.push(`G,g${index}@example.com`);
    }
    const response = await importRequest(lines.join('\n'), { mapping: NAME_EMAIL });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      file: validationMessage('maxEntries', { max: INVITATIONS_IMPORT_MAX_ROWS }),
    });
    expect(await rows()).toHaveLength(0);
  });

  it('warns when bytes were no characters, and names each row by its first line', async () => {
    // 0x81 has no character in Windows-1252; a quoted name spans two lines.
    const file = Buffer.concat([
      Buffer.from('"Ann\nSmith",ann@example.com\nB'),
      Buffer.from([0x81]),
      Buffer.from('n,not-an-email\n'),
    ]);
    const report = await imported(file);
    expect(report).toMatchObject({ encoding: 'windows-1252', replacedCharacters: true });
    expect(report.report.map((row) => [row.line, row.result])).toEqual([
      [1, 'refused'],
      [3, 'refused'],
    ]);
    // A name of two lines is refused like in the form.
    expect(report.report[0]).toMatchObject({ field: 'name', reason: 'validation.singleLine' });
  });

  it('writes all or nothing: a failure in the last statement leaves the list as it was', async () => {
    await imported('Ann,ann@example.com\nBen,ben@example.com\n');
    const before = await rows();
    const [ann, ben] = before;
    if (!ann || !ben) throw new Error('fixture');
    // The insert reuses a token another invitation holds: the unique index fails it after the
    // delete and the update went through in the same transaction.
    await expect(
      applyImport(app.db, event.id, {
        deletes: [ben.id],
        updates: [
          { id: ann.id, name: 'Changed', password: 'x', token: TOKEN_B, access_version: 9 },
        ],
        inserts: [
          {
            ...ann,
            id: 'clashing-insert',
            email: 'new@example.com',
            username: 'new@example.com',
            token: TOKEN_B,
          },
        ],
      }),
    ).rejects.toThrow();
    expect(await rows()).toEqual(before);
  });

  it('signs nobody in with an empty password', async () => {
    await imported('Ann,ann@example.com\n', { passwordMode: 'remove' });
    const access = new InvitationAccess(app.db, () => new Date());
    const grant = await access.signIn(event.id, 'ann@example.com', '');
    expect(grant).toBeUndefined();
  });
});
