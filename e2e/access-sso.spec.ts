import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { createEventByApi } from './event-helpers.js';
import { e2ePort } from '../playwright.config.js';
import { expect, expectAccessible, ownAccount, setPlan, test } from './fixtures.js';

// Single sign-on end to end (ADR 026): the organiser enters the provider in the access settings
// (single sign-on needs CUSTOM_ACCESS); a viewer in a fresh browser gets the gate's one button,
// signs in at a real OpenID provider (oidc-provider on loopback, its development login and
// consent pages) and comes back with access.

const EVENTS_ORIGIN = `http://events.localhost:${e2ePort}`;
const CONTENT = 'Only staff may read the quarterly numbers.';
const CLIENT_ID = 'livent-e2e';
const CLIENT_SECRET = 'e2e-provider-client-secret';

let providerServer: Server | undefined;

/** An OpenID provider on loopback with one client for `redirectUri`, PKCE required. */
async function startProvider(redirectUri: string): Promise<string> {
  let handle: ReturnType<Provider['callback']> | undefined = undefined;
  const server = createServer((request, response) => handle?.(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  providerServer = server;
  const issuer = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [redirectUri],
        // Livent authenticates with client_secret_basic where discovery lists it (ADR 048).
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    cookies: { keys: ['e2e-provider-cookie-key'] },
    features: { devInteractions: { enabled: true } },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, email: `${sub}@example.com` }),
    }),
  });
  handle = provider.callback();
  return issuer;
}

test.afterAll(async () => {
  const server = providerServer;
  if (server) await new Promise((resolve) => server.close(resolve));
});

test.describe('single sign-on', () => {
  test('the organiser sets up the provider; a viewer signs in there and gets in', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const { account, accessToken } = await ownAccount(page);
    await setPlan(account.email, 'enterprise-member');
    const event = await createEventByApi(page, accessToken, 'Staff Quarterly');
    const setup = await page.request.patch(`/api/event-settings/${event.id}`, {
      headers: { Authorization: `Bearer ${accessToken}` },
      data: { language: 'en', content: CONTENT },
    });
    expect(setup.status(), await setup.text()).toBe(200);
    const issuer = await startProvider(`${EVENTS_ORIGIN}/${event.slug}/_access/sso/callback`);

    await page.goto(`/events/${event.id}/access/settings`);
    await expect(page.getByRole('heading', { name: 'Access settings' })).toBeVisible();
    await page.getByLabel('Access mode').selectOption('cip');
    await page.getByRole('button', { name: 'Save changes' }).first().click();
    await expect(page.getByText('Your changes have been saved.')).toBeVisible();

    const sso = page.getByTestId('sso-settings');
    await expect(sso.getByRole('textbox', { name: 'Redirect URI' })).toHaveValue(
      `${EVENTS_ORIGIN}/${event.slug}/_access/sso/callback`,
    );
    await sso.getByLabel('Issuer URL').fill(issuer);
    await sso.getByLabel('Client ID').fill(CLIENT_ID);
    await sso.getByLabel(/^Client secret/).fill(CLIENT_SECRET);
    await sso.getByLabel(/^Button label/).fill('Staff account');
    await expectAccessible(page);
    await sso.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Single sign-on saved')).toBeVisible();
    await expect(sso.getByText(/A secret is stored/)).toBeVisible();
    await expect(sso.getByLabel(/^Client secret/)).toHaveValue('');

    const viewer = await browser.newContext();
    const viewerPage = await viewer.newPage();
    await viewerPage.goto(`${EVENTS_ORIGIN}/${event.slug}`);
    await expect(viewerPage.getByRole('heading', { name: 'Access to this event' })).toBeVisible();
    await expect(viewerPage.getByText(CONTENT)).toHaveCount(0);
    const button = viewerPage.getByRole('link', { name: 'Sign in with Staff account' });
    // The page cache may show the label a few seconds after the save (ADR 017).
    await expect(async () => {
      await viewerPage.reload();
      await expect(button).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expectAccessible(viewerPage);
    await button.click();

    // The provider's own development pages: login, then consent.
    await expect(viewerPage).toHaveURL(new RegExp(`^${issuer}/interaction/`));
    await viewerPage.locator('input[name="login"]').fill('ada');
    await viewerPage.locator('input[name="password"]').fill('any');
    await viewerPage.locator('button[type="submit"]').click();
    await viewerPage.locator('button[type="submit"]').click();

    await expect(viewerPage).toHaveURL(`${EVENTS_ORIGIN}/${event.slug}`);
    await expect(viewerPage.getByText(CONTENT)).toBeVisible();
    // Remembered: the page opens again without the gate.
    await viewerPage.reload();
    await expect(viewerPage.getByText(CONTENT)).toBeVisible();
    await viewer.close();
  });
});
