import { ownAccount } from './event-helpers.js';
import { expect, test, VIEWPORTS } from './fixtures.js';

const EVENT_LINKS = [
  'Event stats',
  'Control room',
  'Message inbox',
  'General',
  'Player',
  'Text/content',
  'Highlights',
  'Channels',
  'Appearance',
  'Navigation',
  'Interaction tools',
  'Access settings',
  'Invitation list',
  'Registration list',
  'Reminders & follow-up',
  // Login list needs the CUSTOM_ACCESS feature, which the free plan lacks.
  'Compliance',
  'Advanced settings',
  'Event administration',
];

test('the centered layout has logo, card and footer but no app bar', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Livent home' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Toggle navigation' })).toHaveCount(0);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} Livent`);
});

test.describe('layouts (spec section 2, "Layouts")', () => {
  test.use({ signedIn: true });

  test('the default layout has the app bar, footer and no side navigation on /settings', async ({
    page,
  }) => {
    await page.goto('/settings');
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'Toggle navigation' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Livent home' })).toHaveAttribute('href', '/');
    await expect(header.getByRole('combobox', { name: 'Event' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Help' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('Livent');
    await expect(page.getByTestId('side-navigation')).toHaveCount(0);
    await expect(page.getByRole('navigation')).toHaveCount(0);
  });

  test('account pages show the account navigation', async ({ page }) => {
    await page.goto('/account/profile');
    const nav = page.getByRole('navigation', { name: 'Account navigation' });
    await expect(nav.getByRole('link')).toHaveText([
      'Account overview',
      'Profile',
      'Security',
      'Plan',
      'Billing',
      'Custom domains',
      'Webhooks',
      'Shared permissions',
      'Administration',
      'Settings',
    ]);
    await expect(nav.getByRole('link', { name: 'Profile' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('event pages show the back link and the sections in spec order', async ({
    page,
    demoEvent,
  }) => {
    await page.goto(`/events/${demoEvent.id}/general`);
    const nav = page.getByRole('navigation', { name: 'Event navigation' });
    await expect(nav.getByRole('link')).toHaveText(['Back to events', ...EVENT_LINKS]);
    await expect(nav.getByRole('link', { name: 'General' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(nav.getByRole('link', { name: 'Access settings' })).toHaveAttribute(
      'href',
      `/events/${demoEvent.id}/access/settings`,
    );
    await nav.getByRole('link', { name: 'Back to events' }).click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(page.getByTestId('side-navigation')).toHaveCount(0);
  });

  test('the event selector explains that no events exist yet', async ({ page }) => {
    // An account of its own: the worker's account has the demo event.
    await ownAccount(page);
    await page.goto('/settings');
    await page.getByRole('combobox', { name: 'Event' }).click();
    await expect(page.getByRole('presentation').getByText('No events created yet')).toBeVisible();
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Create event' }),
    ).toHaveAttribute('href', '/events/add');
  });

  test('the help menu lists help and feedback; external links open in a new tab', async ({
    page,
  }) => {
    await page.goto('/events');
    await page.getByRole('button', { name: 'Help' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveCount(4);
    const documentation = menu.getByRole('menuitem', { name: /Documentation/ });
    await expect(documentation).toHaveAttribute('target', '_blank');
    await expect(documentation).toHaveAttribute('rel', /noopener/);
    await menu.getByRole('menuitem', { name: 'Send feedback' }).click();
    await expect(page).toHaveURL(/\/feedback$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Feedback');
  });
});

test.describe('navigation toggle', () => {
  test.use({ signedIn: true });

  test('desktop: the side navigation switches between full and mini', async ({
    page,
    demoEvent,
  }) => {
    await page.goto(`/events/${demoEvent.id}/general`);
    const drawer = page.getByTestId('side-navigation');
    const toggle = page.getByRole('button', { name: 'Toggle navigation' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect.poll(async () => (await drawer.boundingBox())?.width).toBe(280);

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect.poll(async () => (await drawer.boundingBox())?.width).toBe(64);
    // Icons only, but the links keep their names.
    await expect(drawer.getByRole('link', { name: 'Player' })).toBeVisible();

    await toggle.click();
    await expect.poll(async () => (await drawer.boundingBox())?.width).toBe(280);
  });

  test('medium screens start with the mini variant, the toggle expands it', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.goto('/account/security');
    const drawer = page.getByTestId('side-navigation');
    await expect.poll(async () => (await drawer.boundingBox())?.width).toBe(64);
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect.poll(async () => (await drawer.boundingBox())?.width).toBe(280);
  });

  test('phones: the toggle opens a temporary drawer that closes after choosing', async ({
    page,
    demoEvent,
  }) => {
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.goto(`/events/${demoEvent.id}/general`);
    await expect(page.getByTestId('side-navigation')).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Event' })).toBeHidden();

    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    const drawer = page.getByTestId('navigation-drawer');
    await expect(drawer).toBeVisible();
    await drawer.getByRole('link', { name: 'Player' }).click();
    await expect(page).toHaveURL(`/events/${demoEvent.id}/player`);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Player');
  });

  test('pages without side navigation open the default navigation in a drawer', async ({
    page,
  }) => {
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    const nav = page
      .getByTestId('navigation-drawer')
      .getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link')).toHaveText(['Add event', 'Events', 'Account', 'Settings']);
    await nav.getByRole('link', { name: 'Add event' }).click();
    await expect(page).toHaveURL(/\/events\/add$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create event');
  });
});

test.describe('offline', () => {
  test.use({ signedIn: true });

  test('the offline indicator follows the connection (spec section 4)', async ({
    page,
    context,
  }) => {
    await page.goto('/events');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Events');
    const chip = page.getByRole('banner').getByText('Offline');
    await expect(chip).toHaveCount(0);
    await context.setOffline(true);
    await expect(chip).toBeVisible();
    await context.setOffline(false);
    await expect(chip).toHaveCount(0);
  });
});
