import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetAuthStore, setSignedIn } from '../../lib/auth/auth-store';
import { eventSettingsQueryKey } from '../../lib/events/event-settings';
import { loadNamespaces } from '../../lib/i18n/i18n';
import { queryClient } from '../../lib/query-client';
import { savedSettings } from '../../test/event-settings';
import { stubFetch } from '../../test/fetch-stub';
import { renderInRouter } from '../../test/render';
import { json, testUser } from '../../test/users';
import { ComplianceSection } from './sections/compliance-section';

// The compliance screen's "Data retention" (docs/decisions/073-data-retention-and-privacy.md).

/** An event on 1 March 2027, 09:00 to 10:00 UTC. */
const saved = savedSettings({
  startMode: 'datetime',
  startDate: '2027-03-01',
  startTime: '09:00',
  timeZone: 'UTC',
  durationMinutes: 60,
});

function renderSection(settings = saved) {
  queryClient.setQueryData(eventSettingsQueryKey('e1'), settings);
  const fetch = stubFetch((_path, init) =>
    init.method === 'PATCH'
      ? json(200, { ...settings, ...(JSON.parse(String(init.body)) as object) })
      : json(404, { code: 404, message: 'Not found' }),
  );
  renderInRouter(
    <QueryClientProvider client={queryClient}>
      <ComplianceSection eventId="e1" />
    </QueryClientProvider>,
  );
  return () =>
    (fetch.mock.calls as [string, RequestInit | undefined][])
      .filter(([, init]) => init?.method === 'PATCH')
      .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
}

beforeAll(() => loadNamespaces('events', 'editor', 'forms'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  queryClient.clear();
  resetAuthStore();
});

describe('data retention', () => {
  it('says when the data goes, and saves the days and the mode', async () => {
    setSignedIn(testUser(), 'access-1');
    const user = userEvent.setup();
    const patches = renderSection();
    const days = await screen.findByLabelText('Keep viewer data');
    expect(days).toHaveValue('');
    expect(screen.queryByText(/^Viewer data will be/)).not.toBeInTheDocument();
    await user.selectOptions(days, '30');
    expect(screen.getByText(/^Viewer data will be/)).toHaveTextContent(
      'Viewer data will be deleted on Mar 31, 2027.',
    );
    await user.click(screen.getByRole('radio', { name: /Anonymise it/ }));
    expect(screen.getByText(/^Viewer data will be/)).toHaveTextContent(
      'will be anonymised on Mar 31, 2027',
    );
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(patches()).toEqual([{ retentionDays: 30, retentionMode: 'anonymise' }]),
    );
  });

  it('asks first when the new setting makes the data due at once', async () => {
    setSignedIn(testUser(), 'access-1');
    const user = userEvent.setup();
    // The event was more than 30 but less than 90 days ago; 90 days are saved.
    const patches = renderSection(
      savedSettings({ ...saved, startDate: '2026-10-01', retentionDays: 90 }),
    );
    const select = await screen.findByLabelText('Keep viewer data');
    expect(select).toHaveValue('90');
    await user.selectOptions(select, '30');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove viewer data now?' });
    expect(patches()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Save and remove' }));
    await waitFor(() => expect(patches()).toEqual([{ retentionDays: 30 }]));
  });
});
