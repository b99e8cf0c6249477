import { PLAN_ALLOWANCES, type EventSettingsResponse } from '@livent/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAuthStore, setSignedIn } from '../../lib/auth/auth-store';
import { eventSettingsQueryKey } from '../../lib/events/event-settings';
import { loadNamespaces } from '../../lib/i18n/i18n';
import { getNotifications } from '../../lib/notifications/notification-store';
import { queryClient } from '../../lib/query-client';
import { renderInRouter } from '../../test/render';
import { savedSettings } from '../../test/event-settings';
import { json, testUser } from '../../test/users';
import { ComplianceSection } from './sections/compliance-section';
import { GeneralSection } from './sections/general-section';
import { InteractionSection } from './sections/interaction-section';
import { PlayerSection } from './sections/player-section';
import { TextSection } from './sections/text-section';
import { stubFetch } from '../../test/fetch-stub';

const saved = savedSettings({ headline: 'Welcome' });

function renderSection(ui: ReactNode, settings: EventSettingsResponse = saved) {
  queryClient.setQueryData(eventSettingsQueryKey('e1'), settings);
  return renderInRouter(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
}

/** A fetch that answers each PATCH with the saved settings plus the patch (or `answer`). */
function patchServer(answer?: () => Response) {
  return stubFetch((_path, init) => {
    if (init.method !== 'PATCH') return json(404, { code: 404, message: 'Not found' });
    if (answer) return answer();
    const patch = JSON.parse(String(init.body)) as object;
    return json(200, { ...saved, ...patch });
  });
}

/** The PATCH requests the section sent. */
const patches = (fetch: ReturnType<typeof patchServer>) =>
  (fetch.mock.calls as [string, RequestInit | undefined][])
    .filter(([, init]) => init?.method === 'PATCH')
    .map(([url, init]) => ({ url, body: JSON.parse(String(init?.body)) as unknown }));

beforeAll(() => loadNamespaces('events', 'editor', 'forms'));
beforeEach(() => setSignedIn(testUser(), 'access-1'));
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
  resetAuthStore();
});

describe('editor sections save only what changed', () => {
  it('sends the changed field, shows "saved" and keeps the saved answer', async () => {
    const user = userEvent.setup();
    const fetch = patchServer();
    renderSection(<TextSection eventId="e1" />);
    const save = await screen.findByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();
    const headline = screen.getByLabelText(/Headline/);
    await user.clear(headline);
    await user.type(headline, 'Live now');
    await user.type(screen.getByLabelText(/^Agenda/), '10:00 Welcome');
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
    await user.click(save);
    await waitFor(() => expect(patches(fetch)).toHaveLength(1));
    expect(patches(fetch)).toEqual([
      { url: '/api/event-settings/e1', body: { headline: 'Live now', agenda: '10:00 Welcome' } },
    ]);
    await waitFor(() =>
      expect(getNotifications().map((item) => item.message)).toContain(
        'Your changes have been saved.',
      ),
    );
    expect(await screen.findByText('All changes saved.')).toBeInTheDocument();
    expect(
      queryClient.getQueryData<EventSettingsResponse>(eventSettingsQueryKey('e1'))?.headline,
    ).toBe('Live now');
  });

  it('shows validation errors at the field and sends nothing', async () => {
    const user = userEvent.setup();
    const fetch = patchServer();
    renderSection(<TextSection eventId="e1" />);
    await user.type(await screen.findByLabelText(/Button link/), 'not a link');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('URL not valid')).toBeInTheDocument();
    expect(patches(fetch)).toEqual([]);
  });
});

