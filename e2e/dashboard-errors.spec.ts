import { expect, test } from './fixtures.js';

// The default layout's pages need a signed-in user; the others do not mind one.
test.use({ signedIn: true });

test.describe('error page (spec section 2, "Error page", and section 8)', () => {
  test('an unknown address says the page could not be found, with a link home', async ({
    page,
  }) => {
    const response = await page.goto('/this/does/not/exist');
    expect(response?.status()).toBe(200); // The SPA answers; the router decides.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'This page could not be found',
    );
    await expect(page).toHaveTitle('Page Not Found · Livent');
    const home = page.getByRole('link', { name: 'Go to home' });
    await expect(home).toHaveAttribute('href', '/');
    await home.click();
    await expect(page).toHaveURL(/\/events$/);
  });

  test('an unknown address below an event shows the error inside the default layout', async ({
    page,
    demoEvent,
  }) => {
    await page.goto(`/events/${demoEvent.id}/unknown`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'This page could not be found',
    );
    await expect(page.getByRole('button', { name: 'Toggle navigation' })).toBeVisible();
  });

  test('the shared inbox without a token is a 404: "You are lost"', async ({ page }) => {
    await page.goto('/shared/messages/demo');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      "You are lost. This page doesn't exist.",
    );
    await expect(page).toHaveTitle('Page Not Found · Livent');
    await expect(page.getByRole('link', { name: 'Go to home' })).toBeVisible();

    await page.goto('/shared/messages/demo?token=');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      "You are lost. This page doesn't exist.",
    );
  });

  test('the shared inbox with a token uses the shared layout', async ({
    page,
    demoEvent,
    accessToken,
  }) => {
    const settings = await page.request.patch(`/api/event-settings/${demoEvent.id}`, {
      headers: { Authorization: `Bearer ${accessToken}` },
      data: { messagesGuestToken: 'renew' },
    });
    const { messagesGuestToken: token } = (await settings.json()) as { messagesGuestToken: string };
    await page.goto(`/shared/messages/${demoEvent.id}?${new URLSearchParams({ token })}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Message inbox');
    // The event's title from the guest API, never its raw id.
    await expect(page.getByTestId('shared-title')).toHaveText('Demo Event');
    await expect(page.getByRole('button', { name: 'Toggle navigation' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
    await expect(page.getByRole('navigation')).toHaveCount(0);
  });

  test('the shared inbox with an unknown token is a 404 that says so', async ({ page }) => {
    await page.goto('/shared/messages/demo?token=abc');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      "You are lost. This page doesn't exist.",
    );
    await expect(page.getByTestId('error-hint')).toHaveText(
      'Token not found: this link is not valid or has already been used.',
    );
    // The token left the query for the fragment, which no request carries (ADR 056).
    await expect(page).toHaveURL(/\/shared\/messages\/demo#token=abc$/);
  });

  test('a failing API call shows the generic error with its status, and Reload recovers', async ({
    page,
  }) => {
    await page.route('**/api/health', (route) =>
      route.fulfill({ status: 500, json: { code: 500, message: 'Internal server error' } }),
    );
    await page.goto('/test');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Sorry. Something went wrong.',
    );
    await expect(page.getByText('Error 500')).toBeVisible();
    await expect(page.getByText(/Reloading the page usually fixes this/)).toBeVisible();
    await expect(page).toHaveTitle('Error · Livent');
    // Inside the default layout: the app bar stays usable.
    await expect(page.getByRole('button', { name: 'Toggle navigation' })).toBeVisible();

    await page.unroute('**/api/health');
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('System check');
    await expect(page.getByText('All systems operational')).toBeVisible();
  });

  test('HTTP 429 shows the "Too many requests" notification', async ({ page }) => {
    await page.route('**/api/health', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'retry-after': '60' },
        json: { code: 429, message: 'Too many requests, please try again later.' },
      }),
    );
    await page.goto('/test');
    await expect(page.getByRole('alert')).toHaveText(/Too many requests, please try again later\./);
    await expect(page.getByText('Error 429')).toBeVisible();
    await page.getByRole('alert').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('the system check shows what /api/health reports', async ({ page }) => {
    await page.goto('/test');
    await expect(page.getByText('All systems operational')).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: 'SQLite' })).toBeVisible();
  });
});

test.describe('chunk load failure (spec section 4)', () => {
  test('reloads once, then shows the generic error instead of looping', async ({ page }) => {
    // The screen's own chunk is gone, as after a deployment that removed it.
    await page.route(/\/assets\/feedback-[\w-]+\.js$/, (route) =>
      route.fulfill({ status: 404, body: '' }),
    );
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    await page.goto('/feedback');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Sorry. Something went wrong.',
      {
        timeout: 15_000,
      },
    );
    expect(loads).toBeGreaterThanOrEqual(2); // The automatic reload happened …
    expect(loads).toBeLessThanOrEqual(3); // … but did not loop.
    const lastReload = await page.evaluate(() => sessionStorage.getItem('lvnt.chunkReloadAt'));
    expect(Number(lastReload)).toBeGreaterThan(0);
    // Local storage is not used (docs/product-spec.md section 4), and no token is kept in session storage.
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
    const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage }));
    expect(stored).not.toMatch(/eyJ[\w-]+\.[\w-]+\./); // no JWT
    expect(stored).not.toContain('refresh');
  });
});

test.describe('an anonymous visit', () => {
  test.use({ signedIn: false });

  test('logs nothing in the console: having no session is not an error', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') {
        problems.push(`${message.type()}: ${message.text()}`);
      }
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    const refresh = page.waitForResponse((response) =>
      response.url().endsWith('/api/auth/refresh-tokens'),
    );
    await page.goto('/login');
    expect((await refresh).status()).toBe(204);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign up');
    expect(problems).toEqual([]);
  });
});
