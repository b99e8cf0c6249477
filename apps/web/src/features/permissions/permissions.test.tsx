import type { EventSummary, OwnerChange, Permission, PermissionsList } from '@livent/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAuthStore, setSignedIn } from '../../lib/auth/auth-store';
import {
  EVENTS_QUERY_KEY,
  eventQueryKey,
  eventSettingsQueryKey,
} from '../../lib/events/event-settings';
import { loadNamespaces } from '../../lib/i18n/i18n';
import { renderInRouter } from '../../test/render';
import { json, testUser } from '../../test/users';
import { OwnerChangeCard, ShareEventCard } from './components/event-sharing';
import {
  PERMISSIONS_QUERY_KEY,
  useAcceptPermission,
  useRemovePermission,
} from './api/permissions-api';
import { PermissionsOverview } from './components/permissions-overview';
import { stubFetch } from '../../test/fetch-stub';

const permission = (fields: Partial<Permission> = {}): Permission => ({
  id: 'p1',
  eventId: 'e1',
  eventTitle: 'Launch',
  role: 'shared',
  status: 'accepted',
  createdAt: '2026-11-20T23:30:00.000Z',
  acceptedAt: '2026-11-21T08:00:00.000Z',
  user: { name: 'Bea Colleague', email: 'bea@example.com' },
  ...fields,
});

const change = (fields: Partial<OwnerChange> = {}): OwnerChange => ({
  id: 'c1',
  eventId: 'e9',
  eventTitle: 'Summit',
  status: 'pending',
  createdAt: '2026-11-22T10:00:00.000Z',
  from: { name: 'Olga Owner', email: 'olga@example.com' },
  to: { name: 'Ada Lovelace', email: 'ada@example.com' },
  ...fields,
});

const list = (fields: Partial<PermissionsList> = {}): PermissionsList => ({
  granted: [],
  received: [],
  ownerChanges: { sent: [], received: [] },
  ...fields,
});

const EMPTY = list();

function serve(answer: (path: string, init: RequestInit) => Response | undefined) {
  return stubFetch((path, init) =>
    path === '/api/auth/self' ? json(200, { user: testUser() }) : answer(path, init),
  );
}

const called = (fetch: ReturnType<typeof serve>, method: string, path: string) =>
  fetch.mock.calls.some(([url, init]) => url === path && (init?.method ?? 'GET') === method);

const OWN_EVENTS = [
  { id: 'e1', title: 'Launch' },
  { id: 'e2', title: 'Town hall' },
];

/** The app's client does not retry a client error; this one does not retry at all (no waiting). */
function renderOverview() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderInRouter(
    <QueryClientProvider client={queryClient}>
      <PermissionsOverview ownEvents={OWN_EVENTS} timeZone="Europe/Berlin" />
    </QueryClientProvider>,
    { path: '/account/permissions', url: '/account/permissions' },
  );
}

