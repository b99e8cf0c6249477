import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAuthStore, setSignedIn } from '../../lib/auth/auth-store';
import { loadNamespaces } from '../../lib/i18n/i18n';
import { stubFetch } from '../../test/fetch-stub';
import { renderInRouter } from '../../test/render';
import { json, testUser } from '../../test/users';
import { ErrorReportDialog } from './components/error-report-dialog';

const report = {
  name: 'TypeError',
  message: "Cannot read properties of undefined (reading 'id')",
  stack: 'TypeError: …\n    at PlayerSection',
  path: '/events/e1/player',
};

describe('error report dialog (spec section 8; ADR 054)', () => {
  beforeAll(() => loadNamespaces('account'));
  beforeEach(() => {
    resetAuthStore();
    setSignedIn(testUser(), 'token');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the error with what the user was doing through the feedback route', async () => {
    const fetch = stubFetch((path, init) =>
      path === '/api/feedback' && init.method === 'POST' ? json(204) : undefined,
    );
    const onClose = vi.fn();
    renderInRouter(<ErrorReportDialog report={report} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Something went wrong' });
    expect(dialog).toHaveTextContent('Error details');
    expect(screen.getByTestId('error-report-details')).toHaveTextContent('/events/e1/player');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/What were you doing/), 'Saving the player');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({
      email: 'ada@example.com',
      message: 'Saving the player',
      error: report,
    });
  });

  it('says when the report could not be sent and stays open; Close dismisses it', async () => {
    stubFetch((path) =>
      path === '/api/feedback' ? json(503, { code: 503, message: 'x' }) : undefined,
    );
    const onClose = vi.fn();
    renderInRouter(<ErrorReportDialog report={report} onClose={onClose} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Feedback could not be sent');
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});
