import {
  PLAN_ALLOWANCES,
  type EnterpriseMembership,
  type EnterpriseOverview as Overview,
} from '@livent/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAuthStore, setSignedIn } from '../../lib/auth/auth-store';
import { loadNamespaces } from '../../lib/i18n/i18n';
import { renderInRouter } from '../../test/render';
import { json, testUser } from '../../test/users';
import { AccountAdministration } from './components/account-administration';
import { EnterpriseOverview } from './components/enterprise-overview';
import { stubFetch } from '../../test/fetch-stub';

const admin = () =>
  testUser({ plan: 'enterprise-admin', planAllowance: PLAN_ALLOWANCES['enterprise-admin'] });

const overview = (fields: Partial<Overview> = {}): Overview => ({
  events: {
    results: [
      {
        id: 'e1',
        createdAt: '2026-11-23T10:00:00.000Z',
        title: 'Member launch',
        ownerName: 'Mia Member',
        ownerEmail: 'mia@example.com',
      },
    ],
    page: 1,
    pageSize: 10,
    total: 1,
  },
  members: {
    results: [
      {
        id: 'u2',
        name: 'Mia Member',
        company: 'Acme',
        email: 'mia@example.com',
        eventCount: 1,
        joinedAt: '2026-11-23T09:00:00.000Z',
      },
    ],
    page: 1,
    pageSize: 10,
    total: 1,
  },
  ...fields,
});

function serve(answer: (path: string, init: RequestInit) => Response | undefined) {
  return stubFetch(answer);
}

describe('enterprise screens', () => {
  beforeAll(() => loadNamespaces('enterprise', 'enterpriseMembers', 'lists', 'dashboard'));
  beforeEach(() => resetAuthStore());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the events and members in two tables and searches members on the server', async () => {
    setSignedIn(admin(), 'token');
    const fetch = serve((path) =>
      path.startsWith('/api/enterprise?') ? json(200, overview()) : undefined,
    );
    renderInRouter(<EnterpriseOverview timeZone="UTC" />, {
      path: '/enterprise',
      url: '/enterprise',
    });
    const events = await screen.findByRole('table', { name: 'Events of the enterprise' });
    await within(events).findByText('Member launch');
    expect(within(events).getByText('mia@example.com')).toBeInTheDocument();
    const members = screen.getByRole('table', { name: 'Members of the enterprise' });
    expect(within(members).getByText('Acme')).toBeInTheDocument();

    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Search name, company or email' }),
      'mia',
    );
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => String(url).includes('membersQ=mia'))).toBe(true),
    );
    expect(fetch.mock.calls.every(([url]) => !String(url).includes('eventsQ'))).toBe(true);
  });

  it('shows the empty states', async () => {
    setSignedIn(admin(), 'token');
    const none = { results: [], page: 1, pageSize: 10, total: 0 };
    serve((path) =>
      path.startsWith('/api/enterprise?') ? json(200, { events: none, members: none }) : undefined,
    );
    renderInRouter(<EnterpriseOverview timeZone="UTC" />, {
      path: '/enterprise',
      url: '/enterprise',
    });
    expect(await screen.findByText('No events yet')).toBeInTheDocument();
    expect(screen.getByText('No members yet')).toBeInTheDocument();
  });

  it('lets an admin invite by email and remove a member after confirming', async () => {
    setSignedIn(admin(), 'token');
    const fetch = serve((path, init) => {
      if (path.startsWith('/api/enterprise?')) return json(200, overview());
      if (path === '/api/enterprise/invitations' && init.method === 'POST') {
        return json(201, {
          id: 'i1',
          email: 'new@example.com',
          createdAt: '2026-11-23T10:00:00.000Z',
        });
      }
      if (path === '/api/enterprise/invitations') return json(200, { results: [] });
      if (path === '/api/enterprise/members/u2' && init.method === 'DELETE') {
        return new Response(null, { status: 204 });
      }
      if (path === '/api/auth/self') return json(200, { user: admin() });
      if (path === '/api/enterprise/two-factor') {
        return json(200, { required: init.method === 'PUT' });
      }
      return undefined;
    });
    renderInRouter(<AccountAdministration />, { path: '/account/admin', url: '/account/admin' });
    // Two-factor sign-in required of members (ADR 071).
    const requirement = await screen.findByRole('switch', {
      name: 'Require two-factor sign-in of members',
    });
    await waitFor(() => expect(requirement).toBeEnabled());
    await userEvent.click(requirement);
    await waitFor(() => expect(requirement).toBeChecked());
    expect(
      fetch.mock.calls.find(
        ([url, init]) => url === '/api/enterprise/two-factor' && init?.method === 'PUT',
      )?.[1]?.body,
    ).toBe(JSON.stringify({ required: true }));

    const email = await screen.findByRole('textbox', { name: 'Email address' });
    await userEvent.type(email, 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText(/email/i, { selector: 'p' })).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await userEvent.clear(email);
    await userEvent.type(email, 'New@Example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    await waitFor(() =>
      expect(fetch.mock.calls.find(([, init]) => init?.method === 'POST')?.[1]?.body).toBe(
        JSON.stringify({ email: 'new@example.com' }),
      ),
    );

    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Mia Member leaves the enterprise/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(
          ([url, init]) => url === '/api/enterprise/members/u2' && init?.method === 'DELETE',
        ),
      ).toBe(true),
    );
  });

  it('shows a member its enterprise and invitations, and accepts one', async () => {
    setSignedIn(testUser(), 'token');
    const answer: EnterpriseMembership = {
      membership: null,
      invitations: [
        {
          id: 'i1',
          createdAt: '2026-11-23T10:00:00.000Z',
          enterprise: { name: 'Ada Admin', company: 'Acme', email: 'ada@example.com' },
        },
      ],
    };
    const fetch = serve((path, init) => {
      if (path === '/api/account/enterprise') return json(200, answer);
      if (path === '/api/account/enterprise/invitations/i1/accept' && init.method === 'POST') {
        return json(200, answer);
      }
      if (path === '/api/auth/self') return json(200, { user: testUser() });
      return undefined;
    });
    renderInRouter(<AccountAdministration />, { path: '/account/admin', url: '/account/admin' });
    expect(
      await screen.findByText('This account does not belong to an enterprise.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Acme (Ada Admin) invites you to join')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/i1/accept'))).toBe(true),
    );
  });

  it("tells a member when the enterprise's plan has ended", async () => {
    setSignedIn(testUser(), 'token');
    const answer: EnterpriseMembership = {
      membership: {
        enterprise: { name: 'Ada Admin', company: 'Acme', email: 'ada@example.com' },
        joinedAt: '2026-11-23T10:00:00.000Z',
        active: false,
      },
      invitations: [],
    };
    serve((path) => (path === '/api/account/enterprise' ? json(200, answer) : undefined));
    renderInRouter(<AccountAdministration />, { path: '/account/admin', url: '/account/admin' });
    expect(
      await screen.findByText('This account is a member of Acme (Ada Admin).'),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      "The enterprise's plan has ended: your own plan applies until the enterprise renews it.",
    );
  });
});
