import type { Registration, RegistrationsPage } from '@livent/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAuthStore, setSignedIn } from '../../lib/auth/auth-store';
import { loadNamespaces } from '../../lib/i18n/i18n';
import { renderInRouter } from '../../test/render';
import { json, testUser } from '../../test/users';
import { RegistrationList } from './components/registration-list';
import { stubFetch } from '../../test/fetch-stub';

const registration = (fields: Partial<Registration> = {}): Registration => ({
  id: 'r1',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  fields: { company: 'Navy' },
  personalLink: 'http://events.localhost:3000/launch/_access/r/abc',
  verified: true,
  createdAt: '2026-11-23T10:00:00.000Z',
  mailStatus: 'delivered',
  attendance: null,
  ...fields,
});

const page = (results: Registration[], total = results.length): RegistrationsPage => ({
  results,
  page: 1,
  pageSize: 25,
  total,
});

const FIELDS = [{ name: 'company', label: 'Company', required: false, options: [] }];

describe('registration list', () => {
  beforeAll(() => loadNamespaces('registrations', 'lists', 'mails', 'events', 'forms'));
  beforeEach(() => {
    resetAuthStore();
    setSignedIn(testUser(), 'token');
  });
  afterEach(() => vi.unstubAllGlobals());

  function serve(answer: (path: string, init: RequestInit) => Response | undefined) {
    return stubFetch(answer);
  }

  const render = () =>
    renderInRouter(<RegistrationList eventId="event-1" fields={FIELDS} />, {
      path: '/events/$eventid/access/registrationlist',
      url: '/events/event-1/access/registrationlist',
    });

  it('dates a registration in the user’s time zone, not the browser’s (ADR 054)', async () => {
    setSignedIn(
      testUser({ settings: { ...testUser().settings, timezone: 'Pacific/Auckland' } }),
      'token',
    );
    serve((path) =>
      path.startsWith('/api/events/event-1/registrations?')
        ? json(200, page([registration({ createdAt: '2026-11-23T22:30:00.000Z' })]))
        : undefined,
    );
    render();
    const row = (await screen.findByText('Grace Hopper')).closest('tr') as HTMLElement;
    // 22:30 UTC is 11:30 the next morning in Auckland (UTC+13 in November).
    expect(within(row).getByText('Nov 24, 2026, 11:30 AM')).toBeInTheDocument();
  });

  it('shows the registrations with the additional fields, the mail status and the unverified ones', async () => {
    serve((path) =>
      path.startsWith('/api/events/event-1/registrations?')
        ? json(
            200,
            page([
              registration(),
              registration({
                id: 'r2',
                name: 'Alan Turing',
                email: 'alan@example.com',
                fields: {},
                verified: false,
                mailStatus: null,
              }),
            ]),
          )
        : undefined,
    );
    render();
    const table = await screen.findByRole('table', { name: 'Registrations' });
    expect(within(table).getByRole('columnheader', { name: 'Company' })).toBeInTheDocument();
    await within(table).findByText('Grace Hopper');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('Navy')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Delivered')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Not verified yet')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Not sent')).toBeInTheDocument();
  });

  it('searches on the server after typing and sorts by name', async () => {
    const fetch = serve((path) =>
      path.startsWith('/api/events/event-1/registrations?')
        ? json(200, page([registration()]))
        : undefined,
    );
    render();
    await screen.findByRole('table', { name: 'Registrations' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search name or email' }), 'grace');
    await waitFor(() =>
      expect(fetch.mock.calls.map(([input]) => String(input))).toContain(
        '/api/events/event-1/registrations?page=1&pageSize=25&sort=newest&q=grace',
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() =>
      expect(String(fetch.mock.calls.at(-1)?.[0])).toBe(
        '/api/events/event-1/registrations?page=1&pageSize=25&sort=name&q=grace',
      ),
    );
  });

  it('deletes a registration only after confirmation', async () => {
    const fetch = serve((path, init) => {
      if (init.method === 'DELETE' && path === '/api/events/event-1/registrations/r1') {
        return new Response(null, { status: 204 });
      }
      return path.startsWith('/api/events/event-1/registrations?')
        ? json(200, page([registration()]))
        : undefined;
    });
    render();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Delete the registration of Grace Hopper' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete registration?' });
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true),
    );
  });

  it('shows when each joined, was last seen and how long they watched, and the detail (ADR 066)', async () => {
    setSignedIn(testUser({ settings: { ...testUser().settings, timezone: 'UTC' } }), 'token');
    serve((path) =>
      path.startsWith('/api/events/event-1/registrations?')
        ? json(
            200,
            page([
              registration({
                attendance: {
                  firstJoinAt: '2026-11-24T09:58:00.000Z',
                  lastSeenAt: '2026-11-24T11:10:00.000Z',
                  minutesWatched: 72,
                  questions: 2,
                  polls: 1,
                },
              }),
              registration({ id: 'r2', name: 'Alan Turing', email: 'alan@example.com' }),
            ]),
          )
        : undefined,
    );
    render();
    const table = await screen.findByRole('table', { name: 'Registrations' });
    // The test's screen is a phone's: "Joined" and "Last seen" are hidden there.
    expect(within(table).getByRole('columnheader', { name: 'Watched' })).toBeInTheDocument();
    await within(table).findByText('Grace Hopper');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('Nov 24, 2026, 9:58 AM')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('1 h 12 min')).toBeInTheDocument();
    expect(within(rows[2]!).getAllByText('—')).toHaveLength(3);

    await userEvent.click(screen.getByRole('button', { name: 'Attendance of Grace Hopper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Attendance of Grace Hopper' });
    expect(within(dialog).getByText('grace@example.com')).toBeInTheDocument();
    expect(within(dialog).getByText('Questions asked').nextSibling).toHaveTextContent('2');
    expect(within(dialog).getByText('Polls answered').nextSibling).toHaveTextContent('1');
    expect(within(dialog).getByText('First join').nextSibling).toHaveTextContent(
      'Nov 24, 2026, 9:58 AM',
    );
    expect(within(dialog).getByText('Last seen').nextSibling).toHaveTextContent(
      'Nov 24, 2026, 11:10 AM',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Attendance of Alan Turing' }));
    expect(
      await screen.findByText('Alan Turing has not opened the event page yet.'),
    ).toBeInTheDocument();
  });

  it('explains registration with a link to the access settings when nobody registered', async () => {
    serve((path) =>
      path.startsWith('/api/events/event-1/registrations?') ? json(200, page([])) : undefined,
    );
    render();
    expect(await screen.findByText('No registrations yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Access settings' })).toHaveAttribute(
      'href',
      '/events/event-1/access/settings',
    );
  });
});
