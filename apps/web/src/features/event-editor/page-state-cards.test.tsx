import { type EventSettingsResponse } from '@livent/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAuthStore, setSignedIn } from '../../lib/auth/auth-store';
import { eventSettingsQueryKey } from '../../lib/events/event-settings';
import { loadNamespaces } from '../../lib/i18n/i18n';
import { queryClient } from '../../lib/query-client';
import { savedSettings } from '../../test/event-settings';
import { stubFetch } from '../../test/fetch-stub';
import { renderInRouter } from '../../test/render';
import { json, testUser } from '../../test/users';
import { GeneralSection } from './sections/general-section';

// The General screen's times and page states (docs/decisions/063-event-times-and-page-states.md).

function renderGeneral(settings: EventSettingsResponse) {
  queryClient.setQueryData(eventSettingsQueryKey('e1'), settings);
  const fetch = stubFetch((_path, init) =>
    json(200, { ...settings, ...(JSON.parse(String(init.body)) as object) }),
  );
  renderInRouter(
    <QueryClientProvider client={queryClient}>
      <GeneralSection eventId="e1" />
    </QueryClientProvider>,
  );
  return fetch;
}

const sentPatches = (fetch: ReturnType<typeof stubFetch>) =>
  (fetch.mock.calls as [string, RequestInit | undefined][])
    .filter(([, init]) => init?.method === 'PATCH')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

beforeAll(() => loadNamespaces('events', 'editor', 'forms'));
beforeEach(() => setSignedIn(testUser(), 'access-1'));
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
  resetAuthStore();
});

describe('general: times and page state', () => {
  it('names the state the times give now in the automatic choice', async () => {
    renderGeneral(
      savedSettings({ startMode: 'datetime', startDate: '2099-01-01', startTime: '10:00' }),
    );
    const state = await screen.findByLabelText(/The page shows/);
    expect(state).toHaveDisplayValue('Automatic (now: Before the start)');
    expect(screen.getByLabelText(/Time zone/)).toHaveValue(
      `Your account’s time zone (${testUser().settings.timezone})`,
    );
  });

  it('saves the override, the duration and the texts before and after', async () => {
    const user = userEvent.setup();
    const fetch = renderGeneral(
      savedSettings({ startMode: 'datetime', startDate: '2020-01-01', startTime: '10:00' }),
    );
    const state = await screen.findByLabelText(/The page shows/);
    expect(state).toHaveDisplayValue('Automatic (now: Live)');
    await user.selectOptions(state, 'ondemand');
    await user.type(screen.getByLabelText(/Duration in minutes/), '90');
    await user.type(screen.getByLabelText(/Waiting text/), 'Soon!');
    await user.type(screen.getByLabelText(/Thank-you text/), 'Thanks!');
    await user.type(screen.getByLabelText(/Replay link/), 'https://player.example.com/replay');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sentPatches(fetch)).toHaveLength(1));
    expect(sentPatches(fetch)[0]).toMatchObject({
      pageState: 'ondemand',
      durationMinutes: 90,
      waitingText: 'Soon!',
      thankYouText: 'Thanks!',
      replayLink: 'https://player.example.com/replay',
    });
  });
});
