import {
  DEFAULT_SETTINGS,
  type InvitationImportPreview,
  type InvitationImportReport,
} from '@livent/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAuthStore, setSignedIn } from '../../lib/auth/auth-store';
import { loadNamespaces } from '../../lib/i18n/i18n';
import { stubXhr, type XhrCall } from '../../test/fake-xhr';
import { renderInRouter } from '../../test/render';
import { json, testUser } from '../../test/users';
import { ImportDialog } from './components/import-dialog';
import { InvitationList } from './components/invitation-list';
import { reportCsv } from './import-report-csv';
import { stubFetch } from '../../test/fetch-stub';

const preview = (fields: Partial<InvitationImportPreview> = {}): InvitationImportPreview => ({
  delimiter: ';',
  encoding: 'windows-1252',
  replacedCharacters: false,
  hasHeader: true,
  headers: ['Name', 'E-Mail', 'Kennwort'],
  rows: [
    ['Ada Lovelace', 'ada@example.com', 'Tulip42xy'],
    ['Grace Hopper', 'grace@example', 'Cobol1959'],
  ],
  totalRows: 2,
  mapping: { '0': 'name', '1': 'email' },
  refused: 1,
  ...fields,
});

const report: InvitationImportReport = {
  delimiter: ';',
  encoding: 'windows-1252',
  replacedCharacters: false,
  hasHeader: true,
  added: 1,
  updated: 0,
  unchanged: 0,
  refused: 1,
  removed: 0,
  report: [
    { line: 2, email: 'ada@example.com', name: 'Ada Lovelace', result: 'added' },
    {
      line: 3,
      email: 'grace@example',
      name: '=Grace Hopper',
      result: 'refused',
      field: 'email',
      reason: 'validation.email',
    },
  ],
};

