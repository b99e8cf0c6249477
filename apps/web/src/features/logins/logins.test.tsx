import { PLAN_ALLOWANCES, type AccessLogin, type AccessLoginsPage } from '@livent/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAuthStore, setSignedIn } from '../../lib/auth/auth-store';
import { loadNamespaces } from '../../lib/i18n/i18n';
import { renderInRouter } from '../../test/render';
import { json, testUser } from '../../test/users';
import { LoginList } from './components/login-list';
import { stubFetch } from '../../test/fetch-stub';

const login = (fields: Partial<AccessLogin> = {}): AccessLogin => ({
  id: 'l1',
  way: 'registration',
  label: 'Grace Hopper <grace@example.com>',
  createdAt: '2026-11-23T10:00:00.000Z',
  ...fields,
});

const page = (results: AccessLogin[], total = results.length): AccessLoginsPage => ({
  results,
  page: 1,
  pageSize: 25,
  total,
});

const withAccess = () =>
  testUser({
    plan: 'enterprise-member',
    planAllowance: PLAN_ALLOWANCES['enterprise-member'],
    settings: { ...testUser().settings, timezone: 'Europe/Berlin' },
  });

describe('login list', () => {
  beforeAll(() => loadNamespaces('logins', 'lists', 'events'));
  beforeEach(() => {
    resetAuthStore();
    setSignedIn(withAccess(), 'token');
  });
  afterEach(() => vi.unstubAllGlobals());

  function serve(answer: (path: string, init: RequestInit) => Response | undefined) {
    return stubFetch(answer);
  }

  const render = () =>
    renderInRouter(<LoginList eventId="event-1" />, {
      path: '/events/$eventid/access/loginlist',
      url: '/events/event-1/access/loginlist',
    });

  it('shows each login with its translated way and a code as anonymous', async () => {
    serve((path) =>
      path.startsWith('/api/events/event-1/logins?')
        ? json(200, page([login(), login({ id: 'l2', way: 'code', label: '' })]))
        : undefined,
    );
    render();
    const table = await screen.findByRole('table', { name: 'Logins' });
    await within(table).findByText('Grace Hopper <grace@example.com>');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('Registration')).toBeInTheDocument();
    const time = rows[1]!.querySelector('time');
    expect(time).toHaveAttribute('datetime', '2026-11-23T10:00:00.000Z');
    // The exact time in the user's time zone (Berlin: UTC+1 in November).
    await userEvent.hover(time!);
    expect((await screen.findByRole('tooltip')).textContent).toContain('11:00:00');
    expect(within(rows[2]!).getByText('Code')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Anonymous (code)')).toBeInTheDocument();
  });

  it('filters by way and searches on the server', async () => {
    const fetch = serve((path) =>
      path.startsWith('/api/events/event-1/logins?') ? json(200, page([login()])) : undefined,
    );
    render();
    await screen.findByRole('table', { name: 'Logins' });
    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Search name, email or username' }),
      'grace',
    );
    await waitFor(() =>
      expect(fetch.mock.calls.map(([input]) => String(input))).toContain(
        '/api/events/event-1/logins?page=1&pageSize=25&q=grace',
      ),
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Way in' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Invitation' }));
    await waitFor(() =>
      expect(String(fetch.mock.calls.at(-1)?.[0])).toBe(
        '/api/events/event-1/logins?page=1&pageSize=25&way=invitation&q=grace',
      ),
    );
  });

  it('explains the list when nobody came in yet', async () => {
    serve((path) =>
      path.startsWith('/api/events/event-1/logins?') ? json(200, page([])) : undefined,
    );
    render();
    expect(await screen.findByText('No logins yet')).toBeInTheDocument();
  });

  it('shows the plan notice and asks nothing without CUSTOM_ACCESS', async () => {
    resetAuthStore();
    setSignedIn(testUser(), 'token');
    const fetch = serve(() => undefined);
    render();
    expect(await screen.findByText('The login list is part of plans with custom access.'));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
