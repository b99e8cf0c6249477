import { AUDIT_ACTIONS, LANGUAGES, type AuditEntry, type AuditPage } from '@livent/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAuthStore, setSignedIn } from '../../lib/auth/auth-store';
import { loadNamespaces } from '../../lib/i18n/i18n';
import { loadAllCatalogues } from '../../lib/i18n/resources';
import { stubFetch } from '../../test/fetch-stub';
import { renderInRouter } from '../../test/render';
import { json, testUser } from '../../test/users';
import { AuditLogTable } from './components/audit-log';

const entry = (fields: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 'a1',
  createdAt: '2026-11-23T10:00:00.000Z',
  action: 'event.settings_changed',
  eventId: 'event-1',
  eventTitle: 'Launch',
  actor: 'ada@example.com',
  via: 'session',
  details: { changes: [{ field: 'title', from: 'A', to: 'B' }] },
  ip: '127.0.0.1',
  ...fields,
});

const page = (results: AuditEntry[], total = results.length): AuditPage => ({
  results,
  page: 1,
  pageSize: 25,
  total,
});

describe('audit log labels', () => {
  it('names every action in every dashboard language', async () => {
    const catalogues = await loadAllCatalogues();
    for (const language of LANGUAGES) {
      const actions = catalogues[language].audit.actions as Record<string, Record<string, string>>;
      for (const action of AUDIT_ACTIONS) {
        const [group = '', name = ''] = action.split(/\.(.*)/);
        expect(actions[group]?.[name], `${language}: ${action}`).toBeTruthy();
      }
    }
  });
});

describe('audit log table', () => {
  beforeAll(() => loadNamespaces('audit', 'lists'));
  beforeEach(() => {
    resetAuthStore();
    setSignedIn(
      testUser({ settings: { ...testUser().settings, timezone: 'Europe/Berlin' } }),
      'token',
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  const render = () =>
    renderInRouter(<AuditLogTable scope={{ eventId: 'event-1' }} />, {
      path: '/events/$eventid/admin',
      url: '/events/event-1/admin',
    });

  it('shows when in the user’s time zone, who, what and the changes, a few and then all', async () => {
    const changes = ['title', 'slug', 'menuItems.0.name', 'layout'].map((field) => ({
      field,
      from: `${field} before`,
      to: `${field} after`,
    }));
    stubFetch((path) =>
      path.startsWith('/api/events/event-1/audit?')
        ? json(
            200,
            page([
              entry({ details: { changes } }),
              entry({
                id: 'a2',
                action: 'event.access_changed',
                actor: 'Zapier (ada@example.com)',
                via: 'api_token',
                details: { changes: [{ field: 'accessCode', from: '•••', to: '•••' }] },
              }),
            ]),
          )
        : undefined,
    );
    render();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const rows = within(table).getAllByRole('row');
    // Berlin is UTC+1 in November.
    expect(rows[1]!.querySelector('time')?.textContent).toContain('11:00');
    expect(within(rows[1]!).getByText('Settings changed')).toBeInTheDocument();
    expect(within(rows[1]!).getByText("Title: 'title before' → 'title after'")).toBeInTheDocument();
    // A list's items count from one.
    expect(
      within(rows[1]!).getByText(
        "Menu #1 › name: 'menuItems.0.name before' → 'menuItems.0.name after'",
      ),
    ).toBeInTheDocument();
    expect(within(rows[1]!).queryByText(/^Layout:/)).not.toBeInTheDocument();
    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Show all 4 changes' }));
    expect(
      within(rows[1]!).getByText("Layout: 'layout before' → 'layout after'"),
    ).toBeInTheDocument();

    expect(within(rows[2]!).getByText('Zapier (ada@example.com)')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('via API token')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Access code: ••• → •••')).toBeInTheDocument();
  });

  it('filters by kind and searches on the server, and downloads the CSV so filtered', async () => {
    const fetch = stubFetch((path) =>
      path.startsWith('/api/events/event-1/audit.csv')
        ? new Response('Time\r\n', { headers: { 'content-type': 'text/csv' } })
        : path.startsWith('/api/events/event-1/audit?')
          ? json(200, page([entry()]))
          : undefined,
    );
    render();
    await screen.findByRole('table', { name: 'Audit log' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Kind' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sharing and access' }));
    await waitFor(() =>
      expect(String(fetch.mock.calls.at(-1)?.[0])).toBe(
        '/api/events/event-1/audit?page=1&pageSize=25&group=sharing',
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(fetch.mock.calls.map(([input]) => String(input))).toContain(
        '/api/events/event-1/audit.csv?group=sharing',
      ),
    );
  });

  it('says it is loading, then that nothing is recorded yet', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubFetch((path) =>
      path.startsWith('/api/events/event-1/audit?')
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : undefined,
    );
    render();
    expect(await screen.findByText('Loading the audit log…')).toBeInTheDocument();
    answer(json(200, page([])));
    expect(await screen.findByText('Nothing recorded yet')).toBeInTheDocument();
  });
});
