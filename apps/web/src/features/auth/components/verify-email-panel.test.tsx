import { screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAuthStore, setSignedIn } from '../../../lib/auth/auth-store';
import { loadNamespaces } from '../../../lib/i18n/i18n';
import { stubFetch } from '../../../test/fetch-stub';
import { renderInRouter } from '../../../test/render';
import { json, testUser } from '../../../test/users';
import { VerifyEmailToken } from './verify-email-panel';

const TOKEN_NOT_FOUND = { code: 404, message: 'Token not found' };

/** The mailed link's screen, as the app renders it (StrictMode runs its effects twice). */
function openLink(token: string) {
  return renderInRouter(
    <StrictMode>
      <VerifyEmailToken token={token} />
    </StrictMode>,
    { path: '$', url: '/verify-email' },
  );
}

const verifyCalls = (fetch: ReturnType<typeof stubFetch>) =>
  fetch.mock.calls.filter(([input]) => String(input).startsWith('/api/auth/verify-email'));

describe('following a confirmation link (spec section 4)', () => {
  beforeAll(() => loadNamespaces('onboarding', 'forms'));
  beforeEach(() => resetAuthStore());
  afterEach(() => vi.unstubAllGlobals());

  it('sends the token once and moves on, with no error on the way', async () => {
    setSignedIn(testUser({ emailVerified: false }), 'access');
    const fetch = stubFetch((path) => {
      if (path.startsWith('/api/auth/verify-email')) return json(204);
      if (path === '/api/auth/self') return json(200, { user: testUser() });
      return undefined;
    });
    const { router } = openLink('link-once');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(verifyCalls(fetch)).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows only "confirmed" when the link was used before by this confirmed account', async () => {
    setSignedIn(testUser(), 'access');
    const fetch = stubFetch((path) =>
      path.startsWith('/api/auth/verify-email') ? json(404, TOKEN_NOT_FOUND) : undefined,
    );
    openLink('link-used');
    expect(
      await screen.findByText('Your email address ada@example.com is confirmed.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to the dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/Token not found/)).not.toBeInTheDocument();
    expect(verifyCalls(fetch)).toHaveLength(1);
  });

  it('says "Token not found" to a visitor who is not signed in, with the way to a new link', async () => {
    stubFetch((path) =>
      path.startsWith('/api/auth/verify-email') ? json(404, TOKEN_NOT_FOUND) : undefined,
    );
    openLink('link-anonymous');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Token not found: this link is not valid or has already been used.',
    );
    expect(screen.getByRole('link', { name: 'Sign in to request a new link' })).toBeVisible();
    expect(screen.queryByText(/is confirmed/)).not.toBeInTheDocument();
  });

  it('says "Token not found" once, without "confirmed", while a change of address waits', async () => {
    setSignedIn(testUser({ pendingEmail: 'new@example.com' }), 'access');
    stubFetch((path) =>
      path.startsWith('/api/auth/verify-email') ? json(404, TOKEN_NOT_FOUND) : undefined,
    );
    openLink('link-pending');
    expect(await screen.findByRole('alert')).toHaveTextContent('Token not found');
    expect(screen.queryByText(/is confirmed/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to the dashboard' })).toBeInTheDocument();
  });
});
