import type { Page } from '@playwright/test';
import { eventPath, expect, signIn, test, useLanguage, type DemoEvent } from './fixtures.js';

/**
 * A path with its page title in English and German; `heading` when the page names its object.
 * English headings are the title in sentence case (the spec's page titles stay the document
 * titles), so they are compared without regard to case unless `heading` gives other words.
 */
type Route = readonly [path: string, title: string, german: string, heading?: string];

/** English headings in other words than the page title: one term, "Sign in", for signing in. */
const ENGLISH_HEADINGS: Readonly<Record<string, string>> = { '/login': 'Sign in' };

const sameWords = (text: string) =>
  new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`, 'i');

/** The guest pages (docs/product-spec.md section 5, "Guard guest"): signed out only. */
const GUEST_ROUTES: readonly Route[] = [
  ['/login', 'Login', 'Anmelden'],
  ['/register', 'Sign Up', 'Registrieren'],
  ['/reset-password', 'Reset Password', 'Passwort zurücksetzen'],
];

/**
 * Every other route of docs/product-spec.md section 2 loads on a hard refresh (the server's history fallback)
 * with its page title and heading, signed in. `$event` and `$channel` stand for the worker's
 * demo event and its channel. /home greets the user by name instead; /logout ends on /login.
 */
const ROUTES: readonly Route[] = [
  ['/verify-email', 'Verify Email', 'E-Mail bestätigen'],
  ['/settings', 'Settings', 'Einstellungen'],
  ['/feedback', 'Feedback', 'Feedback'],
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
  ['/events/$event', 'Event Overview', 'Veranstaltungsübersicht', 'Demo Event'],
  ['/events/$event/access', 'Access', 'Zugang'],
  ['/events/$event/admin', 'Event Administration', 'Veranstaltungsverwaltung'],
  ['/events/$event/advanced', 'Advanced Settings', 'Erweiterte Einstellungen'],
  ['/events/$event/appearance', 'Appearance', 'Erscheinungsbild'],
  ['/events/$event/channels', 'Channels', 'Kanäle'],
  ['/events/$event/compliance', 'Compliance', 'Compliance'],
  ['/events/$event/general', 'General', 'Allgemein'],
  ['/events/$event/highlights', 'Highlights', 'Highlights'],
  ['/events/$event/interaction', 'Interaction Tools', 'Interaktionstools'],
  ['/events/$event/live', 'Control Room', 'Regieraum'],
  ['/events/$event/messages', 'Message Inbox', 'Nachrichteneingang'],
  ['/events/$event/navigation', 'Navigation', 'Navigation'],
  ['/events/$event/player', 'Player', 'Player'],
  ['/events/$event/stats', 'Event Stats', 'Veranstaltungsstatistik'],
  ['/events/$event/text', 'Text/Content', 'Text/Inhalt'],
  ['/events/$event/access/invitationlist', 'Invitation List', 'Einladungsliste'],
  ['/events/$event/access/invitations', 'Invitations', 'Einladungen'],
  ['/events/$event/access/loginlist', 'Login List', 'Login-Liste'],
  ['/events/$event/access/registrationlist', 'Registration List', 'Registrierungsliste'],
  ['/events/$event/access/registrations', 'Registrations', 'Registrierungen'],
  ['/events/$event/access/settings', 'Access Settings', 'Zugangseinstellungen'],
  ['/events/$event/channels/$channel', 'Channel', 'Kanal', 'Main stage'],
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
  event?: DemoEvent,
): Promise<void> {
  for (const [template, english, german, heading] of routes) {
    const path = event ? eventPath(template, event) : template;
    const title = language === 'en' ? english : german;
    await test.step(`${path} → ${title}`, async () => {
      const response = await page.goto(path);
      expect.soft(response?.status(), path).toBe(200);
      const expected =
        heading ?? (language === 'en' ? ENGLISH_HEADINGS[template] : undefined) ?? sameWords(title);
      await expect.soft(page.getByRole('heading', { level: 1 }), path).toHaveText(expected);
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
      test(`routes ${index * 11 + 1}–${index * 11 + batch.length}`, async ({ page, demoEvent }) => {
        await expectHardRefreshes(page, batch, 'en', demoEvent);
      });
    }

    test('/home greets the signed-in user', async ({ page, account }) => {
      await page.goto('/home');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        `Hello, ${account.name.split(' ')[0]}`,
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
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
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

    test('every third route', async ({ page, demoEvent }) => {
      await useLanguage(page, 'de');
      await expectHardRefreshes(
        page,
        ROUTES.filter((_, index) => index % 3 === 0),
        'de',
        demoEvent,
      );
    });
  });
});

test('client-side navigation keeps the title in step', async ({ page, account, demoEvent }) => {
  await signIn(page, account);
  await page.goto(`/events/${demoEvent.id}/general`);
  await page
    .getByRole('navigation', { name: 'Event navigation' })
    .getByRole('link', { name: 'Player' })
    .click();
  await expect(page).toHaveURL(`/events/${demoEvent.id}/player`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Player');
  await expect(page).toHaveTitle('Player · Livent');
});
