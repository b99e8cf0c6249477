import {
  expect,
  mailLink,
  mailsTo,
  PASSWORD,
  readMail,
  registerAccount,
  signIn,
  test,
  uniqueEmail,
} from './fixtures.js';

/**
 * The accounts issue end to end: sign-up, the mailed verification link (through a real SMTP
 * server), sign-in, settings in German, staying signed in, sign-out.
 */
test('sign up, confirm by mail, sign in, save settings in German, reload, sign out', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('signup');
  await page.goto('/register');
  await page.getByLabel('Full name').fill('Grace Hopper');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel(/Company or brand/).fill('Navy');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('checkbox', { name: /terms of service/ }).check();
  await page.getByRole('checkbox', { name: /privacy policy/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();

  // Signed in, not verified yet: the guard keeps the dashboard closed.
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByTestId('verify-email-address')).toHaveText(email);
  await page.goto('/events');
  await expect(page).toHaveURL(/\/verify-email$/);

  const mail = await readMail(email, /^Confirm your email address for Livent$/);
  expect(mail.text).toContain('Hello Grace Hopper');

  // The link opened elsewhere (another browser, not signed in) confirms the address …
  const other = await browser.newContext();
  const phone = await other.newPage();
  await phone.goto(mailLink(mail, '/verify-email'));
  await expect(
    phone.getByRole('status').filter({ hasText: 'Your email address is confirmed.' }),
  ).toBeVisible();
  // … takes the token out of the address bar at once, and continues to sign-in.
  await expect(phone).toHaveURL(/\/login$/);
  expect(await phone.evaluate(() => window.location.href)).not.toContain('token');

  await phone.getByLabel('Email address').fill(email);
  await phone.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await phone.getByRole('button', { name: 'Sign in' }).click();
  await expect(phone).toHaveURL(/\/events$/);
  // A fresh account is not greeted with news "since your last visit".
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Events');
  await expect(phone.getByRole('dialog')).toHaveCount(0);

  // German through the avatar menu, then the settings.
  await phone.getByRole('button', { name: 'Account menu' }).click();
  await phone.getByRole('menuitemradio', { name: 'Deutsch' }).click();
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Veranstaltungen');
  await phone.getByRole('button', { name: 'Kontomenü' }).click();
  await phone.getByRole('menuitem', { name: 'Einstellungen' }).click();
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Einstellungen');

  const timezone = phone.getByRole('combobox', { name: 'Zeitzone' });
  await timezone.click();
  await timezone.fill('New York');
  await phone.getByRole('option', { name: /America\/New York/ }).click();
  await phone.getByLabel('Sprache für E-Mails').selectOption('de');
  await phone.getByRole('radio', { name: 'Semikolon (;)' }).check();
  await phone.getByRole('switch', { name: 'Newsletter' }).check();
  const patch = phone.waitForRequest(
    (request) => request.url().endsWith('/api/settings') && request.method() === 'PATCH',
  );
  await phone.getByRole('button', { name: 'Änderungen speichern' }).click();
  // Only the changed fields (docs/product-spec.md section 7).
  expect((await patch).postDataJSON()).toEqual({
    timezone: 'America/New_York',
    emailLanguage: 'de',
    csvDelimiter: ';',
    newsletter: true,
  });
  await expect(
    phone.getByRole('status').filter({ hasText: 'Ihre Änderungen wurden gespeichert.' }),
  ).toBeVisible();

  // Still signed in after a reload, with the saved values.
  await phone.reload();
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Einstellungen');
  await expect(phone.getByRole('combobox', { name: 'Zeitzone' })).toHaveValue(/America\/New York/);
  await expect(phone.getByLabel('Sprache für E-Mails')).toHaveValue('de');
  await expect(phone.getByRole('radio', { name: 'Semikolon (;)' })).toBeChecked();
  await expect(phone.getByRole('switch', { name: 'Newsletter' })).toBeChecked();
  await expect(phone.getByRole('switch', { name: 'Hilfe immer anzeigen' })).toBeChecked();

  // Sign out through the avatar menu: back at the sign-in page.
  await phone.getByRole('button', { name: 'Kontomenü' }).click();
  await phone.getByRole('menuitem', { name: 'Abmelden' }).click();
  await expect(phone).toHaveURL(/\/login$/);
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Anmelden');
  await phone.goto('/settings');
  await expect(phone).toHaveURL(/\/login\?redirect=%2Fsettings$/);
  await other.close();
});

