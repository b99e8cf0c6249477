import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInRouter } from '../../test/render';
import { json } from '../../test/users';
import { AccountNavigation, DefaultNavigation, EventNavigation } from './side-navigation';
import { stubFetch } from '../../test/fetch-stub';

const EVENT_LINKS = [
  ['Event stats', '/events/demo/stats'],
  ['Control room', '/events/demo/live'],
  ['Message inbox', '/events/demo/messages'],
  ['General', '/events/demo/general'],
  ['Player', '/events/demo/player'],
  ['Text/content', '/events/demo/text'],
  ['Highlights', '/events/demo/highlights'],
  ['Channels', '/events/demo/channels'],
  ['Appearance', '/events/demo/appearance'],
  ['Navigation', '/events/demo/navigation'],
  ['Interaction tools', '/events/demo/interaction'],
  ['Access settings', '/events/demo/access/settings'],
  ['Invitation list', '/events/demo/access/invitationlist'],
  ['Registration list', '/events/demo/access/registrationlist'],
  ['Reminders & follow-up', '/events/demo/reminders'],
  ['Login list', '/events/demo/access/loginlist'],
  ['Compliance', '/events/demo/compliance'],
  ['Advanced settings', '/events/demo/advanced'],
  ['Event administration', '/events/demo/admin'],
] as const;

async function eventLinks(allowance: Parameters<typeof EventNavigation>[0]['allowance']) {
  renderInRouter(<EventNavigation eventId="demo" allowance={allowance} />, {
    path: '/events/$eventid/general',
    url: '/events/demo/general',
  });
  const nav = await screen.findByRole('navigation', { name: 'Event navigation' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

/** The inbox's list answer the navigation reads its unread count from. */
function unreadServer(unreadCount: number) {
  return stubFetch(() =>
    json(200, { results: [], page: 1, pageSize: 1, total: unreadCount, unreadCount }),
  );
}

beforeEach(() => unreadServer(0));
afterEach(() => vi.unstubAllGlobals());

describe('the unread messages count (ADR 025)', () => {
  it('shows the count on the inbox link, with an accessible "3 unread"', async () => {
    const fetch = unreadServer(3);
    renderInRouter(<EventNavigation eventId="demo" allowance={undefined} />, {
      path: '/events/$eventid/general',
      url: '/events/demo/general',
    });
    const link = await screen.findByRole('link', { name: 'Message inbox 3 unread' });
    expect(within(link).getByTestId('unread-count')).toHaveTextContent('3');
    expect(fetch).toHaveBeenCalledWith('/api/events/demo/messages?pageSize=1', expect.anything());
  });

  it('shows nothing without unread messages', async () => {
    const fetch = unreadServer(0);
    renderInRouter(<EventNavigation eventId="demo" allowance={undefined} />, {
      path: '/events/$eventid/general',
      url: '/events/demo/general',
    });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(await screen.findByRole('link', { name: 'Message inbox' })).toBeInTheDocument();
    expect(screen.queryByTestId('unread-count')).not.toBeInTheDocument();
  });
});

describe('event side navigation (spec section 2)', () => {
  it('lists a back link and the 19 sections in order with CUSTOM_ACCESS', async () => {
    const links = await eventLinks({ features: ['CUSTOM_ACCESS'], limit: {} });
    expect(links[0]).toEqual(['Back to events', '/events']);
    expect(links.slice(1)).toEqual(EVENT_LINKS);
    expect(links.slice(1)).toHaveLength(19);
  });

  it('hides the login list without CUSTOM_ACCESS (18 sections)', async () => {
    const links = await eventLinks(undefined);
    expect(links.slice(1)).toEqual(EVENT_LINKS.filter(([label]) => label !== 'Login list'));
    expect(links.slice(1)).toHaveLength(18);
  });

  it('hides it for a plan with other features only', async () => {
    const links = await eventLinks({ features: ['CUSTOM_DOMAIN', 'PAID'], limit: {} });
    expect(links.map(([label]) => label)).not.toContain('Login list');
  });

  it('marks the current page', async () => {
    renderInRouter(<EventNavigation eventId="demo" allowance={undefined} />, {
      path: '/events/$eventid/general',
      url: '/events/demo/general',
    });
    const current = await screen.findByRole('link', { name: 'General' });
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Player' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Back to events' })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it('keeps labels for assistive technology in the mini variant', async () => {
    renderInRouter(<EventNavigation eventId="demo" allowance={undefined} mini />, {
      path: '/events/$eventid/general',
      url: '/events/demo/general',
    });
    expect(await screen.findByRole('link', { name: 'Event stats' })).toBeInTheDocument();
  });
});

describe('account and default side navigation', () => {
  it('lists the account sections and settings', async () => {
    renderInRouter(<AccountNavigation />, { path: '/account/profile', url: '/account/profile' });
    const nav = await screen.findByRole('navigation', { name: 'Account navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Account overview',
      'Profile',
      'Security',
      'Plan',
      'Billing',
      'Custom domains',
      'Webhooks',
      'Shared permissions',
      'Administration',
      'Settings',
    ]);
    expect(within(nav).getByRole('link', { name: 'Profile' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Account overview' })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it('lists add event, events, account and settings elsewhere', async () => {
    renderInRouter(<DefaultNavigation />, { path: '/settings', url: '/settings' });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Add event', '/events/add'],
      ['Events', '/events'],
      ['Account', '/account'],
      ['Settings', '/settings'],
    ]);
  });
});