describe('general: the address needs an explicit unlock (spec section 5)', () => {
  it('unlocks after confirmation and shows "slug already in use" at the field', async () => {
    const user = userEvent.setup();
    const fetch = patchServer(() =>
      json(409, {
        code: 409,
        message: 'Validation failed',
        errors: { slug: 'validation.slugInUse' },
      }),
    );
    renderSection(<GeneralSection eventId="e1" />);
    const slug = await screen.findByLabelText(/Address \(slug\)/);
    expect(slug).toHaveAttribute('readonly');

    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    const dialog = await screen.findByRole('dialog', { name: "Change the event's address?" });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(slug).toHaveAttribute('readonly');

    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Unlock address' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(slug).not.toHaveAttribute('readonly');
    await user.clear(slug);
    await user.type(slug, 'taken-address');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Slug already in use')).toBeInTheDocument();
    expect(patches(fetch).map((patch) => patch.body)).toEqual([{ slug: 'taken-address' }]);
  });

  it('locks contact name and email on the free plan, with the plan notice', async () => {
    renderSection(<GeneralSection eventId="e1" />);
    expect(await screen.findByLabelText(/Contact name/)).toBeDisabled();
    expect(screen.getByLabelText(/Contact email/)).toBeDisabled();
    expect(screen.getByLabelText(/Website/)).toBeEnabled();
    expect(screen.getByText('Not available on your plan.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/account/plan',
    );
  });
});

describe('player: pasted embed code is reduced to its link (spec section 5)', () => {
  it('keeps only the iframe source and says so', async () => {
    renderSection(<PlayerSection eventId="e1" />);
    const link = await screen.findByLabelText(/Stream link/);
    fireEvent.change(link, {
      target: {
        value:
          '<iframe width="560" src="https://player.example.com/embed/42?a=1&amp;b=2" allowfullscreen></iframe>',
      },
    });
    await waitFor(() => expect(link).toHaveValue('https://player.example.com/embed/42?a=1&b=2'));
    expect(screen.getByText('You pasted embed code. Only its link was kept.')).toBeInTheDocument();
  });

  it('reduces embed code pasted into the side and extra frame links too', async () => {
    renderSection(
      <InteractionSection eventId="e1" />,
      savedSettings({ sideFrameVisible: true, extraFrameVisible: true }),
    );
    const side = await screen.findByLabelText(/Side frame link/);
    fireEvent.change(side, {
      target: { value: '<iframe src="https://chat.example.com/room/7" width="400"></iframe>' },
    });
    await waitFor(() => expect(side).toHaveValue('https://chat.example.com/room/7'));
    const extra = screen.getByLabelText(/Extra frame link/);
    fireEvent.change(extra, {
      target: { value: "<p><iframe src='https://map.example.com/?q=1&amp;z=2'></iframe></p>" },
    });
    await waitFor(() => expect(extra).toHaveValue('https://map.example.com/?q=1&z=2'));
    expect(screen.getAllByText('You pasted embed code. Only its link was kept.')).toHaveLength(2);
  });

  it('leaves a plain link as it is and shows the code field in code mode', async () => {
    const user = userEvent.setup();
    renderSection(<PlayerSection eventId="e1" />);
    const link = await screen.findByLabelText(/Stream link/);
    await user.type(link, 'https://stream.example.com/live.m3u8');
    expect(link).toHaveValue('https://stream.example.com/live.m3u8');
    expect(screen.queryByText(/Only its link was kept/)).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Player type'), 'code');
    expect(screen.queryByLabelText(/Stream link/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Embed code')).toBeInTheDocument();
  });
});

describe('interaction: the reactions bar (ADR 059)', () => {
  it('is on by default and sends its switch', async () => {
    const user = userEvent.setup();
    const fetch = patchServer();
    renderSection(<InteractionSection eventId="e1" />);
    const toggle = await screen.findByRole('switch', { name: /Show the reactions bar/ });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patches(fetch)).toHaveLength(1));
    expect(patches(fetch)[0]?.body).toEqual({ reactionsEnabled: false });
  });
});

describe('interaction: the message mode and the guest link (ADR 025)', () => {
  const withToken = { ...saved, messagesEnabled: true, messagesGuestToken: 'tok-1' };

  it('sends the chosen mode', async () => {
    const user = userEvent.setup();
    const fetch = patchServer();
    renderSection(<InteractionSection eventId="e1" />);
    await user.click(await screen.findByRole('radio', { name: /Moderated Q&A/ }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patches(fetch)).toHaveLength(1));
    expect(patches(fetch)[0]?.body).toEqual({ messagesMode: 'qa' });
  });

  it('enables the guest link on save, and shows the pending change until then', async () => {
    const user = userEvent.setup();
    const fetch = stubFetch((_path, init) =>
      init.method === 'PATCH'
        ? json(200, { ...saved, messagesGuestToken: 'new-token' })
        : json(404, { code: 404, message: 'Not found' }),
    );
    renderSection(<InteractionSection eventId="e1" />);
    expect(screen.queryByTestId('guest-inbox-link')).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Enable guest link' }));
    expect(screen.getByText('The guest link will be created when you save.')).toBeInTheDocument();
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const link = await screen.findByTestId('guest-inbox-link');
    expect(link).toHaveValue(`${window.location.origin}/shared/messages/e1#token=new-token`);
    expect(patches(fetch as never)).toEqual([
      { url: '/api/event-settings/e1', body: { messagesGuestToken: 'renew' } },
    ]);
    expect(screen.queryByText(/will be created when you save/)).not.toBeInTheDocument();
    expect(screen.getByText('All changes saved.')).toBeInTheDocument();
  });

  it('renews only after confirmation; discarding drops the pending change', async () => {
    const user = userEvent.setup();
    const fetch = patchServer();
    renderSection(<InteractionSection eventId="e1" />, withToken);
    expect(await screen.findByTestId('guest-inbox-link')).toHaveValue(
      `${window.location.origin}/shared/messages/e1#token=tok-1`,
    );
    await user.click(screen.getByRole('button', { name: 'Renew link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renew the guest link?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(/new guest link will be created/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Renew link' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Renew link' }),
    );
    expect(await screen.findByText(/new guest link will be created when you save/)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(screen.queryByText(/new guest link will be created/)).not.toBeInTheDocument();
    expect(screen.getByText('All changes saved.')).toBeInTheDocument();
    expect(patches(fetch)).toEqual([]);
  });

  it('removes the link on save after confirmation', async () => {
    const user = userEvent.setup();
    const fetch = patchServer();
    renderSection(<InteractionSection eventId="e1" />, withToken);
    await user.click(await screen.findByRole('button', { name: 'Remove link' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove the guest link?' })).getByRole(
        'button',
        { name: 'Remove link' },
      ),
    );
    expect(await screen.findByText(/will be removed when you save/)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByTestId('guest-inbox-link')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patches(fetch)).toHaveLength(1));
    expect(patches(fetch)[0]?.body).toEqual({ messagesGuestToken: null });
    await waitFor(() =>
      expect(screen.queryByText(/will be removed when you save/)).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Enable guest link' })).toBeInTheDocument();
  });
});

describe('compliance: the banner texts per language (ADR 051)', () => {
  it('are locked on the free plan, with the plan notice', async () => {
    renderSection(<ComplianceSection eventId="e1" />);
    expect(await screen.findByLabelText(/Banner text in English/)).toBeDisabled();
    expect(screen.getByLabelText(/Banner text in German/)).toBeDisabled();
    expect(screen.getByLabelText('Show the consent banner')).toBeEnabled();
    expect(
      screen.getByText(
        'Your own banner texts and confirming compliance are available on the Professional plan and up.',
      ),
    ).toBeInTheDocument();
  });

  it('are saved per language on the professional plan', async () => {
    setSignedIn(
      testUser({ plan: 'professional', planAllowance: PLAN_ALLOWANCES.professional }),
      'access-1',
    );
    const user = userEvent.setup();
    const fetch = patchServer();
    renderSection(<ComplianceSection eventId="e1" />);
    await user.type(await screen.findByLabelText(/Banner text in German/), 'Wir nutzen YouTube.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patches(fetch)).toHaveLength(1));
    expect(patches(fetch)[0]?.body).toEqual({ complianceTextDe: 'Wir nutzen YouTube.' });
  });
});
