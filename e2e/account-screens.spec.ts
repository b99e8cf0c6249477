import type { Page } from '@playwright/test';
import { createEventByApi } from './event-helpers.js';
import {
  baseURL,
  expect,
  mailLink,
  ownAccount,
  readMail,
  setPlan,
  signIn,
  test,
  uniqueEmail,
  type Account,
} from './fixtures.js';

const saved = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'Your changes have been saved.' });

async function canSignIn(page: Page, email: string, password: string): Promise<number> {
  const api = await page.context().request;
  const response = await api.post(`${baseURL}/api/auth/login`, { data: { email, password } });
  return response.status();
}

test.describe('profile (/account/profile)', () => {
  test('saves name, company and initials; asks before leaving unsaved changes', async ({
    page,
  }) => {
    await ownAccount(page);
    await page.goto('/account/profile');
    const save = page.getByRole('button', { name: 'Save changes' });
    await expect(save).toBeDisabled();

    await page.getByLabel('Full name').fill('Ada King');
    await page.getByLabel(/Company or brand/).fill('Analytical Engines');
    await page.getByLabel('Initials').fill('ak');

    // Unsaved changes: leaving asks first (docs/product-spec.md section 4).
    await page
      .getByRole('navigation', { name: 'Account navigation' })
      .getByRole('link', { name: 'Security' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Unsaved changes' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(/\/account\/profile$/);

    const patch = page.waitForRequest((request) => request.method() === 'PATCH');
    await save.click();
    expect((await patch).postDataJSON()).toEqual({
      name: 'Ada King',
      company: 'Analytical Engines',
      initials: 'ak',
    });
    await expect(saved(page)).toBeVisible();
    await expect(save).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Account menu' })).toHaveText('AK');

    await page.reload();
    await expect(page.getByLabel('Full name')).toHaveValue('Ada King');
    await expect(page.getByLabel(/Company or brand/)).toHaveValue('Analytical Engines');
    await expect(page.getByLabel('Initials')).toHaveValue('AK');
    await page.getByLabel('Full name').fill('');
    await save.click();
    await expect(page.getByText('This field is required')).toBeVisible();
  });

  test('changes the email address once the link mailed to the new one is opened', async ({
    page,
  }) => {
    const { account } = await ownAccount(page);
    const newEmail = uniqueEmail('moved');
    await page.goto('/account/profile');
    await page.getByLabel('New email address').fill(newEmail);
    await page.getByLabel('Current password').fill('Wrong-Password-1');
    await page.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect(page.getByText('Email change failed: the password is not correct.')).toBeVisible();

    await page.getByLabel('Current password').fill(account.password);
    await page.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: `We have sent a confirmation link to ${newEmail}` }),
    ).toBeVisible();
    await expect(page.getByText(`Waiting for confirmation: ${newEmail}`)).toBeVisible();

    const mail = await readMail(newEmail, /^Confirm your new email address for Livent$/);
    await page.goto(mailLink(mail, '/verify-email'));
    await expect(page).toHaveURL(/\/events$/);
    await page.goto('/account/profile');
    await expect(page.getByText(newEmail, { exact: true })).toBeVisible();
    await expect(page.getByText('Waiting for confirmation')).toHaveCount(0);
    expect(await canSignIn(page, newEmail, account.password)).toBe(200);
    expect(await canSignIn(page, account.email, account.password)).toBe(401);
  });
});

