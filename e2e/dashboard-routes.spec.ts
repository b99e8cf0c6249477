import type { Page } from '@playwright/test';
import { expect, signIn, test, useLanguage } from './fixtures.js';

type Route = readonly [path: string, title: string, german: string];

/** The guest pages (spec section 5, "Guard guest"): signed out only. */
const GUEST_ROUTES: readonly Route[] = [
  ['/login', 'Login', 'Anmelden'],
  ['/register', 'Sign Up', 'Registrieren'],
  ['/reset-password', 'Reset Password', 'Passwort zurücksetzen'],
];

/**
 * Every other route of spec section 2 loads on a hard refresh (the server's history fallback)
 * with its page title and heading, signed in. `demo` and `main` stand in for an event and a
 * channel id. /home greets the user by name instead; /logout ends on /login.
 */
const ROUTES: readonly Route[] = [
  ['/verify-email', 'Verify Email', 'E-Mail bestätigen'],
  ['/settings', 'Settings', 'Einstellungen'],
  ['/feedback', 'Feedback', 'Feedback'],
  ['/enterprise', 'Enterprise Overview', 'Enterprise-Übersicht'],
  ['/test', 'System Check', 'Systemprüfung'],
  ['/account', 'Account', 'Konto'],
  ['/account/admin', 'Administration', 'Administration'],
  ['/account/billing', 'Billing', 'Abrechnung'],
  ['/account/domains', 'Custom Domains', 'Eigene Domains'],
  ['/account/permissions', 'Shared Permissions', 'Geteilte Berechtigungen'],
  ['/account/plan', 'Plan', 'Tarif'],
  ['/account/profile', 'Profile', 'Profil'],
  ['/account/security', 'Security', 'Sicherheit'],
  ['/events', 'Events', 'Veranstaltungen'],
  ['/events/add', 'Create Event', 'Veranstaltung erstellen'],
  ['/events/demo', 'Event Overview', 'Veranstaltungsübersicht'],
  ['/events/demo/access', 'Access', 'Zugang'],
  ['/events/demo/admin', 'Event Administration', 'Veranstaltungsverwaltung'],
  ['/events/demo/advanced', 'Advanced Settings', 'Erweiterte Einstellungen'],
  ['/events/demo/appearance', 'Appearance', 'Erscheinungsbild'],
  ['/events/demo/channels', 'Channels', 'Kanäle'],
  ['/events/demo/compliance', 'Compliance', 'Compliance'],
  ['/events/demo/general', 'General', 'Allgemein'],
  ['/events/demo/highlights', 'Highlights', 'Highlights'],
  ['/events/demo/interaction', 'Interaction Tools', 'Interaktionstools'],
  ['/events/demo/messages', 'Message Inbox', 'Nachrichteneingang'],
  ['/events/demo/navigation', 'Navigation', 'Navigation'],
  ['/events/demo/player', 'Player', 'Player'],
  ['/events/demo/stats', 'Event Stats', 'Veranstaltungsstatistik'],
  ['/events/demo/text', 'Text/Content', 'Text/Inhalt'],
  ['/events/demo/access/invitationlist', 'Invitation List', 'Einladungsliste'],
  ['/events/demo/access/invitations', 'Invitations', 'Einladungen'],
  ['/events/demo/access/loginlist', 'Login List', 'Login-Liste'],
  ['/events/demo/access/registrationlist', 'Registration List', 'Registrierungsliste'],
  ['/events/demo/access/registrations', 'Registrations', 'Registrierungen'],
  ['/events/demo/access/settings', 'Access Settings', 'Zugangseinstellungen'],
  ['/events/demo/channels/main', 'Channel', 'Kanal'],
  ['/shared/messages/demo?token=abc', 'Message Inbox', 'Nachrichteneingang'],
  ['/shared/messages?token=abc', 'Message Inbox', 'Nachrichteneingang'],
];

/** Splits the routes into batches: one signed-in page per batch keeps the suite quick. */
function batches<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let index = 0; index < items.length; index += size) {
    result.push(items.slice(index, index + size));
  }
  return result;
}

/** Loads each path with a full navigation (the server's history fallback) and checks it. */
async function expectHardRefreshes(
  page: Page,
  routes: readonly Route[],
  language: 'en' | 'de' = 'en',
): Promise<void> {
  for (const [path, english, german] of routes) {
    const title = language === 'en' ? english : german;
    await test.step(`${path} → ${title}`, async () => {
      const response = await page.goto(path);
      expect.soft(response?.status(), path).toBe(200);
      await expect.soft(page.getByRole('heading', { level: 1 }), path).toHaveText(title);
      await expect.soft(page, path).toHaveTitle(`${title} · Livent`);
      await expect.soft(page.locator('html'), path).toHaveAttribute('lang', language);
    });
  }
}

test.describe('every route loads on a hard refresh', () => {
  test('guest routes, signed out', async ({ page }) => {
    await expectHardRefreshes(page, GUEST_ROUTES);
  });

  test.describe('signed in', () => {
    test.use({ signedIn: true });

    for (const [index, batch] of batches(ROUTES, 11).entries()) {
      test(`routes ${index * 11 + 1}–${index * 11 + batch.length}`, async ({ page }) => {
        await expectHardRefreshes(page, batch);
      });
    }

    test('/home greets the signed-in user', async ({ page, account }) => {
      await page.goto('/home');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        `Welcome back, ${account.name.split(' ')[0]}`,
      );
      await expect(page).toHaveTitle('Home · Livent');
    });

    test('/ forwards to the events list; /logout signs out and lands on /login', async ({
      page,
    }) => {
      await page.goto('/');
      await expect(page).toHaveURL(/\/events$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Events');
      await expect(page).toHaveTitle('Events · Livent');

      await page.goto('/logout');
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Login');
      await expect(page).toHaveTitle('Login · Livent');
    });
  });
});

test.describe('German titles', () => {
  test('guest routes', async ({ page }) => {
    await useLanguage(page, 'de');
    await expectHardRefreshes(page, GUEST_ROUTES, 'de');
  });

  test.describe('signed in', () => {
    test.use({ signedIn: true });

    test('every third route', async ({ page }) => {
      await useLanguage(page, 'de');
      await expectHardRefreshes(
        page,
        ROUTES.filter((_, index) => index % 3 === 0),
        'de',
      );
    });
  });
});

test('client-side navigation keeps the title in step', async ({ page, account }) => {
  await signIn(page, account);
  await page.goto('/events/demo/general');
  await page
    .getByRole('navigation', { name: 'Event navigation' })
    .getByRole('link', { name: 'Player' })
    .click();
  await expect(page).toHaveURL(/\/events\/demo\/player$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Player');
  await expect(page).toHaveTitle('Player · Livent');
});
