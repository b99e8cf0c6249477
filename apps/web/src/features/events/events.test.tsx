import type { EventListItem, EventSummary } from '@livent/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespaces } from '../../lib/i18n/i18n';
import { renderInRouter } from '../../test/render';
import { createBody, linkBase } from './components/create-event-form';
import { EventAdmin } from './components/event-admin';
import { EventsList } from './components/events-list';
import { displayUrl, formatDate } from './format';

const event = (index: number): EventListItem => ({
  id: `e${index}`,
  title: `Event ${String(index).padStart(2, '0')}`,
  slug: `event-${index}`,
  fullUrl: `http://events.test/event-${index}`,
  role: 'owner',
  createdAt: '2026-11-20T23:30:00.000Z',
});

beforeAll(() => loadNamespaces('events'));

describe('events list', () => {
  it('shows the empty state with the way to create one', async () => {
    renderInRouter(<EventsList events={[]} timeZone="Europe/Berlin" />);
    expect(await screen.findByText('No events created yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create event' })).toHaveAttribute(
      'href',
      '/events/add',
    );
  });

  it('lists title, public link (new tab) and creation date in the user’s time zone', async () => {
    renderInRouter(<EventsList events={[event(1)]} timeZone="Europe/Berlin" />);
    const list = await screen.findByRole('list', { name: 'Events' });
    const [row] = within(list).getAllByRole('listitem');
    expect(within(row!).getByRole('link', { name: 'Event 01' })).toHaveAttribute(
      'href',
      '/events/e1',
    );
    const publicLink = within(row!).getByRole('link', { name: /events\.test\/event-1/ });
    expect(publicLink).toHaveAttribute('href', 'http://events.test/event-1');
    expect(publicLink).toHaveAttribute('target', '_blank');
    // 23:30 UTC is the next day in Berlin.
    expect(row).toHaveTextContent('Nov 21, 2026');
  });

  it('marks another account’s event as shared with you, and only that one', async () => {
    renderInRouter(
      <EventsList events={[event(1), { ...event(2), role: 'shared' }]} timeZone="UTC" />,
    );
    const list = await screen.findByRole('list', { name: 'Events' });
    const [own, shared] = within(list).getAllByRole('listitem');
    expect(within(shared!).getByText('Shared with you')).toBeInTheDocument();
    expect(within(own!).queryByText('Shared with you')).not.toBeInTheDocument();
  });

  // Typing 40 characters one by one takes seconds on a busy two-core machine.
  it(
    'pages through more than 20 events and searches titles and addresses',
    { timeout: 20_000 },
    async () => {
      const user = userEvent.setup();
      const events = Array.from({ length: 25 }, (_, index) => event(index + 1));
      renderInRouter(<EventsList events={events} timeZone="UTC" />);
      const list = await screen.findByRole('list', { name: 'Events' });
      expect(within(list).getAllByRole('listitem')).toHaveLength(20);
      await user.click(screen.getByRole('button', { name: 'Page 2' }));
      expect(
        within(screen.getByRole('list', { name: 'Events' })).getAllByRole('listitem'),
      ).toHaveLength(5);

      await user.type(screen.getByLabelText('Search events'), 'event-2');
      const found = within(await screen.findByRole('list', { name: 'Events' })).getAllByRole(
        'listitem',
      );
      // event-2 and event-20 … event-25
      expect(found).toHaveLength(7);
      await user.clear(screen.getByLabelText('Search events'));
      await user.type(screen.getByLabelText('Search events'), 'nothing like this');
      expect(await screen.findByText('No events match your search.')).toBeInTheDocument();
    },
  );
});

describe('creating an event', () => {
  it('sends the slug only when chosen', () => {
    expect(createBody({ title: ' Launch ', slug: '' })).toEqual({ title: 'Launch' });
    expect(createBody({ title: 'Launch', slug: 'launch-day' })).toEqual({
      title: 'Launch',
      slug: 'launch-day',
    });
    expect(linkBase([event(3)])).toBe('http://events.test/');
    expect(linkBase([])).toBeUndefined();
  });

  it('formats dates and links for reading', () => {
    expect(formatDate('2026-01-05T12:00:00.000Z', 'de', 'Europe/Berlin')).toBe('05.01.2026');
    expect(formatDate('2026-01-05T12:00:00.000Z', 'en', 'Nowhere/Unknown')).toBe('Jan 5, 2026');
    expect(displayUrl('https://events.test/a')).toBe('events.test/a');
  });
});

const summary = (role: EventSummary['role']): EventSummary => ({
  ...event(1),
  role,
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

describe('event administration', () => {
  beforeAll(() => loadNamespaces('permissions', 'forms'));

  it('offers deletion to the owner only and tells a shared user why (ADR 031)', async () => {
    const { unmount } = renderInRouter(<EventAdmin event={summary('owner')} timeZone="UTC" />);
    expect(await screen.findByRole('button', { name: 'Delete event' })).toBeInTheDocument();
    expect(screen.queryByText(/This event was shared with you/)).not.toBeInTheDocument();
    unmount();

    renderInRouter(<EventAdmin event={summary('shared')} timeZone="UTC" />);
    expect(await screen.findByText(/This event was shared with you/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete event' })).not.toBeInTheDocument();
  });
});
