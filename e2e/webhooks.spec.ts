import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, ownAccount, test, useLanguage, VIEWPORTS } from './fixtures.js';

/**
 * Webhooks (docs/decisions/072-webhooks.md) in the browser: an endpoint pointing at a receiver
 * this spec starts on loopback (the e2e server's OUTBOUND_ALLOW admits 127.0.0.1), a test event
 * sent and seen delivered in the log, in English and German. Signing, retries and pausing are
 * covered by the server's tests.
 */

let receiver: Server;
const received: { headers: Record<string, unknown>; body: string }[] = [];
let receiverUrl = '';

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

/** Screenshots for people to look at (`.tmp/screenshots/webhooks/`, not committed). */
async function shoot(page: Page, name: string) {
  mkdirSync('.tmp/screenshots/webhooks', { recursive: true });
  await page.screenshot({ path: `.tmp/screenshots/webhooks/${name}.png`, fullPage: true });
}

test('adds an endpoint, sends a test and sees it delivered in the log', async ({ page }) => {
  test.setTimeout(60_000);
  await ownAccount(page);
  await page.goto('/account/webhooks');
  await expect(page.getByRole('heading', { name: 'No webhooks yet' })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'empty-en');

  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add webhook endpoint' });
  const url = dialog.getByRole('textbox', { name: 'Endpoint URL' });
  await url.fill('https://10.0.0.1/hooks');
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(
    dialog.getByText('This address is internal and cannot receive webhooks.'),
  ).toBeVisible();
  await url.fill(receiverUrl);
  await dialog.getByRole('textbox', { name: 'Description' }).fill('CRM');
  await dialog.getByRole('checkbox', { name: 'Send all event types' }).uncheck();
  await dialog.getByRole('checkbox', { name: 'Registration created' }).uncheck();
  await expectAccessible(page);
  await shoot(page, 'dialog-en');
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByTestId('webhook-endpoint');
  await expect(card.getByRole('heading', { name: receiverUrl })).toBeVisible();
  await expect(card.getByText('Active')).toBeVisible();
  await card.getByRole('button', { name: 'Show signing secret' }).click();
  await expect(card.getByText(/^whsec_/)).toBeVisible();

  await card.getByRole('button', { name: 'Send test' }).click();
  const row = card.getByTestId('webhook-delivery');
  await expect(row).toContainText('Test event');
  await expect(row.getByText('Delivered')).toBeVisible({ timeout: 15_000 });
  await expect(row).toContainText('204');
  expect(received.at(-1)?.headers['webhook-signature']).toMatch(/^v1,/);
  await row.getByRole('button', { name: 'Show attempts' }).click();
  await expectAccessible(page);
  await shoot(page, 'log-en');
  await page.setViewportSize(VIEWPORTS.mobile);
  await shoot(page, 'log-en-390');
  await page.setViewportSize({ width: 1440, height: 900 });
  await shoot(page, 'log-en-1440');

  // Pause and resume from the menu.
  await card.getByRole('button', { name: `More actions for ${receiverUrl}` }).click();
  await page.getByRole('menuitem', { name: 'Pause' }).click();
  await expect(card.getByText('Paused')).toBeVisible();
});

test('speaks German', async ({ page }) => {
  test.setTimeout(60_000);
  await useLanguage(page, 'de');
  await ownAccount(page);
  await page.goto('/account/webhooks');
  await expect(page.getByRole('heading', { name: 'Noch keine Webhooks' })).toBeVisible();
  await page.getByRole('button', { name: 'Endpunkt hinzufügen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Webhook-Endpunkt hinzufügen' });
  await dialog.getByRole('textbox', { name: 'Endpunkt-URL' }).fill(receiverUrl);
  await dialog.getByRole('button', { name: 'Endpunkt hinzufügen' }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByTestId('webhook-endpoint');
  await card.getByRole('button', { name: 'Test senden' }).click();
  await expect(card.getByTestId('webhook-delivery').getByText('Zugestellt')).toBeVisible({
    timeout: 15_000,
  });
  await expectAccessible(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await shoot(page, 'log-de-1440');
  await page.setViewportSize(VIEWPORTS.mobile);
  await shoot(page, 'log-de-390');
});
