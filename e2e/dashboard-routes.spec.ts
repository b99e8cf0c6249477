import { expect, test, useLanguage } from './fixtures.js';

/**
 * Every route of spec section 2 loads on a hard refresh (the server's history fallback) with its
 * page title and heading. `demo` and `main` stand in for an event and a channel id.
 */
const ROUTES: ReadonlyArray<readonly [path: string, title: string, german: string]> = [
  ['/home', 'Home', 'Startseite'],
  ['/login', 'Login', 'Anmelden'],
  ['/logout', 'Logout', 'Abmelden'],
  ['/register', 'Sign Up', 'Registrieren'],
  ['/reset-password', 'Reset Password', 'Passwort zurücksetzen'],
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

test.describe('every route loads on a hard refresh', () => {
  for (const [path, title] of ROUTES) {
    test(`${path} → ${title}`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page).toHaveTitle(`${title} · Livent`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    });
  }

  test('/ forwards to the events list', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/events$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Events');
    await expect(page).toHaveTitle('Events · Livent');
  });
});

test.describe('German titles', () => {
  for (const [path, , german] of ROUTES.filter((_, index) => index % 3 === 0)) {
    test(`${path} → ${german}`, async ({ page }) => {
      await useLanguage(page, 'de');
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(german);
      await expect(page).toHaveTitle(`${german} · Livent`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    });
  }
});

test('client-side navigation keeps the title in step', async ({ page }) => {
  await page.goto('/events/demo/general');
  await page
    .getByRole('navigation', { name: 'Event navigation' })
    .getByRole('link', { name: 'Player' })
    .click();
  await expect(page).toHaveURL(/\/events\/demo\/player$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Player');
  await expect(page).toHaveTitle('Player · Livent');
});
