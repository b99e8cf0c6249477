import type { Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  registerAccount,
  setPlan,
  signIn,
  test,
  type Account,
} from './fixtures.js';

/**
 * Custom domains (docs/decisions/030-custom-domains.md) in the browser. The e2e server resolves
 * no real DNS, so an added domain stays pending there: this spec checks what the user sees and
 * does on the screen; the DNS states are covered by the server's API tests against a loopback
 * DNS server.
 */

/** A name no other run uses, under a reserved test domain. */
const uniqueDomain = (label: string) =>
  `${label}-${process.pid}-${Math.random().toString(36).slice(2, 8)}.example.org`;

/** An account on a plan with custom domains, signed in on the page. */
async function professionalAccount(page: Page): Promise<{ account: Account; token: string }> {
  const account = await registerAccount();
  // Before signing in, so no cached session holds the free plan.
  await setPlan(account.email, 'professional');
  return { account, token: await signIn(page, account) };
}

test('a professional account adds a domain, sees it pending with its records, sets it up and deletes it', async ({
  page,
}) => {
  test.setTimeout(60_000);
  // Another account holds a name already.
  const other = await professionalAccount(page);
  const taken = uniqueDomain('taken');
  const claim = await page.request.post('/api/domains', {
    headers: { Authorization: `Bearer ${other.token}` },
    data: { name: taken },
  });
  expect(claim.status(), await claim.text()).toBe(201);

  await professionalAccount(page);
  await page.goto('/account/domains');
  await expect(page.getByRole('heading', { name: 'No custom domains yet' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Add domain' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a custom domain' });
  const field = dialog.getByRole('textbox', { name: 'Domain' });
  await field.fill('https://not a domain/');
  await dialog.getByRole('button', { name: 'Add domain' }).click();
  await expect(
    dialog.getByText(
      'Enter a domain name such as events.example.com, without https://, a path or a port.',
    ),
  ).toBeVisible();
  await field.fill(taken);
  await dialog.getByRole('button', { name: 'Add domain' }).click();
  await expect(dialog.getByText('Domain already taken')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);

  const name = uniqueDomain('events');
  await field.fill(name.toUpperCase());
  await dialog.getByRole('button', { name: 'Add domain' }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('article', { name });
  await expect(card.getByTestId('domain-status')).toHaveText('Pending');
  await expect(card.getByTestId('domain-message')).toContainText(
    'Activation can take up to 24 hours.',
  );
  const records = card.getByRole('table', { name: `DNS records for ${name}` });
  await expect(records.getByRole('row', { name: /CNAME/ })).toContainText(name);
  await expect(records.getByRole('row', { name: /TXT/ })).toContainText(
    `_livent-challenge.${name}`,
  );
  await expect(page.getByTestId('domain-usage')).toHaveText('1 of 1 domains used');
  await expect(page.getByText(/You use all 1 domains of your plan/)).toBeVisible();
  await expectAccessible(page);

  // Checking again looks the name up once more; without DNS it stays pending.
  await card.getByRole('button', { name: 'Check again' }).click();
  await expect(page.getByText(`${name} checked`)).toBeVisible();
  await expect(card.getByTestId('domain-status')).toHaveText('Pending');

  const defaultSwitch = card.getByRole('switch', { name: `Default domain for ${name}` });
  await defaultSwitch.click();
  await expect(defaultSwitch).toBeChecked();
  await expect(card.getByText('Default', { exact: true })).toBeVisible();

  const redirect = card.getByRole('textbox', { name: 'Redirect URL' });
  await redirect.fill('http://example.com');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByText(/starts with https:\/\//)).toBeVisible();
  await redirect.fill('https://example.com/welcome');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByRole('button', { name: 'Save' })).toBeDisabled();
  await page.reload();
  await expect(
    page.getByRole('article', { name }).getByRole('textbox', { name: 'Redirect URL' }),
  ).toHaveValue('https://example.com/welcome');

  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${name}?` });
  await confirm.getByRole('button', { name: 'Delete domain' }).click();
  await expect(page.getByRole('heading', { name: 'No custom domains yet' })).toBeVisible();
});

test('the free plan shows the plan notice instead of adding', async ({ page }) => {
  const account = await registerAccount();
  await signIn(page, account);
  await page.goto('/account/domains');
  await expect(page.getByText('Not available on your plan.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'See plans' })).toHaveAttribute(
    'href',
    '/account/plan',
  );
  await expect(page.getByRole('button', { name: 'Add domain' })).toHaveCount(0);
  await expectAccessible(page);
});
