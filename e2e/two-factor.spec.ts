import type { Page } from '@playwright/test';
import { base32Decode, referenceTotp } from '../apps/server/src/test/totp-reference.js';
import {
  VIEWPORTS,
  expect,
  expectAccessible,
  ownAccount,
  test,
  useLanguage,
  type Account,
} from './fixtures.js';

/**
 * Two-factor sign-in (docs/decisions/071-two-factor-sign-in.md): turned on with a code computed
 * here from the shown secret, then asked for after the password, in English and German.
 */

const STEP_MS = 30_000;

/**
 * A code one step ahead: accepted (the window is ±1 step) and always later than a code of the
 * current step used a moment before, which the server would refuse as used.
 */
const nextCode = (key: Buffer) => referenceTotp(key, Date.now() + STEP_MS);

async function signOut(page: Page, menu: string, item: string): Promise<void> {
  await page.getByRole('button', { name: menu }).click();
  await page.getByRole('menuitem', { name: item }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function enterPassword(page: Page, account: Account, labels: [string, string, string]) {
  const [email, password, submit] = labels;
  await page.getByLabel(email).fill(account.email);
  await page.getByLabel(password, { exact: true }).fill(account.password);
  await page.getByRole('button', { name: submit }).click();
}

test('turns on with a code of the shown secret, then asks for a code or a recovery code at sign-in', async ({
  page,
}) => {
  // Three sign-ins and two accessibility checks: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const { account } = await ownAccount(page);
  await page.goto('/account/security');
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const setup = page.getByRole('dialog', { name: 'Set up two-factor sign-in' });
  await expect(
    setup.getByRole('img', { name: 'QR code for your authenticator app' }),
  ).toBeVisible();
  const secret = (await setup.getByTestId('two-factor-secret').innerText()).replace(/\s/g, '');
  const key = base32Decode(secret);
  await expectAccessible(page);

  await setup.getByLabel('Code from the app').fill(referenceTotp(key, Date.now()));
  await setup.getByLabel('Your password').fill(account.password);
  await setup.getByRole('button', { name: 'Turn on' }).click();
  const codesDialog = page.getByRole('dialog', { name: 'Your recovery codes' });
  const codes = codesDialog
    .getByRole('list', { name: 'Your recovery codes' })
    .getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCode = (await codes.first().innerText()).trim();
  await codesDialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('Two-factor sign-in is on. 10 recovery codes left.')).toBeVisible();

  await signOut(page, 'Account menu', 'Sign out');
  const labels: [string, string, string] = ['Email address', 'Password', 'Sign in'];
  await enterPassword(page, account, labels);
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeFocused();
  await expectAccessible(page);
  await code.fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('This code is not valid');
  await code.fill(nextCode(key));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/events$/);

  await signOut(page, 'Account menu', 'Sign out');
  await enterPassword(page, account, labels);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/events$/);
  await page.goto('/account/security');
  await expect(page.getByText('Two-factor sign-in is on. 9 recovery codes left.')).toBeVisible();
});

test('asks for the code in German on a phone, and remembers the browser when asked', async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS.mobile);
  await useLanguage(page, 'de');
  const { account, accessToken } = await ownAccount(page);
  const headers = { Authorization: `Bearer ${accessToken}` };
  const setup = await page.request.post('/api/account/two-factor/setup', { headers });
  const key = base32Decode(((await setup.json()) as { secret: string }).secret);
  const enabled = await page.request.post('/api/account/two-factor/enable', {
    headers,
    data: { code: referenceTotp(key, Date.now()), password: account.password },
  });
  expect(enabled.status()).toBe(200);
  // Signed out, as on another day: the sign-in form again.
  await page.context().clearCookies();
  await useLanguage(page, 'de');

  await page.goto('/login');
  const labels: [string, string, string] = ['E-Mail-Adresse', 'Passwort', 'Anmelden'];
  await enterPassword(page, account, labels);
  await expect(page.getByRole('heading', { name: 'Zwei-Faktor-Anmeldung' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Bestätigungscode').fill('000000');
  await page.getByRole('button', { name: 'Bestätigen' }).click();
  await expect(page.getByRole('alert')).toContainText('Dieser Code ist ungültig');
  await page.getByLabel('Bestätigungscode').fill(nextCode(key));
  await page.getByLabel('Diesen Browser 30 Tage lang merken').check();
  await page.getByRole('button', { name: 'Bestätigen' }).click();
  await expect(page).toHaveURL(/\/events$/);

  // Remembered: the password alone signs this browser in again.
  await signOut(page, 'Kontomenü', 'Abmelden');
  await enterPassword(page, account, labels);
  await expect(page).toHaveURL(/\/events$/);
});
