import {
  INVITATION_MAIL_PLACEHOLDERS,
  PLAN_ALLOWANCES,
  unknownPlaceholderMessage,
  type AccessMailTexts,
} from '@livent/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetAuthStore, setSignedIn } from '../../lib/auth/auth-store';
import { eventSettingsQueryKey } from '../../lib/events/event-settings';
import { loadNamespaces } from '../../lib/i18n/i18n';
import { clearNotifications, getNotifications } from '../../lib/notifications/notification-store';
import { queryClient } from '../../lib/query-client';
import { renderInRouter } from '../../test/render';
import { savedSettings } from '../../test/event-settings';
import { json, testUser } from '../../test/users';
import { InvitationMailSection } from './components/invitation-mail-section';
import { stubFetch } from '../../test/fetch-stub';

const saved = savedSettings();

const DEFAULTS: AccessMailTexts = {
  language: 'en',
  invitation: {
    subject: 'Your invitation to {EventName}',
    body: 'Hello {Name},\nopen {PersonalLink} to watch.',
  },
  registration: { subject: 'Registered for {EventName}', body: 'Hello {Name}' },
};

type Handler = (path: string, init: RequestInit) => Response | undefined;

/** Answers the default texts, and PATCH and POST through `handler`. */
function serve(handler: Handler = () => undefined) {
  return stubFetch((path, init) => {
    const answer = handler(path, init);
    if (answer) return answer;
    if (path === '/api/events/e1/mail-texts') return json(200, DEFAULTS);
    if (init.method === 'PATCH') {
      return json(200, { ...saved, ...(JSON.parse(String(init.body)) as object) });
    }
    return undefined;
  });
}

const patches = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === 'PATCH')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

function render(plan: 'professional' | 'free' = 'professional') {
  setSignedIn(testUser({ planAllowance: PLAN_ALLOWANCES[plan] }), 'token');
  queryClient.setQueryData(eventSettingsQueryKey('e1'), saved);
  return renderInRouter(
    <QueryClientProvider client={queryClient}>
      <InvitationMailSection eventId="e1" />
    </QueryClientProvider>,
  );
}

beforeAll(() => loadNamespaces('mails', 'events', 'forms'));
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
  resetAuthStore();
  clearNotifications();
});

describe('invitation email screen', { timeout: 20_000 }, () => {
  it('shows the default text where the fields are empty, filled with example values', async () => {
    serve();
    render();
    const preview = await screen.findByRole('region', { name: 'Preview' });
    await within(preview).findByText('Your invitation to Product launch');
    expect(preview).toHaveTextContent(
      'Hello Ada Lovelace, open http://events.test/product-launch/_access/i/',
    );
    expect(screen.getByLabelText(/^Subject/)).toHaveValue('');
    expect(screen.getByLabelText(/^Subject/)).toHaveAttribute(
      'placeholder',
      'Your invitation to {EventName}',
    );
    expect(screen.queryByText(/Not available on your plan/)).not.toBeInTheDocument();
  });

  it('inserts a placeholder at the cursor, previews it and saves the text', async () => {
    const fetch = serve();
    const user = userEvent.setup();
    render();
    const subject = await screen.findByLabelText(/^Subject/);
    await user.type(subject, 'Welcome to the show');
    // The cursor goes after "Welcome"; the placeholder lands there.
    (subject as HTMLInputElement).setSelectionRange(7, 7);
    await user.click(screen.getByRole('button', { name: 'Insert {Name}' }));
    expect(subject).toHaveValue('Welcome{Name} to the show');
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('WelcomeAda Lovelace to the show')).toBeInTheDocument();
    // Untouched, the text gets a placeholder at its end.
    await user.click(screen.getByRole('button', { name: 'Insert {EventLink}' }));
    // The subject had the focus last: it gets the second one as well.
    expect(subject).toHaveValue('Welcome{Name}{EventLink} to the show');

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patches(fetch)).toHaveLength(1));
    expect(patches(fetch)).toEqual([
      { invitationMailSubject: 'Welcome{Name}{EventLink} to the show' },
    ]);
  });

  it('refuses an unknown placeholder at its field before asking the server', async () => {
    const fetch = serve();
    const user = userEvent.setup();
    render();
    const body = await screen.findByLabelText(/^Text/);
    await user.click(body);
    await user.paste('Dear {Firstname}');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText(/Unknown placeholder \{Firstname\}; available: \{Name\}/),
    ).toBeInTheDocument();
    expect(body).toHaveAttribute('aria-invalid', 'true');
    expect(patches(fetch)).toEqual([]);
  });

  it("shows the server's refusal at the field", async () => {
    serve((_path, init) =>
      init.method === 'PATCH'
        ? json(400, {
            code: 400,
            message: 'Validation failed',
            errors: {
              invitationMailBody: unknownPlaceholderMessage('{Foo}', INVITATION_MAIL_PLACEHOLDERS),
            },
          })
        : undefined,
    );
    const user = userEvent.setup();
    render();
    const body = await screen.findByLabelText(/^Text/);
    await user.type(body, 'Hello');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/Unknown placeholder \{Foo\}/)).toBeInTheDocument();
    expect(body).toHaveAttribute('aria-invalid', 'true');
  });

  it('starts from the default text and resets to it', async () => {
    serve();
    const user = userEvent.setup();
    render();
    const edit = await screen.findByRole('button', { name: 'Edit the default text' });
    await waitFor(() => expect(edit).toBeEnabled());
    await user.click(edit);
    expect(screen.getByLabelText(/^Subject/)).toHaveValue('Your invitation to {EventName}');
    expect(screen.getByLabelText(/^Text/)).toHaveValue(DEFAULTS.invitation.body);
    await user.click(screen.getByRole('button', { name: 'Reset to default' }));
    expect(screen.getByLabelText(/^Subject/)).toHaveValue('');
    expect(screen.getByLabelText(/^Text/)).toHaveValue('');
  });

  it('sends a test mail of the saved text, not while changes are unsaved', async () => {
    const fetch = serve((path, init) =>
      init.method === 'POST' && path === '/api/events/e1/invitations/send'
        ? json(200, { queued: 1 })
        : undefined,
    );
    const user = userEvent.setup();
    render();
    const test = await screen.findByRole('button', { name: 'Send a test mail to me' });
    await user.type(screen.getByLabelText(/^Subject/), 'Hi');
    expect(test).toBeDisabled();
    expect(screen.getByText('Save your changes to test them.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(test).toBeEnabled());
    await user.click(test);
    await waitFor(() =>
      expect(getNotifications().map((n) => n.message)).toContain(
        'Test mail on its way to ada@example.com',
      ),
    );
    const posts = fetch.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts.map(([, init]) => init?.body)).toEqual([JSON.stringify({ mode: 'test' })]);
  });

  it('shows the plan notice and sends no test mail without invitation emails', async () => {
    serve();
    render('free');
    expect(
      await screen.findByText(/Invitation emails are part of the professional/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a test mail to me' })).toBeDisabled();
  });
});
