import { PLAN_ALLOWANCES } from '@livent/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAuthStore, setSignedIn } from '../../lib/auth/auth-store';
import { loadNamespaces } from '../../lib/i18n/i18n';
import { clearNotifications, getNotifications } from '../../lib/notifications/notification-store';
import { renderInRouter } from '../../test/render';
import { json, testUser } from '../../test/users';
import { MailStatusChip } from './mail-status-chip';
import { SendMailsButton } from './send-mails-dialog';
import { stubFetch } from '../../test/fetch-stub';

type Handler = (path: string, init: RequestInit) => Response | undefined;

function serve(handler: Handler) {
  return stubFetch(handler);
}

const sent = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([input, init]) => [String(input), JSON.parse(String(init?.body)) as unknown]);

const messages = () => getNotifications().map((notification) => notification.message);

beforeAll(() => loadNamespaces('mails', 'forms', 'events'));
beforeEach(() => {
  resetAuthStore();
  setSignedIn(testUser({ planAllowance: PLAN_ALLOWANCES.professional }), 'token');
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearNotifications();
});

describe('mail status chip', () => {
  it('shows each status translated, with what it means as a tooltip', async () => {
    renderInRouter(
      <>
        <MailStatusChip status="failedpermanent" />
        <MailStatusChip status={null} />
      </>,
    );
    const failed = await screen.findByText('Failed permanently');
    expect(screen.getByText('Not sent')).toBeInTheDocument();
    await userEvent.hover(failed);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Delivery failed for good. Check the address and send again.',
    );
  });
});

describe('send emails dialog', { timeout: 20_000 }, () => {
  const render = (canSend = true) =>
    renderInRouter(
      <SendMailsButton eventId="event-1" list="invitations" total={42} canSend={canSend} />,
    );

  it('sends to those not sent yet and says how many mails were queued', async () => {
    const fetch = serve((path, init) =>
      init.method === 'POST' && path === '/api/events/event-1/invitations/send'
        ? json(200, { queued: 3 })
        : undefined,
    );
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Send emails' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send emails' });
    expect(within(dialog).getByRole('radio', { name: /Only those not sent yet/ })).toBeChecked();
    expect(within(dialog).getByText(/All 42 on the list/)).toBeInTheDocument();
    expect(within(dialog).getByText(/One mail to ada@example.com, filled/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(messages()).toEqual(['3 mails queued']));
    expect(sent(fetch)).toEqual([['/api/events/event-1/invitations/send', { mode: 'unsent' }]]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says how many addresses were skipped because they unsubscribed', async () => {
    serve((_path, init) =>
      init.method === 'POST' ? json(200, { queued: 3, skipped: 2 }) : undefined,
    );
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Send emails' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send emails' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(messages()).toEqual([
        '3 mails queued (2 addresses skipped: they unsubscribed from this event’s emails)',
      ]),
    );
  });

  it('asks before sending to all again, and sends nothing when that is cancelled', async () => {
    const fetch = serve((_path, init) =>
      init.method === 'POST' ? json(200, { queued: 42 }) : undefined,
    );
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Send emails' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send emails' });
    await user.click(within(dialog).getByRole('radio', { name: /All again/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    const confirm = await screen.findByRole('dialog', { name: 'Send to all 42 again?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Send to all 42 again?' })).toBeNull(),
    );
    expect(sent(fetch)).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    const again = await screen.findByRole('dialog', { name: 'Send to all 42 again?' });
    await user.click(within(again).getByRole('button', { name: 'Send to all' }));
    await waitFor(() => expect(messages()).toEqual(['42 mails queued']));
    expect(sent(fetch)).toEqual([['/api/events/event-1/invitations/send', { mode: 'all' }]]);
  });

  it('sends a test mail to the signed-in user', async () => {
    const fetch = serve((_path, init) =>
      init.method === 'POST' ? json(200, { queued: 1 }) : undefined,
    );
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Send emails' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send emails' });
    await user.click(within(dialog).getByRole('radio', { name: /A test mail to me/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(messages()).toEqual(['Test mail on its way to ada@example.com']));
    expect(sent(fetch)).toEqual([['/api/events/event-1/invitations/send', { mode: 'test' }]]);
  });

  it('keeps the dialog open with a translated error when the server refuses', async () => {
    let status = 429;
    serve((_path, init) =>
      init.method === 'POST'
        ? json(status, {
            code: status,
            message: status === 429 ? 'Too many requests' : 'Not available on your plan',
          })
        : undefined,
    );
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Send emails' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send emails' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Too many mails were sent just now. Please try again in a few minutes.',
    );
    status = 403;
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Not available on your plan'),
    );
    expect(screen.getByRole('dialog', { name: 'Send emails' })).toBeInTheDocument();
  });

  it('explains the plan and sends nothing without the feature', async () => {
    const fetch = serve(() => undefined);
    const user = userEvent.setup();
    render(false);
    await user.click(await screen.findByRole('button', { name: 'Send emails' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send emails' });
    expect(
      within(dialog).getByText(/Sending emails from the lists is part of/),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(fetch).not.toHaveBeenCalled();
  });
});