describe('shared permissions page', () => {
  beforeAll(() => loadNamespaces('permissions', 'forms', 'events'));
  beforeEach(() => {
    resetAuthStore();
    setSignedIn(testUser(), 'token');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('explains sharing when nothing is shared either way', async () => {
    serve((path) => (path === '/api/permissions' ? json(200, EMPTY) : undefined));
    renderOverview();
    expect(await screen.findByText('You have not shared an event yet')).toBeInTheDocument();
    expect(screen.getByText(/Nobody has shared an event with you/)).toBeInTheDocument();
    expect(screen.queryByText('Events handed over to you')).not.toBeInTheDocument();
  });

  it('shows a load failure with a retry that loads again', async () => {
    let fail = true;
    serve((path) =>
      path === '/api/permissions'
        ? fail
          ? json(500, { code: 500, message: 'x' })
          : json(200, EMPTY)
        : undefined,
    );
    renderOverview();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The shared permissions could not be loaded.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have not shared an event yet')).toBeInTheDocument();
  });

  it('lists what I shared with role, status and date in my time zone, and revokes after confirming', async () => {
    const fetch = serve((path, init) => {
      if (path === '/api/permissions') {
        return json(
          200,
          list({
            granted: [
              permission(),
              permission({
                id: 'p2',
                status: 'pending',
                user: { name: 'Cem', email: 'cem@example.com' },
              }),
            ],
          }),
        );
      }
      if (path === '/api/permissions/p1' && init.method === 'DELETE') return json(204);
      return undefined;
    });
    renderOverview();
    const table = await screen.findByRole('table', { name: 'Events shared by you' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('Bea Colleague');
    expect(first).toHaveTextContent('bea@example.com');
    expect(first).toHaveTextContent('Shared');
    expect(first).toHaveTextContent('Accepted');
    // 23:30 UTC is the next day in Berlin.
    expect(first).toHaveTextContent('Nov 21, 2026');
    expect(second).toHaveTextContent('Pending');

    await userEvent.click(
      within(first!).getByRole('button', {
        name: 'Revoke the permission of Bea Colleague on Launch',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this permission?' });
    expect(dialog).toHaveTextContent('Bea Colleague can no longer open Launch');
    expect(called(fetch, 'DELETE', '/api/permissions/p1')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(called(fetch, 'DELETE', '/api/permissions/p1')).toBe(true));
  });

  it('accepts or rejects an invitation and leaves an accepted share after confirming', async () => {
    const fetch = serve((path, init) => {
      if (path === '/api/permissions') {
        return json(
          200,
          list({
            received: [
              permission({
                id: 'p3',
                eventId: 'e3',
                eventTitle: 'Gala',
                status: 'pending',
                acceptedAt: null,
                user: { name: 'Olga Owner', email: 'olga@example.com' },
              }),
              permission({
                id: 'p4',
                eventId: 'e4',
                eventTitle: 'Expo',
                user: { name: 'Olga Owner', email: 'olga@example.com' },
              }),
            ],
          }),
        );
      }
      if (path === '/api/events') return json(200, []);
      if (init.method === 'POST' && path === '/api/permissions/p3/accept') return json(204);
      if (init.method === 'POST' && path === '/api/permissions/p3/reject') return json(204);
      if (init.method === 'DELETE' && path === '/api/permissions/p4') return json(204);
      return undefined;
    });
    renderOverview();
    const received = await screen.findByRole('list', { name: 'Events shared with you' });
    expect(
      within(received).getByText('Olga Owner invites you to work on this event.'),
    ).toBeInTheDocument();
    expect(
      within(received).getByText(/Owner: Olga Owner \(olga@example.com\)/),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Reject the invitation to Gala' }));
    await waitFor(() => expect(called(fetch, 'POST', '/api/permissions/p3/reject')).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'Accept the invitation to Gala' }));
    await waitFor(() => expect(called(fetch, 'POST', '/api/permissions/p3/accept')).toBe(true));

    await userEvent.click(screen.getByRole('button', { name: 'Leave Expo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this event?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(called(fetch, 'DELETE', '/api/permissions/p4')).toBe(true));
  });

  it('explains a handover received before accepting it, and cancels one I started', async () => {
    const fetch = serve((path, init) => {
      if (path === '/api/permissions') {
        return json(
          200,
          list({
            ownerChanges: {
              received: [change()],
              sent: [
                change({
                  id: 'c2',
                  eventId: 'e1',
                  eventTitle: 'Launch',
                  from: { name: 'Ada Lovelace', email: 'ada@example.com' },
                  to: { name: 'Bea Colleague', email: 'bea@example.com' },
                }),
              ],
            },
          }),
        );
      }
      if (path === '/api/events') return json(200, []);
      if (init.method === 'POST' && path === '/api/owner-changes/c1/accept') return json(204);
      if (init.method === 'DELETE' && path === '/api/owner-changes/c2') return json(204);
      return undefined;
    });
    renderOverview();
    const offers = await screen.findByRole('list', { name: 'Owner changes waiting for you' });
    expect(within(offers).getByText(/Olga Owner loses access to it/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Become the owner of Summit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Become the owner of Summit?' });
    expect(called(fetch, 'POST', '/api/owner-changes/c1/accept')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Become owner' }));
    await waitFor(() => expect(called(fetch, 'POST', '/api/owner-changes/c1/accept')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const sent = screen.getByRole('list', { name: 'Owner changes you started' });
    expect(
      within(sent).getByText('Waiting for Bea Colleague (bea@example.com) to accept.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel the handover of Launch' }));
    await waitFor(() => expect(called(fetch, 'DELETE', '/api/owner-changes/c2')).toBe(true));
  });

  it('shares one of my events and puts the server’s refusal on the email field', async () => {
    let answer = json(404, { code: 404, message: 'No users found with this email' });
    const fetch = serve((path, init) => {
      if (path === '/api/permissions' && init.method === 'POST') return answer;
      if (path === '/api/permissions') return json(200, EMPTY);
      return undefined;
    });
    renderOverview();
    const form = await screen.findByRole('form', { name: 'Share an event' });
    await userEvent.selectOptions(within(form).getByLabelText('Event'), 'e2');
    const email = within(form).getByLabelText('Their email address');
    await userEvent.type(email, 'nobody@example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Share' }));
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription('No users found with this email'),
    );
    expect(fetch.mock.calls.find(([, init]) => init?.method === 'POST')?.[1]?.body).toBe(
      JSON.stringify({ eventId: 'e2', email: 'nobody@example.com' }),
    );

    answer = json(409, { code: 409, message: 'Permission already exists' });
    await userEvent.click(within(form).getByRole('button', { name: 'Share' }));
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription(
        'Permission already exists. Check the shared permissions page.',
      ),
    );

    answer = json(201, permission({ eventId: 'e2', status: 'pending' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(email).toHaveValue(''));
  });
});

const summary = (role: 'owner' | 'shared'): EventSummary => ({
  id: 'e1',
  title: 'Launch',
  slug: 'launch',
  fullUrl: 'http://events.test/launch',
  role,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  language: 'auto',
  layout: 'classic',
  playerMode: 'iframe',
  playerVisible: true,
  messagesEnabled: false,
  complianceBanner: false,
  complianceConfirmed: false,
  highlightCount: 0,
  channelCount: 0,
  accessMode: 'none',
  registrationCount: 0,
  invitationCount: 0,
  loginCount: 0,
  remoteReloadAt: null,
  pageState: 'live',
});

describe('event admin section', () => {
  beforeAll(() => loadNamespaces('permissions', 'forms', 'events'));
  beforeEach(() => {
    resetAuthStore();
    setSignedIn(testUser(), 'token');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows who has the event, and hands it over after confirming, then waits with a cancel', async () => {
    let pending: OwnerChange | null = null;
    const fetch = serve((path, init) => {
      if (path === '/api/permissions')
        return json(
          200,
          list({
            granted: [
              permission(),
              permission({
                id: 'p9',
                eventId: 'e2',
                user: { name: 'Other', email: 'other@example.com' },
              }),
            ],
          }),
        );
      if (path === '/api/events/e1/owner-change' && init.method === 'POST') {
        pending = change({
          eventId: 'e1',
          eventTitle: 'Launch',
          to: { name: 'Bea Colleague', email: 'bea@example.com' },
        });
        return json(201, pending);
      }
      if (path === '/api/events/e1/owner-change') return json(200, pending);
      if (path === '/api/owner-changes/c1' && init.method === 'DELETE') {
        pending = null;
        return json(204);
      }
      return undefined;
    });
    const event = summary('owner');
    renderInRouter(
      <>
        <ShareEventCard event={event} />
        <OwnerChangeCard event={event} timeZone="UTC" />
      </>,
    );
    const holders = await screen.findByRole('list', { name: 'Who has it now' });
    expect(within(holders).getByText('Bea Colleague')).toBeInTheDocument();
    expect(within(holders).queryByText('Other')).not.toBeInTheDocument();

    const form = await screen.findByRole('form', { name: 'Change owner' });
    await userEvent.type(
      within(form).getByLabelText('Email address of the new owner'),
      'bea@example.com',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Change owner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hand over Launch?' });
    expect(within(dialog).getByText(/bea@example.com gets an email/)).toBeInTheDocument();
    expect(called(fetch, 'POST', '/api/events/e1/owner-change')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(
      await screen.findByText(/Waiting for Bea Colleague \(bea@example.com\) to accept since/),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(called(fetch, 'DELETE', '/api/owner-changes/c1')).toBe(true));
    expect(await screen.findByRole('form', { name: 'Change owner' })).toBeInTheDocument();
  });
});

describe('after a change of access', () => {
  beforeEach(() => {
    resetAuthStore();
    setSignedIn(testUser(), 'token');
  });
  afterEach(() => vi.unstubAllGlobals());

  function withClient() {
    const queryClient = new QueryClient();
    for (const key of [PERMISSIONS_QUERY_KEY, EVENTS_QUERY_KEY, eventQueryKey('e1')]) {
      queryClient.setQueryData(key, {});
    }
    queryClient.setQueryData(eventSettingsQueryKey('e1'), {});
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    return { queryClient, wrapper };
  }

  it('reloads the events list, the counts and the page after accepting an invitation', async () => {
    const fetch = serve((path) => (path === '/api/permissions/p1/accept' ? json(204) : undefined));
    const { queryClient, wrapper } = withClient();
    const { result } = renderHook(() => useAcceptPermission(), { wrapper });
    await result.current.mutateAsync(permission({ status: 'pending' }));
    expect(queryClient.getQueryState(EVENTS_QUERY_KEY)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(PERMISSIONS_QUERY_KEY)?.isInvalidated).toBe(true);
    // The signed-in user carries the counts of /home and /account.
    expect(called(fetch, 'GET', '/api/auth/self')).toBe(true);
  });

  it('forgets a left event, but keeps the owner’s own after revoking', async () => {
    serve((path, init) =>
      path === '/api/permissions/p1' && init.method === 'DELETE' ? json(204) : undefined,
    );
    const { queryClient, wrapper } = withClient();
    const { result } = renderHook(() => useRemovePermission(), { wrapper });
    await result.current.mutateAsync({ permission: permission(), left: false });
    expect(queryClient.getQueryData(eventQueryKey('e1'))).toBeDefined();
    expect(queryClient.getQueryState(EVENTS_QUERY_KEY)?.isInvalidated).toBe(false);

    await result.current.mutateAsync({ permission: permission(), left: true });
    expect(queryClient.getQueryData(eventQueryKey('e1'))).toBeUndefined();
    expect(queryClient.getQueryData(eventSettingsQueryKey('e1'))).toBeUndefined();
    expect(queryClient.getQueryState(EVENTS_QUERY_KEY)?.isInvalidated).toBe(true);
  });
});
