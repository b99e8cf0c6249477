import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInRouter } from '../../test/render';
import { CurrentEventTitle, EventSelector, type EventOption } from './event-selector';

const events: EventOption[] = [
  { id: 'e1', title: 'Annual Meeting', fullUrl: 'https://events.example/annual' },
  { id: 'e2', title: 'Product Launch', fullUrl: 'https://events.example/launch' },
];

describe('event selector (spec section 2, "Header")', () => {
  it('says no events were created yet when the list is empty', async () => {
    renderInRouter(<EventSelector events={[]} />);
    await userEvent.click(await screen.findByRole('combobox', { name: 'Event' }));
    expect(await screen.findByText('No events created yet')).toBeInTheDocument();
  });

  it('says none were found when a filter matches nothing', async () => {
    renderInRouter(<EventSelector events={events} />);
    await userEvent.type(await screen.findByRole('combobox', { name: 'Event' }), 'zzz');
    expect(await screen.findByText('No events found')).toBeInTheDocument();
    expect(screen.queryByText('No events created yet')).not.toBeInTheDocument();
  });

  it('opens the chosen event', async () => {
    const { router } = renderInRouter(<EventSelector events={events} />, {
      path: '$',
      url: '/events',
    });
    await userEvent.click(await screen.findByRole('combobox', { name: 'Event' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Product Launch' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/e2'));
  });

  it('marks an event shared with this account (ADR 031)', async () => {
    renderInRouter(<EventSelector events={[events[0]!, { ...events[1]!, role: 'shared' }]} />);
    await userEvent.click(await screen.findByRole('combobox', { name: 'Event' }));
    expect(
      await screen.findByRole('option', { name: 'Product Launch Shared with you' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Annual Meeting' })).toBeInTheDocument();
  });

  it('links to creating an event when no event is open', async () => {
    renderInRouter(<EventSelector events={events} />);
    expect(await screen.findByRole('link', { name: 'Create event' })).toHaveAttribute(
      'href',
      '/events/add',
    );
  });

  it('names the open event for small screens, and nothing elsewhere', async () => {
    renderInRouter(<CurrentEventTitle events={events} />, {
      path: '/events/$eventid/general',
      url: '/events/e2/general',
    });
    expect(await screen.findByTestId('current-event-title')).toHaveTextContent('Product Launch');
  });

  it('names no event outside an event', async () => {
    renderInRouter(
      <>
        <CurrentEventTitle events={events} />
        <span>ready</span>
      </>,
      { path: '/events', url: '/events' },
    );
    await screen.findByText('ready');
    expect(screen.queryByTestId('current-event-title')).not.toBeInTheDocument();
  });

  it('opens the public page of the current event in a new tab', async () => {
    renderInRouter(<EventSelector events={events} />, {
      path: '/events/$eventid',
      url: '/events/e1',
    });
    const link = await screen.findByRole('link', { name: 'Open the public event page' });
    expect(link).toHaveAttribute('href', 'https://events.example/annual');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(screen.getByRole('combobox', { name: 'Event' })).toHaveValue('Annual Meeting');
  });
});
