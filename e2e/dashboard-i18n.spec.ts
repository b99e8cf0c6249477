import { expect, signIn, test, useLanguage } from './fixtures.js';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

test.describe('languages (spec section 1: English and German)', () => {
  test.use({ signedIn: true });

  test('German from the locale cookie: titles, navigation and error texts', async ({
    page,
    demoEvent,
  }) => {
    await useLanguage(page, 'de');
    await page.goto(`/events/${demoEvent.id}/general`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page).toHaveTitle('Allgemein · Livent');
    const nav = page.getByRole('navigation', { name: 'Veranstaltungsnavigation' });
    await expect(nav.getByRole('link').first()).toHaveText('Zurück zu den Veranstaltungen');
    await expect(nav.getByRole('link', { name: 'Veranstaltungsstatistik' })).toBeVisible();
    await expect(
      page.getByRole('button', { name: 'Navigation ein- oder ausblenden' }),
    ).toBeVisible();

    await page.goto('/nowhere');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Diese Seite wurde nicht gefunden',
    );
    await expect(page).toHaveTitle('Seite nicht gefunden · Livent');
  });

  test('German from the browser language when there is no cookie', async ({ browser, account }) => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    await signIn(page, account);
    await page.goto('/events');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Veranstaltungen');
    await context.close();
  });

  test('the avatar menu switches language without a reload and remembers it', async ({
    page,
    context,
  }) => {
    await page.goto('/events');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Events');
    await page.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
    });

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Veranstaltungen');
    await expect(page).toHaveTitle('Veranstaltungen · Livent');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    // The success notice, in the new language.
    await expect(
      page.getByRole('status').filter({ hasText: 'Die Oberfläche ist jetzt auf Deutsch.' }),
    ).toBeVisible();
    // No reload happened.
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(
      true,
    );

    const cookie = (await context.cookies()).find((c) => c.name === 'lvnt.locale');
    // The session stays in its HttpOnly cookie; nothing else of it is stored. Beside it, the
    // browser's HttpOnly tag that tells the audit log a new browser from a known one (ADR 069).
    expect((await context.cookies()).map((c) => c.name).sort()).toEqual([
      'lvnt.auth.browser',
      'lvnt.auth.refresh',
      'lvnt.locale',
    ]);
    expect(cookie?.value).toBe('de');
    expect(cookie?.path).toBe('/');
    expect(cookie?.sameSite).toBe('Lax');
    const lifetime = (cookie?.expires ?? 0) - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(YEAR_SECONDS - 60);
    expect(lifetime).toBeLessThanOrEqual(YEAR_SECONDS + 60);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Veranstaltungen');

    await page.getByRole('button', { name: 'Kontomenü' }).click();
    await expect(page.getByRole('menuitemradio', { name: 'Deutsch' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Events');
    await expect(
      page.getByRole('status').filter({ hasText: 'The interface is now in English.' }),
    ).toBeVisible();
  });
});
