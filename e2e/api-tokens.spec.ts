import type { APIRequestContext, Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import createClient from 'openapi-fetch';
import type { paths } from '../apps/web/src/lib/api/schema.gen.js';
import { expect, expectAccessible, ownAccount, test, useLanguage } from './fixtures.js';

// Personal API tokens on /account/security (docs/decisions/070-personal-api-tokens.md): made in
// the dialog, shown once, used against the API, revoked. Screens go to .tmp/screenshots/tokens/
// for people to look at.
const SCREENSHOTS = '.tmp/screenshots/tokens';

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

/**
 * The docs' TypeScript client (docs/api.md): `openapi-fetch` typed by the generated schema, the
 * token in its Authorization header.
 */
function documentedClient(token: string) {
  return createClient<paths>({
    baseUrl: test.info().project.use.baseURL,
    headers: { Authorization: `Bearer ${token}` },
  });
}

/** GET /api/events with the token, as the docs' curl call does; answers the status. */
async function listEvents(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get('/api/events', {
    headers: { authorization: `Bearer ${token}` },
  });
  return response.status();
}

test.describe('personal API tokens (/account/security)', () => {
  // Screenshots at two widths besides the flow.
  test.beforeEach(() => test.setTimeout(60_000));

  test('create, reveal once, use against /api/events, revoke: 401', async ({ page, request }) => {
    await ownAccount(page);
    await page.goto('/account/security');
    const section = page.getByRole('region', { name: 'API tokens' });
    await expect(section.getByText('No API tokens yet')).toBeVisible();
    await expectAccessible(page);

    await section.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an API token' });
    await dialog.getByRole('button', { name: 'Create token' }).click();
    await expect(dialog.getByText('Choose at least one scope.')).toBeVisible();
    await dialog.getByLabel('Name').fill('CRM sync');
    await dialog.getByRole('checkbox', { name: /Read events/ }).check();
    await dialog.getByRole('checkbox', { name: /Read statistics/ }).check();
    await dialog.getByLabel('Expires').selectOption('30');
    await expectAccessible(page);
    await shoot(page, 'dialog-en');
    await dialog.getByRole('button', { name: 'Create token' }).click();

    const reveal = page.getByRole('dialog', { name: 'Your new API token' });
    await expect(reveal.getByText('You will not see it again.')).toBeVisible();
    const token = await reveal.getByLabel('API token').inputValue();
    expect(token).toMatch(/^lvt_[A-Za-z0-9_-]{43}$/);
    await expect(reveal.getByRole('button', { name: 'Copy' })).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'reveal-en');
    await reveal.getByRole('button', { name: 'Done' }).click();

    const row = section.getByTestId('api-token');
    await expect(row).toContainText('CRM sync');
    await expect(row).toContainText(`${token.slice(0, 12)}…`);
    await expect(row).toContainText('Read statistics');
    await expect(row).toContainText('never used');
    await expect(page.getByText(token)).toHaveCount(0);

    expect(await listEvents(request, token)).toBe(200);
    const { data: events, error } = await documentedClient(token).GET('/api/events');
    expect(error).toBeUndefined();
    expect(events).toEqual([]);
    await page.reload();
    await expect(row).toContainText('last used');
    await shoot(page, 'list-en');

    await row.getByRole('button', { name: 'Revoke CRM sync' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke CRM sync?' });
    await expect(confirm).toContainText('stop working at once');
    await confirm.getByRole('button', { name: 'Revoke token' }).click();
    await expect(page.getByText('The token has been revoked.')).toBeVisible();
    await expect(section.getByText('No API tokens yet')).toBeVisible();
    expect(await listEvents(request, token)).toBe(401);
    const revoked = await documentedClient(token).GET('/api/events');
    expect(revoked.response.status).toBe(401);
    expect(revoked.data).toBeUndefined();
  });

  test('in German', async ({ page, request }) => {
    await useLanguage(page, 'de');
    await ownAccount(page);
    await page.goto('/account/security');
    const section = page.getByRole('region', { name: 'API-Tokens' });
    await expect(section.getByText('Noch keine API-Tokens')).toBeVisible();
    await section.getByRole('button', { name: 'Token erstellen' }).click();
    const dialog = page.getByRole('dialog', { name: 'API-Token erstellen' });
    await dialog.getByLabel('Name').fill('Statistik-Export');
    await dialog.getByRole('checkbox', { name: /Veranstaltungen lesen/ }).check();
    await dialog.getByLabel('Läuft ab').selectOption('never');
    await expectAccessible(page);
    await shoot(page, 'dialog-de');
    await dialog.getByRole('button', { name: 'Token erstellen' }).click();

    const reveal = page.getByRole('dialog', { name: 'Ihr neues API-Token' });
    await expect(reveal.getByText('Sie werden es nicht noch einmal sehen.')).toBeVisible();
    const token = await reveal.getByLabel('API-Token').inputValue();
    await expectAccessible(page);
    await shoot(page, 'reveal-de');
    await reveal.getByRole('button', { name: 'Fertig' }).click();

    const row = section.getByTestId('api-token');
    await expect(row).toContainText('läuft nie ab');
    await expect(row).toContainText('Veranstaltungen lesen');
    expect(await listEvents(request, token)).toBe(200);
    await expectAccessible(page);
    await shoot(page, 'list-de');

    await row.getByRole('button', { name: 'Statistik-Export widerrufen' }).click();
    await page
      .getByRole('dialog', { name: 'Statistik-Export widerrufen?' })
      .getByRole('button', { name: 'Token widerrufen' })
      .click();
    await expect(page.getByText('Das Token wurde widerrufen.')).toBeVisible();
    expect(await listEvents(request, token)).toBe(401);
  });
});
