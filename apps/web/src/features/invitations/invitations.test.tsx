import type { Invitation, InvitationsPage } from '@livent/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAuthStore, setSignedIn } from '../../lib/auth/auth-store';
import { QUEUED_MAIL_POLL_MS } from '../../lib/events/access-mails';
import { loadNamespaces } from '../../lib/i18n/i18n';
import { renderInRouter } from '../../test/render';
import { json, testUser } from '../../test/users';
import { InvitationList } from './components/invitation-list';
import { stubFetch } from '../../test/fetch-stub';

const invitation = (fields: Partial<Invitation> = {}): Invitation => ({
  id: 'inv-1',
  createdAt: '2026-11-23T10:00:00.000Z',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  username: 'ada@example.com',
  password: 'Tulip42xy',
  personalLink: 'http://events.localhost:3000/gala/_access/i/token-1',
  logins: 3,
  lastLoginAt: null,
  mailStatus: null,
  attendance: null,
  ...fields,
});

const page = (results: Invitation[], total = results.length): InvitationsPage => ({
  results,
  page: 1,
  pageSize: 25,
  total,
});

type Handler = (path: string, init: RequestInit) => Response | undefined;

function serve(handler: Handler) {
  return stubFetch(handler);
}

const listCalls = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls
    .map(([input, init]) => [String(input), init?.method ?? 'GET'] as const)
    .filter(([path, method]) => method === 'GET' && path.includes('/invitations?'))
    .map(([path]) => new URL(path, 'http://localhost').searchParams);

// Many typed keys and re-renders: on a busy shared machine these take longer than the 5 s default.
describe('invitation list', { timeout: 20_000 }, () => {
  beforeAll(() => loadNamespaces('invitations', 'lists', 'mails', 'events', 'forms'));
  beforeEach(() => {
    resetAuthStore();
    setSignedIn(testUser(), 'token');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('dates an invitation in the user’s time zone, not the browser’s (ADR 054)', async () => {
    setSignedIn(
      testUser({ settings: { ...testUser().settings, timezone: 'Pacific/Auckland' } }),
      'token',
    );
    serve((path, init) =>
      (init.method ?? 'GET') === 'GET' && path.startsWith('/api/events/event-1/invitations?')
        ? json(200, page([invitation({ createdAt: '2026-11-23T22:30:00.000Z' })]))
        : undefined,
    );
    renderInRouter(<InvitationList eventId="event-1" />);
    const row = (await screen.findByText('Ada Lovelace')).closest('tr') as HTMLElement;
    // 22:30 UTC is the next day in Auckland (UTC+13 in November).
    expect(within(row).getByText('Nov 24, 2026')).toBeInTheDocument();
  });

  it('shows the server page, sorts and searches on the server, and reveals a password on demand', async () => {
    const fetch = serve((path, init) =>
      (init.method ?? 'GET') === 'GET' && path.startsWith('/api/events/event-1/invitations?')
        ? json(200, page([invitation()], 60))
        : undefined,
    );
    const user = userEvent.setup();
    renderInRouter(<InvitationList eventId="event-1" />);
    const row = (await screen.findByText('Ada Lovelace')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Not sent')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(within(row).queryByText('Tulip42xy')).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Show password' }));
    expect(within(row).getByText('Tulip42xy')).toBeInTheDocument();
    expect(screen.getByText('1–25 of 60')).toBeInTheDocument();
    expect(listCalls(fetch)[0]?.toString()).toBe('sort=createdAt&order=desc&page=1&pageSize=25');

    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(listCalls(fetch).at(-1)?.get('sort')).toBe('name'));
    expect(listCalls(fetch).at(-1)?.get('order')).toBe('asc');

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(listCalls(fetch).at(-1)?.get('page')).toBe('2'));

    // Pasted at once: typed keys on a busy machine can be further apart than the search delay
    // (the delay itself is tested with the table's hook, components/data-table).
    await user.click(screen.getByRole('searchbox', { name: /Search/ }));
    await user.paste('lov');
    await waitFor(() => expect(listCalls(fetch).at(-1)?.get('q')).toBe('lov'));
    // A search starts again at the first page.
    expect(listCalls(fetch).at(-1)?.get('page')).toBe('1');
    expect(listCalls(fetch).filter((params) => params.has('q'))).toHaveLength(1);
  });

  it('asks again while a mail is queued, and stops once none is', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let answers = 0;
      const fetch = serve((path, init) => {
        if ((init.method ?? 'GET') !== 'GET' || !path.includes('/invitations?')) return undefined;
        answers += 1;
        return json(200, page([invitation({ mailStatus: answers < 3 ? 'queued' : 'accepted' })]));
      });
      renderInRouter(<InvitationList eventId="event-1" />);
      expect(await screen.findByText('Queued')).toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(QUEUED_MAIL_POLL_MS);
      await waitFor(() => expect(listCalls(fetch)).toHaveLength(2));
      expect(screen.getByText('Queued')).toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(QUEUED_MAIL_POLL_MS);
      expect(await screen.findByText('Accepted')).toBeInTheDocument();
      // Nothing queued any more: no further requests.
      await vi.advanceTimersByTimeAsync(3 * QUEUED_MAIL_POLL_MS);
      expect(listCalls(fetch)).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the empty state with the add action', async () => {
    serve(() => json(200, page([])));
    renderInRouter(<InvitationList eventId="event-1" />);
    expect(await screen.findByText('No invitations yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add invitation' })).toBeInTheDocument();
  });

  it('adds an invitation without the blank optional fields and shows "already in use" at its field', async () => {
    const posted: unknown[] = [];
    serve((path, init) => {
      if (init.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { email: string };
        posted.push(body);
        return body.email === 'taken@example.com'
          ? json(400, {
              code: 400,
              message: 'Validation failed',
              errors: { email: 'validation.inUse' },
            })
          : json(201, invitation({ id: 'inv-2', name: 'Bo' }));
      }
      return path.includes('/invitations?') ? json(200, page([])) : undefined;
    });
    const user = userEvent.setup();
    renderInRouter(<InvitationList eventId="event-1" />);
    await screen.findByText('No invitations yet');
    await user.click(screen.getByRole('button', { name: 'Add invitation' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'Bo');
    await user.type(within(dialog).getByLabelText('Email'), 'taken@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Already in use')).toBeInTheDocument();
    expect(posted).toEqual([{ name: 'Bo', email: 'taken@example.com' }]);

    await user.clear(within(dialog).getByLabelText('Email'));
    await user.type(within(dialog).getByLabelText('Email'), 'bo@example.com');
    await user.type(within(dialog).getByLabelText(/Password/), 'secret 1');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted.at(-1)).toEqual({ name: 'Bo', email: 'bo@example.com', password: 'secret 1' });
  });

  it('deletes only after confirmation', async () => {
    const deleted: string[] = [];
    serve((path, init) => {
      if (init.method === 'DELETE') {
        deleted.push(path);
        return new Response(null, { status: 204 });
      }
      return path.includes('/invitations?') ? json(200, page([invitation()])) : undefined;
    });
    const user = userEvent.setup();
    renderInRouter(<InvitationList eventId="event-1" />);
    await user.click(
      await screen.findByRole('button', { name: 'Delete the invitation of Ada Lovelace' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete invitation?' });
    expect(deleted).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toEqual(['/api/events/event-1/invitations/inv-1']));
  });
});