const csvFile = (size?: number) => {
  const file = new File(['Name;E-Mail\nAda;ada@example.com\n'], 'people.csv', {
    type: 'text/csv',
  });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

const fieldsOf = (call: XhrCall | undefined) =>
  Object.fromEntries(
    [...(call?.body.entries() ?? [])].filter(([name]) => name !== 'file'),
  ) as Record<string, string>;

/** The imports sent, without the previews (the options step previews again to count refusals). */
const importsIn = (calls: XhrCall[]) => calls.filter((call) => fieldsOf(call).preview !== 'true');

// A server's refusal is worded after loading the error texts on demand (lib/forms/report-error.ts),
// which the first time can take more than the default second on a busy machine.
const SERVER_ERROR = { timeout: 5000 };

async function open() {
  const onClose = vi.fn();
  renderInRouter(<ImportDialog eventId="event-1" open onClose={onClose} />);
  return { onClose, dialog: await screen.findByRole('dialog', { name: 'Import invitations' }) };
}

async function choose(file: File) {
  const user = userEvent.setup();
  // The hidden input behind the "Choose CSV file" button, as the browser's file picker fills it.
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  await user.upload(input as HTMLInputElement, file);
  return user;
}

// Several steps of MUI rendering each: slower than the default 5 s on a busy machine.
describe('invitation import dialog', { timeout: 20_000 }, () => {
  beforeAll(() => loadNamespaces('invitations', 'lists', 'mails', 'events', 'forms'));
  beforeEach(() => {
    resetAuthStore();
    setSignedIn(testUser({ settings: { ...DEFAULT_SETTINGS, csvDelimiter: ';' } }), 'token');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('previews the file, maps the columns, imports with the chosen modes while showing the upload, and reports each refused row', async () => {
    const calls = stubXhr((call) => {
      if (fieldsOf(call).preview === 'true') call.respond(200, preview());
    });
    const { dialog } = await open();
    expect(within(dialog).getByRole('heading', { name: 'Step 1 of 4: Choose file' })).toBeVisible();
    const user = await choose(csvFile());

    expect(
      await within(dialog).findByRole('heading', { name: 'Step 2 of 4: Columns' }),
    ).toHaveFocus();
    expect(calls[0]?.url).toBe('/api/events/event-1/invitations/import');
    expect(fieldsOf(calls[0])).toEqual({ preview: 'true' });
    expect(
      within(dialog).getByText('2 rows · Delimiter: semicolon · Encoding: Windows-1252'),
    ).toBeVisible();
    expect(within(dialog).queryByText(/could not be read/)).not.toBeInTheDocument();
    const table = within(dialog).getByRole('table', { name: "The file's first rows" });
    expect(within(table).getByText('grace@example')).toBeVisible();
    expect(within(table).getByRole('combobox', { name: 'Kennwort' })).toHaveTextContent('Ignore');

    await user.click(within(table).getByRole('combobox', { name: 'Kennwort' }));
    await user.click(screen.getByRole('option', { name: 'Password' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    expect(
      await within(dialog).findByRole('heading', { name: 'Step 3 of 4: Options' }),
    ).toHaveFocus();
    // A mapped password column takes its passwords from the file unless told otherwise.
    const passwords = within(dialog).getByRole('radiogroup', { name: 'Passwords' });
    const links = within(dialog).getByRole('radiogroup', { name: 'Personal links' });
    expect(within(passwords).getByRole('radio', { name: /^From the file/ })).toBeChecked();
    expect(within(links).getByRole('radio', { name: /^From the file/ })).toBeDisabled();
    // Before the import, the rows it would refuse with this mapping and these modes.
    expect(await within(dialog).findByText(/^1 row will be refused: an invalid/)).toBeVisible();
    expect(fieldsOf(calls[1])).toEqual({
      preview: 'true',
      hasHeader: 'true',
      mapping: '{"0":"name","1":"email","2":"password"}',
      importMode: 'add',
      passwordMode: 'import',
      tokenMode: 'default',
    });
    await user.click(within(links).getByRole('radio', { name: /^Generate new/ }));
    await waitFor(() => expect(fieldsOf(calls[2])).toMatchObject({ tokenMode: 'generate' }));
    await user.click(within(dialog).getByRole('button', { name: 'Import 2 rows' }));

    const upload = importsIn(calls)[0];
    expect(fieldsOf(upload)).toEqual({
      importMode: 'add',
      passwordMode: 'import',
      tokenMode: 'generate',
      hasHeader: 'true',
      mapping: '{"0":"name","1":"email","2":"password"}',
    });
    expect(upload?.body.get('file')).toBeInstanceOf(File);
    upload?.progress(30, 120);
    expect(await within(dialog).findByText('25%')).toBeVisible();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Uploading…');
    expect(within(dialog).getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    upload?.progress(120, 120);
    // Sent whole: the server is at work, which the status says once.
    await waitFor(() =>
      expect(within(dialog).getByRole('status')).toHaveTextContent('Processing the file…'),
    );
    upload?.respond(200, report);

    expect(
      await within(dialog).findByRole('heading', { name: 'Step 4 of 4: Report' }),
    ).toHaveFocus();
    const count = (label: string) =>
      within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(count('Added')).toBe('1');
    expect(count('Refused')).toBe('1');
    expect(within(dialog).queryByText('Deleted', { selector: 'dt' })).not.toBeInTheDocument();
    const refused = within(dialog).getByRole('table', { name: '1 refused row' });
    const row = within(refused).getByText('grace@example').closest('tr') as HTMLElement;
    expect(within(row).getByText('3')).toBeVisible();
    expect(within(row).getByText('Email: Email not valid')).toBeVisible();
  });

  it('opens from the empty list, takes a dropped file, and the list shows the imported rows after the import', async () => {
    let imported = false;
    const invitation = {
      id: 'inv-1',
      createdAt: '2026-11-23T10:00:00.000Z',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      username: 'ada@example.com',
      password: 'Tulip42xy',
      personalLink: 'http://events.localhost:3000/gala/_access/i/token-1',
      logins: 0,
      lastLoginAt: null,
      mailStatus: null,
    };
    const fetch = stubFetch((path) => {
      if (!path.startsWith('/api/events/event-1/invitations?')) return undefined;
      const results = imported ? [invitation] : [];
      return json(200, { results, page: 1, pageSize: 25, total: results.length });
    });
    stubXhr((call) => {
      if (fieldsOf(call).preview === 'true') return call.respond(200, preview());
      imported = true;
      call.respond(200, { ...report, refused: 0, report: report.report.slice(0, 1) });
    });
    const user = userEvent.setup();
    renderInRouter(<InvitationList eventId="event-1" />);
    await screen.findByText('No invitations yet');
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import invitations' });

    const zone = within(dialog).getByText('Drag a CSV file here, or').parentElement as HTMLElement;
    fireEvent.drop(zone, { dataTransfer: { files: [csvFile()] } });
    await user.click(await within(dialog).findByRole('button', { name: 'Next' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Import 2 rows' }));
    expect(await within(dialog).findByText('No row was refused.')).toBeVisible();

    // The list behind the dialog asked again and left its empty state; the report stays open.
    expect(
      await screen.findByRole('cell', { name: 'Ada Lovelace', hidden: true }),
    ).toBeInTheDocument();
    expect(fetch.mock.calls.length).toBeGreaterThanOrEqual(2);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says before the import how many rows it would refuse, counted anew when a mode changes', async () => {
    let answerCheck: ((refused: number) => void) | undefined;
    stubXhr((call) => {
      const fields = fieldsOf(call);
      if (fields.mapping === undefined) return call.respond(200, preview());
      // The count for the chosen modes: passwords from the file refuse two rows here.
      answerCheck = (refused) => call.respond(200, preview({ refused }));
    });
    const { dialog } = await open();
    const user = await choose(csvFile());
    await user.click(within(dialog).getByRole('combobox', { name: 'Kennwort' }));
    await user.click(screen.getByRole('option', { name: 'Password' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Next' }));

    expect(await within(dialog).findByText('Checking which rows would be refused…')).toBeVisible();
    answerCheck?.(2);
    expect(await within(dialog).findByRole('note')).toHaveTextContent(
      /^2 rows will be refused: an invalid or duplicate email address/,
    );
    const passwords = within(dialog).getByRole('radiogroup', { name: 'Passwords' });
    await user.click(within(passwords).getByRole('radio', { name: /^Generate new/ }));
    expect(await within(dialog).findByText('Checking which rows would be refused…')).toBeVisible();
    answerCheck?.(0);
    expect(await within(dialog).findByRole('note')).toHaveTextContent('No row will be refused.');
    expect(within(dialog).getByRole('button', { name: 'Import 2 rows' })).toBeEnabled();
  });

  it('downloads the report as CSV in the user\u2019s delimiter, with formulas neutralised', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:report';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    const calls = stubXhr((call) =>
      fieldsOf(call).preview === 'true' ? call.respond(200, preview()) : call.respond(200, report),
    );
    const { dialog } = await open();
    const user = await choose(csvFile());
    await user.click(await within(dialog).findByRole('button', { name: 'Next' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Import 2 rows' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Download report (CSV)' }));
    expect(importsIn(calls)).toHaveLength(1);
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(await blobs[0]?.text()).toBe(
      '\ufeffLine;Email;Name;Result;Reason\r\n' +
        '2;ada@example.com;Ada Lovelace;Added;\r\n' +
        "3;grace@example;'=Grace Hopper;Refused;Email: Email not valid\r\n",
    );
  });

  it('quotes report cells that hold the delimiter, a quote or a line break', () => {
    const csv = reportCsv(
      [{ line: 2, email: 'a@b.c', name: 'Lovelace, "Ada"\nCountess', result: 'added' }],
      ',',
      {
        headers: ['Line', 'Email', 'Name', 'Result', 'Reason'],
        result: () => 'Added',
        reason: () => '',
      },
    );
    expect(csv).toBe(
      '\ufeffLine,Email,Name,Result,Reason\r\n2,a@b.c,"Lovelace, ""Ada""\nCountess",Added,\r\n',
    );
  });

  it('refuses a file over the cap before uploading it', async () => {
    const calls = stubXhr(() => undefined);
    const { dialog } = await open();
    await choose(csvFile(20 * 1024 * 1024 + 1));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'File must not exceed 20 MB',
    );
    expect(calls).toHaveLength(0);
  });

  it("shows the server's refusal of the file, translated, and stays at the first step", async () => {
    stubXhr((call) =>
      call.respond(400, {
        code: 400,
        message: 'Validation failed',
        errors: { file: 'validation.csvInvalid?line=3' },
      }),
    );
    const { dialog } = await open();
    await choose(csvFile());
    expect(await within(dialog).findByRole('alert', {}, SERVER_ERROR)).toHaveTextContent(
      'The file is not valid CSV (line 3)',
    );
    expect(within(dialog).getByRole('heading', { name: 'Step 1 of 4: Choose file' })).toBeVisible();
  });

  it('warns about replaced characters and needs an email column before going on', async () => {
    const calls = stubXhr((call) =>
      call.respond(
        200,
        fieldsOf(call).hasHeader === 'false'
          ? preview({ hasHeader: false, headers: null, totalRows: 3, mapping: {} })
          : preview({ replacedCharacters: true, mapping: { '0': 'name' } }),
      ),
    );
    const { dialog } = await open();
    const user = await choose(csvFile());
    expect(await within(dialog).findByText(/could not be read and show as �/)).toBeVisible();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Choose the column that holds the email addresses',
    );
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(within(dialog).getByRole('combobox', { name: 'E-Mail' }));
    await user.click(screen.getByRole('option', { name: 'Email' }));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeEnabled();

    // Choosing a field another column holds moves it: each field is one column's.
    await user.click(within(dialog).getByRole('combobox', { name: 'Kennwort' }));
    await user.click(screen.getByRole('option', { name: 'Email' }));
    expect(within(dialog).getByRole('combobox', { name: 'E-Mail' })).toHaveTextContent('Ignore');

    // Without a header line the file is previewed again and the columns are numbered.
    await user.click(within(dialog).getByRole('switch', { name: /first line holds column names/ }));
    expect(await within(dialog).findByRole('combobox', { name: 'Column 1' })).toBeVisible();
    expect(fieldsOf(calls[1])).toEqual({ preview: 'true', hasHeader: 'false' });
    expect(within(dialog).getByText(/^3 rows ·/)).toBeVisible();
  });

  it('asks before replacing, and shows a refused mapping at its column without leaving the step', async () => {
    const calls = stubXhr((call) =>
      fieldsOf(call).preview === 'true'
        ? call.respond(200, preview())
        : call.respond(400, {
            code: 400,
            message: 'Validation failed',
            errors: { 'mapping.1': 'validation.invalid' },
          }),
    );
    const { dialog } = await open();
    const user = await choose(csvFile());
    await user.click(await within(dialog).findByRole('button', { name: 'Next' }));
    await user.click(await within(dialog).findByRole('radio', { name: /^Replace/ }));
    expect(within(dialog).getByText(/does not name will be deleted/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Import 2 rows' }));

    const confirm = await screen.findByRole('dialog', { name: 'Replace the invitation list?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Replace the invitation list?' })).toBeNull(),
    );
    expect(importsIn(calls)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Import 2 rows' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Replace the invitation list?' })).getByRole(
        'button',
        { name: 'Replace' },
      ),
    );
    expect(fieldsOf(importsIn(calls)[0]).importMode).toBe('replace');
    expect(await within(dialog).findByRole('alert', {}, SERVER_ERROR)).toHaveTextContent(
      'Column 2: This value is not valid',
    );
    expect(within(dialog).getByRole('heading', { name: 'Step 3 of 4: Options' })).toBeVisible();
  });
});
