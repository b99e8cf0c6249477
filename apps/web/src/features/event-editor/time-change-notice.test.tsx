import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetAuthStore, setSignedIn } from '../../lib/auth/auth-store';
import { loadNamespaces } from '../../lib/i18n/i18n';
import { clearNotifications, getNotifications } from '../../lib/notifications/notification-store';
import { queryClient } from '../../lib/query-client';
import { savedSettings } from '../../test/event-settings';
import { stubFetch } from '../../test/fetch-stub';
import { renderInRouter } from '../../test/render';
import { json, testUser } from '../../test/users';
import { TimeChangeNotice } from './sections/time-change-notice';

/** The settings and the notice resource; the notice pending until it is sent. */
function server(notice: { pending: boolean; recipients: number }) {
  let pending = notice.pending;
  return stubFetch((path, init) => {
    if (path.endsWith('/event-settings/e1')) return json(200, savedSettings());
    if (!path.endsWith('/events/e1/time-change-notices')) {
      return json(404, { code: 404, message: 'x' });
    }
    if (init.method === 'POST') {
      pending = false;
      return json(200, { queued: notice.recipients - 1, skipped: 1 });
    }
    return json(200, { pending, recipients: notice.recipients });
  });
}

const posts = (fetch: ReturnType<typeof server>) =>
  (fetch.mock.calls as [string, RequestInit | undefined][]).filter(
    ([, init]) => init?.method === 'POST',
  );

const renderNotice = () =>
  renderInRouter(
    <QueryClientProvider client={queryClient}>
      <TimeChangeNotice eventId="e1" />
    </QueryClientProvider>,
  );

beforeAll(() => loadNamespaces('editor', 'forms', 'mails'));
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
  clearNotifications();
  resetAuthStore();
});

describe('the notice of a new time (ADR 064)', () => {
  it('offers to notify everyone after a time change and sends once confirmed', async () => {
    setSignedIn(testUser(), 'time-1');
    const user = userEvent.setup();
    const fetch = server({ pending: true, recipients: 3 });
    renderNotice();
    const offer = await screen.findByRole('button', {
      name: 'Notify 3 registrants and invitees of the new time',
    });
    await user.click(offer);
    const dialog = await screen.findByRole('dialog', { name: 'Notify of the new time?' });
    expect(posts(fetch)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Send the new time' }));
    await waitFor(() => expect(posts(fetch)).toHaveLength(1));
    await waitFor(() =>
      expect(getNotifications().map((item) => item.message)).toEqual([
        '2 emails with the new time are on their way. (1 address skipped: it unsubscribed from this event’s emails)',
      ]),
    );
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /of the new time/ })).not.toBeInTheDocument(),
    );
  });

  it('shows nothing while the time has not moved, or nobody would be told', async () => {
    setSignedIn(testUser(), 'time-1');
    const fetch = server({ pending: false, recipients: 3 });
    renderNotice();
    await waitFor(() => expect(fetch.mock.calls.length).toBeGreaterThanOrEqual(2));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
