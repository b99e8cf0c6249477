import type { SsoSettings } from '@livent/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetAuthStore, setSignedIn } from '../../lib/auth/auth-store';
import { loadNamespaces } from '../../lib/i18n/i18n';
import { queryClient } from '../../lib/query-client';
import { renderInRouter } from '../../test/render';
import { json, testUser } from '../../test/users';
import { SsoSettingsCard } from './sections/sso-settings-card';
import { stubFetch } from '../../test/fetch-stub';

const REDIRECT = 'http://events.test/product-launch/_access/sso/callback';
const stored: SsoSettings = {
  issuer: 'https://login.example.com',
  clientId: 'livent',
  clientSecretSet: true,
  scopes: 'openid email profile',
  buttonLabel: 'Staff account',
  redirectUri: REDIRECT,
};

/** The SSO resource: GET answers `stored`, PATCH `answer` or the stored settings with the patch. */
function ssoServer(answer?: () => Response) {
  return stubFetch((path, init) => {
    if (!path.endsWith('/events/e1/sso')) return json(404, { code: 404, message: 'x' });
    if (init.method !== 'PATCH') return json(200, stored);
    if (answer) return answer();
    const patch = JSON.parse(String(init.body)) as Record<string, unknown>;
    const { clientSecret, ...rest } = patch;
    return json(200, { ...stored, ...rest, clientSecretSet: clientSecret !== null });
  });
}

const patches = (fetch: ReturnType<typeof ssoServer>) =>
  (fetch.mock.calls as [string, RequestInit | undefined][])
    .filter(([, init]) => init?.method === 'PATCH')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

const renderCard = (locked = false) =>
  renderInRouter(
    <QueryClientProvider client={queryClient}>
      <SsoSettingsCard eventId="e1" locked={locked} />
    </QueryClientProvider>,
  );

beforeAll(() => loadNamespaces('editor', 'forms'));
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
  resetAuthStore();
});

describe('single sign-on settings (ADR 026)', () => {
  it('shows the redirect URI read-only, never the secret, and saves only what changed', async () => {
    setSignedIn(testUser(), 'sso-1');
    const user = userEvent.setup();
    const fetch = ssoServer();
    renderCard();
    const redirect = await screen.findByLabelText(/Redirect URI/);
    expect(redirect).toHaveValue(REDIRECT);
    expect(redirect).toHaveAttribute('readonly');
    expect(screen.getByLabelText(/^Issuer URL/)).toHaveValue(stored.issuer);
    const secret = screen.getByLabelText(/^Client secret/);
    expect(secret).toHaveValue('');
    expect(screen.getByText(/A secret is stored/)).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^Client ID/));
    await user.type(screen.getByLabelText(/^Client ID/), 'livent-2');
    await user.type(secret, 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patches(fetch)).toHaveLength(1));
    expect(patches(fetch)).toEqual([{ clientId: 'livent-2', clientSecret: 'new-secret' }]);
  });

  it("shows the server's refusal of an issuer at the field", async () => {
    setSignedIn(testUser(), 'sso-1');
    const user = userEvent.setup();
    ssoServer(() =>
      json(400, { code: 400, message: 'Validation failed', errors: { issuer: 'validation.url' } }),
    );
    renderCard();
    const issuer = await screen.findByLabelText(/^Issuer URL/);
    await waitFor(() => expect(issuer).toHaveValue(stored.issuer));
    await user.clear(issuer);
    await user.type(issuer, 'http://login.example.com');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('URL not valid')).toBeInTheDocument();
    expect(issuer).toHaveAttribute('aria-invalid', 'true');
  });

  it('names the issuer the provider announces when the entered one differs (ADR 048)', async () => {
    setSignedIn(testUser(), 'sso-1');
    const user = userEvent.setup();
    const announced = 'https://login.example.com/realms/staff';
    ssoServer(() =>
      json(400, {
        code: 400,
        message: 'Validation failed',
        errors: { issuer: `validation.issuerMismatch?issuer=${encodeURIComponent(announced)}` },
      }),
    );
    renderCard();
    const issuer = await screen.findByLabelText(/^Issuer URL/);
    await waitFor(() => expect(issuer).toHaveValue(stored.issuer));
    await user.clear(issuer);
    await user.type(issuer, `${announced}/`);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText(
        `The provider announces its issuer as ${announced}: enter exactly that`,
      ),
    ).toBeInTheDocument();
    expect(issuer).toHaveAttribute('aria-invalid', 'true');
  });

  it('offers no saving without the plan feature', async () => {
    setSignedIn(testUser(), 'sso-1');
    ssoServer();
    renderCard(true);
    expect(await screen.findByLabelText(/^Issuer URL/)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  });
});