test.describe('sign-in', () => {
  test('a wrong password says "Email or password not correct!" with a reset prompt', async ({
    page,
    account,
  }) => {
    await page.goto('/login');
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong-Password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Email or password not correct!');
    await expect(alert).toContainText('Forgot your password?');
    await alert.getByRole('link', { name: 'Reset it now' }).click();
    await expect(page).toHaveURL(/\/reset-password$/);
  });

  test('too many failed attempts answer 429: "Too many requests, please try again later."', async ({
    page,
  }) => {
    const account = await registerAccount();
    // The per-account limit: 10 failures in 15 minutes (docs/architecture.md, "Security").
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await page.request.post('/api/auth/login', {
        data: { email: account.email, password: 'Wrong-Password-1' },
      });
      expect(response.status()).toBe(401);
    }
    await page.goto('/login');
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Too many requests, please try again later.' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('goes back to the page that asked for it', async ({ page, account }) => {
    await page.goto('/account/security');
    await expect(page).toHaveURL(/\/login\?redirect=%2Faccount%2Fsecurity$/);
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/account\/security$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Security');
  });

  test('ignores a redirect to another site', async ({ page, account }) => {
    await page.goto('/login?redirect=%2F%2Fevil.example%2Fphish');
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/localhost:\d+\/events$/);
  });
});

test.describe('guards (spec section 2, "Redirects")', () => {
  test('signed out: signed-in pages send to /login', async ({ page }) => {
    for (const path of ['/', '/events', '/account', '/settings']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login(\?redirect=.*)?$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
    }
  });

  test('signed in: guest pages send to / (the events)', async ({ page, account }) => {
    await signIn(page, account);
    for (const path of ['/login', '/register', '/reset-password']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/events$/);
    }
  });

  test('unverified: /verify-email, with a resend that mails a new link', async ({ page }) => {
    const account = await registerAccount({ verified: false });
    await signIn(page, account);
    await page.goto('/account/profile');
    await expect(page).toHaveURL(/\/verify-email$/);
    const first = await readMail(account.email, /Confirm your email address/);
    await page.getByRole('button', { name: 'Send the email again' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `A new confirmation link is on its way` }),
    ).toBeVisible();
    const second = await readMail(account.email, /Confirm your email address/, {
      after: first.id,
    });
    await page.goto(mailLink(second, '/verify-email'));
    await expect(page).toHaveURL(/\/events$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Events');

    // A link is used once: again, the confirmed account sees one state, "confirmed", and no
    // "Token not found" beside it (that is for a link nobody confirmed with: verify-email-panel.test.tsx).
    await page.goto(mailLink(second, '/verify-email'));
    await expect(page.getByText(`Your email address ${account.email} is confirmed.`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue to the dashboard' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('another tab follows a sign-out', async ({ page, account, context }) => {
    await signIn(page, account);
    await page.goto('/settings');
    const second = await context.newPage();
    await second.goto('/account');
    await expect(second.getByRole('heading', { level: 1 })).toHaveText('Account');
    await page.goto('/logout');
    await expect(page).toHaveURL(/\/login$/);
    await expect(second).toHaveURL(/\/login/);
    await expect(second.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  });
});

test.describe('password reset (spec section 2, /reset-password)', () => {
  test('by the mailed link, then sign in with the new password', async ({ page }) => {
    const account = await registerAccount();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset password');
    await page.getByLabel('Email address').fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toContainText(
      `If an account exists for ${account.email}, we have sent it a link`,
    );

    const mail = await readMail(account.email, /^Reset your Livent password$/);
    const link = mailLink(mail, '/reset-password');
    await page.goto(link);
    await expect(page).toHaveURL(/\/reset-password$/);
    await page.getByLabel('New password', { exact: true }).fill('Brand-New-Secret-9');
    await page.getByLabel('Confirm new password').fill('Something-Else-9');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm new password').fill('Brand-New-Secret-9');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(
      page.getByRole('status').filter({ hasText: 'Your password has been changed.' }),
    ).toBeVisible();

    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('Brand-New-Secret-9');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/events$/);

    // The link works once: "Password reset failed", with a way to ask for a new one.
    await page.context().clearCookies();
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('Another-Secret-9');
    await page.getByLabel('Confirm new password').fill('Another-Secret-9');
    await page.getByRole('button', { name: 'Set new password' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Password reset failed');
    await alert.getByRole('button', { name: 'Request a new link' }).click();
    await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();
  });

  test('answers the same for an unknown address, and mails nothing', async ({ page }) => {
    const email = uniqueEmail('nobody');
    await page.goto('/reset-password');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toContainText(`If an account exists for ${email}`);
    await page.waitForTimeout(500);
    expect(await mailsTo(email)).toEqual([]);
  });
});