test.describe('security (/account/security)', () => {
  test('password change: its messages, then the new password works', async ({ page }) => {
    const { account } = await ownAccount(page);
    await page.goto('/account/security');
    const change = page.getByRole('button', { name: 'Change password' });
    const current = page.getByLabel('Current password');
    const next = page.getByLabel('New password', { exact: true });
    const confirm = page.getByLabel('Confirm new password');

    await current.fill(account.password);
    await next.fill('Another-Secret-8');
    await confirm.fill('Another-Secret-9');
    await change.click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();

    await next.fill(account.password);
    await confirm.fill(account.password);
    await change.click();
    await expect(page.getByText('New password should not match old password')).toBeVisible();

    await current.fill('Wrong-Password-1');
    await next.fill('Another-Secret-9');
    await confirm.fill('Another-Secret-9');
    await change.click();
    await expect(
      page.getByText('Password change failed: the current password is not correct.'),
    ).toBeVisible();

    await current.fill(account.password);
    await change.click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your password has been changed.' }),
    ).toBeVisible();
    await expect(current).toHaveValue('');

    // This device keeps working with the fresh session; the old password does not.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Security');
    expect(await canSignIn(page, account.email, account.password)).toBe(401);
    expect(await canSignIn(page, account.email, 'Another-Secret-9')).toBe(200);
  });

  test('lists the sessions, revokes one and then all others', async ({ page, playwright }) => {
    const { account, accessToken } = await ownAccount(page);
    // Sign-up made a session too; start with this device only.
    await page.request.delete('/api/account/sessions', {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    const other = async (userAgent: string) => {
      const api = await playwright.request.newContext({ baseURL, userAgent });
      expect(
        (
          await api.post('/api/auth/login', {
            data: { email: account.email, password: account.password },
          })
        ).status(),
      ).toBe(200);
      await api.dispose();
    };
    await other('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0');
    await page.goto('/account/security');
    const sessions = page.getByTestId('session');
    await expect(sessions).toHaveCount(2);
    await expect(sessions.filter({ hasText: 'This device' })).toHaveCount(1);
    await expect(sessions.filter({ hasText: 'Firefox 128 on Windows' })).toContainText(
      'IP 127.0.0.1',
    );
    await page.getByRole('button', { name: 'Sign out Firefox 128 on Windows' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'The device has been signed out.' }),
    ).toBeVisible();
    await expect(sessions).toHaveCount(1);

    await other('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Version/17.5 Safari/605.1.15');
    await other('curl/8.5.0');
    await page.reload();
    await expect(sessions).toHaveCount(3);
    await page.getByRole('button', { name: 'Sign out all other devices' }).click();
    await expect(sessions).toHaveCount(1);
    await expect(sessions).toContainText('This device');
    await expect(page.getByRole('button', { name: 'Sign out all other devices' })).toBeDisabled();
  });

  test('deletes the account after the password, which then no longer signs in', async ({
    page,
  }) => {
    const { account } = await ownAccount(page);
    await page.goto('/account/security');
    await page.getByRole('button', { name: 'Delete account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password', { exact: true }).fill('Wrong-Password-1');
    await dialog.getByRole('button', { name: 'Delete for good' }).click();
    await expect(
      dialog.getByText('Account deletion failed: the password is not correct.'),
    ).toBeVisible();
    await dialog.getByLabel('Password', { exact: true }).fill(account.password);
    await dialog.getByRole('button', { name: 'Delete for good' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(
      page.getByRole('status').filter({ hasText: 'Your account has been deleted.' }),
    ).toBeVisible();
    expect(await canSignIn(page, account.email, account.password)).toBe(401);
  });

  test('custom plans cannot delete the account here (spec section 6)', async ({ page }) => {
    const { account } = await ownAccount(page);
    await setPlan(account.email, 'custom');
    await page.goto('/account/security');
    await expect(page.getByText('Accounts on a custom plan cannot be deleted here.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete account…' })).toBeDisabled();
  });
});

test.describe('plan features in the header (spec section 6)', () => {
  test('ENTERPRISE_ADMIN shows the enterprise link, CUSTOM_ACCESS the login list', async ({
    page,
  }) => {
    const { account, accessToken } = await ownAccount(page);
    const event = await createEventByApi(page, accessToken, 'Plan features');
    await page.goto(`/events/${event.id}/general`);
    const nav = page.getByRole('navigation', { name: 'Event navigation' });
    await expect(nav.getByRole('link', { name: 'Login List' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Enterprise' })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'Free plan' })).toHaveAttribute(
      'href',
      '/account/plan',
    );

    // Without the feature the address itself is not there, not only the link.
    await page.goto('/enterprise');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      "You are lost. This page doesn't exist.",
    );
    await page.goto(`/events/${event.id}/general`);

    await setPlan(account.email, 'enterprise-admin');
    await page.reload();
    await expect(nav.getByRole('link', { name: 'Login List' })).toBeVisible();
    await page.getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByRole('menu');
    await expect(menu).toContainText(account.name);
    await expect(menu).toContainText(account.email);
    await expect(menu.getByRole('menuitem', { name: 'Enterprise plan' })).toBeVisible();
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Enterprise plan',
      'Account',
      'Enterprise',
      'Settings',
      'Sign out',
    ]);
    await expect(menu.getByRole('menuitemradio')).toHaveText(['English', 'Deutsch']);
    await page.keyboard.press('Escape');
    await page.goto('/enterprise');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enterprise overview');
  });
});

test.describe('settings (/settings)', () => {
  test("shows the server's message when saving fails (spec section 8)", async ({ page }) => {
    await ownAccount(page);
    await page.route('**/api/settings', (route) =>
      route.fulfill({ status: 500, json: { code: 500, message: 'Internal server error' } }),
    );
    await page.goto('/settings');
    await page.getByRole('switch', { name: 'Newsletter' }).check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Sorry. Something went wrong.' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeEnabled();
  });
});

test.describe('feedback (/feedback)', () => {
  test('sends the message to support', async ({
    page,
    account,
  }: {
    page: Page;
    account: Account;
  }) => {
    await signIn(page, account);
    await page.goto('/feedback');
    await expect(page.getByLabel('Your email address')).toHaveValue(account.email);
    const text = `The sign-up was easy ${Date.now()}`;
    await page.getByLabel('Message').fill(text);
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Thank you! Your feedback has been sent.' }),
    ).toBeVisible();
    await expect(page.getByLabel('Message')).toHaveValue('');
    const mail = await readMail('support@localhost', /^Feedback from /, { timeout: 15_000 });
    expect(mail.text).toContain(account.email);
  });

  test('says "Feedback could not be sent" when it fails', async ({ page, account }) => {
    await signIn(page, account);
    await page.route('**/api/feedback', (route) =>
      route.fulfill({ status: 503, json: { code: 503, message: 'Service unavailable' } }),
    );
    await page.goto('/feedback');
    await page.getByLabel('Message').fill('Hello');
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await expect(page.getByRole('alert')).toHaveText('Feedback could not be sent');
    await expect(page.getByLabel('Message')).toHaveValue('Hello');
  });
});

test.describe("what's new (spec section 2)", () => {
  test('opens once with the news, and not again after confirming', async ({ page }) => {
    await ownAccount(page, { newsSeen: false });
    await page.goto('/events');
    const dialog = page.getByRole('dialog', { name: "What's new in Livent" });
    await expect(dialog).toBeVisible();
    expect((await dialog.boundingBox())?.width).toBe(700);
    await expect(dialog.locator('time').first()).toBeVisible();
    const seen = page.waitForRequest((request) => request.url().endsWith('/api/settings'));
    await dialog.getByRole('button', { name: 'Got it' }).click();
    expect(Object.keys((await seen).postDataJSON())).toEqual(['whatsnewSeen']);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'saved' })).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Events');
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Hello, ');
    await page.waitForTimeout(500);
    await expect(dialog).toHaveCount(0);
  });
});
