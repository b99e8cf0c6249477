import type { Page } from '@playwright/test';
import { createEventByApi, ownAccount } from './event-helpers.js';
import { e2ePort } from '../playwright.config.js';
import {
  expect,
  expectAccessible,
  mailsTo,
  readMail,
  setPlan,
  test,
  uniqueEmail,
} from './fixtures.js';

// The invitation email screen and the lists' send dialog (ADR 026, "Invitation and registration
// emails"): the organiser writes the invitation text with placeholders, tests it on their own
// address, and sends it from the list to the e2e server's SMTP capture; without the plan feature
// the screens say so and send nothing; an unknown placeholder is refused at its field, and a
// sixth send within the hour gets the dialog's translated 429.

const EVENTS_ORIGIN = `http://events.localhost:${e2ePort}`;

async function setup(page: Page, plan?: string) {
  const { account, accessToken } = await ownAccount(page);
  if (plan) await setPlan(account.email, plan);
  const headers = { Authorization: `Bearer ${accessToken}` };
  const event = await createEventByApi(page, accessToken, 'Quarterly Town Hall');
  const saved = await page.request.patch(`/api/event-settings/${event.id}`, {
    headers,
    data: { language: 'en', accessMode: 'invitation' },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const guests = [
    { name: 'Grace Hopper', email: uniqueEmail('grace') },
    { name: 'Alan Turing', email: uniqueEmail('alan') },
  ];
  for (const guest of guests) {
    const added = await page.request.post(`/api/events/${event.id}/invitations`, {
      headers,
      data: guest,
    });
    expect(added.status(), await added.text()).toBe(201);
  }
  return { account, headers, event, guests };
}

test.describe('invitation and registration emails', () => {
  test('writes the invitation text with placeholders, tests it, and sends it from the list', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const { account, event, guests } = await setup(page, 'professional');

    await page.goto(`/events/${event.id}/access/invitations`);
    await expect(page.getByRole('heading', { level: 1, name: 'Invitations' })).toBeVisible();
    // Empty fields: the default text, filled with example values, in the preview.
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview).toContainText('Quarterly Town Hall');
    await expect(page.getByText('Not available on your plan.')).toHaveCount(0);
    await expectAccessible(page);

    const subject = page.getByLabel(/^Subject/);
    await subject.fill('See you at ');
    await page.getByRole('button', { name: 'Insert {EventName}' }).click();
    await expect(subject).toHaveValue('See you at {EventName}');
    const body = page.getByLabel(/^Text/);
    await body.fill('Dear ');
    await page.getByRole('button', { name: 'Insert {Name}' }).click();
    await body.press('End');
    await body.pressSequentially(', your link: ');
    await page.getByRole('button', { name: 'Insert {PersonalLink}' }).click();
    await expect(body).toHaveValue('Dear {Name}, your link: {PersonalLink}');
    await expect(preview).toContainText('See you at Quarterly Town Hall');
    await expect(preview).toContainText('Dear Ada Lovelace, your link: http');
    // The test mail sends the saved text: it waits for the save.
    const testMailButton = page.getByRole('button', { name: 'Send a test mail to me' });
    await expect(testMailButton).toBeDisabled();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Your changes have been saved.')).toBeVisible();

    await expect(testMailButton).toBeEnabled();
    await testMailButton.click();
    await expect(page.getByText(`Test mail on its way to ${account.email}`)).toBeVisible();
    const testMail = await readMail(account.email, /See you at Quarterly Town Hall/);
    expect(testMail.subject).toContain('[Test]');

    await page.goto(`/events/${event.id}/access/invitationlist`);
    const rows = page.getByRole('table', { name: 'Invitations' }).getByRole('row');
    await expect(rows).toHaveCount(guests.length + 1);
    await expect(rows.nth(1).getByText('Not sent')).toBeVisible();
    await page.getByRole('button', { name: 'Send emails' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send emails' });
    await expect(
      dialog.getByText('All 2 on the list, also those who already got a mail.'),
    ).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByText('2 mails queued')).toBeVisible();
    await expect(dialog).toBeHidden();
    // The list reloaded: each row shows its mail's status.
    await expect(rows.nth(1).getByText('Not sent')).toHaveCount(0);
    await expect(rows.nth(1).getByText(/^(Queued|Accepted)$/)).toBeVisible();

    for (const guest of guests) {
      const mail = await readMail(guest.email, /See you at Quarterly Town Hall/);
      expect(mail.text).toContain(`Dear ${guest.name}, your link: http`);
    }

    // Nobody is left without a mail: "only those not sent yet" sends nothing.
    await page.getByRole('button', { name: 'Send emails' }).click();
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByText('Nobody was left to send to.')).toBeVisible();
  });

  test('sends to all again only after a confirmation, and a sixth send within the hour is refused in the dialog', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const { headers, event, guests } = await setup(page, 'professional');
    await page.goto(`/events/${event.id}/access/invitationlist`);
    await page.getByRole('button', { name: 'Send emails' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send emails' });
    await dialog.getByRole('radio', { name: /^All again/ }).check();
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Send to all 2 again?' });
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Send to all' }).click();
    await expect(page.getByText('2 mails queued')).toBeVisible();
    await readMail(guests[0]!.email, /Quarterly Town Hall/);

    // Four more sends through the API reach the limit of five an hour per event and list.
    for (let send = 0; send < 4; send += 1) {
      const answer = await page.request.post(`/api/events/${event.id}/invitations/send`, {
        headers,
        data: { mode: 'all' },
      });
      expect(answer.status(), await answer.text()).toBe(200);
    }
    await page.getByRole('button', { name: 'Send emails' }).click();
    await dialog.getByRole('radio', { name: /^All again/ }).check();
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await confirm.getByRole('button', { name: 'Send to all' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Too many mails were sent just now. Please try again in a few minutes.',
    );
    await expect(dialog).toBeVisible();
    // The refused send queued nothing: five sends, five mails at the most for each guest.
    expect((await mailsTo(guests[1]!.email)).length).toBeLessThanOrEqual(5);
  });

  test('without invitation emails on the plan, the screens say so and send nothing; an unknown placeholder is refused at its field', async ({
    page,
  }) => {
    const { event, guests } = await setup(page);
    await page.goto(`/events/${event.id}/access/invitations`);
    await expect(
      page.getByText(/Invitation emails are part of the professional and enterprise plans/),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send a test mail to me' })).toBeDisabled();
    // The text itself is for every plan, and checked like any setting.
    await page.getByLabel(/^Text/).fill('Dear {Firstname}');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(
      page.getByText(/^Unknown placeholder \{Firstname\}; available: \{Name\}/),
    ).toBeVisible();
    await expect(page.getByLabel(/^Text/)).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Discard changes' }).click();
    await page.goto(`/events/${event.id}/access/invitationlist`);
    await page.getByRole('button', { name: 'Send emails' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send emails' });
    await expect(dialog.getByText(/Sending emails from the lists is part of/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
    await expectAccessible(page);
    expect(await mailsTo(guests[0]!.email)).toEqual([]);
  });

  test('writes the registration email in the registration settings and sends it from the registration list', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const { account, accessToken } = await ownAccount(page);
    await setPlan(account.email, 'professional');
    const event = await createEventByApi(page, accessToken, 'Partner Day');
    const setupAnswer = await page.request.patch(`/api/event-settings/${event.id}`, {
      headers: { Authorization: `Bearer ${accessToken}` },
      data: { language: 'en', accessMode: 'registration' },
    });
    expect(setupAnswer.status(), await setupAnswer.text()).toBe(200);
    const guest = { name: 'Katherine Johnson', email: uniqueEmail('katherine') };
    const viewer = await browser.newContext();
    const viewerPage = await viewer.newPage();
    await viewerPage.goto(`${EVENTS_ORIGIN}/${event.slug}`);
    await viewerPage.getByRole('textbox', { name: 'Name', exact: true }).fill(guest.name);
    await viewerPage.getByRole('textbox', { name: 'Email' }).fill(guest.email);
    await viewerPage.getByRole('button', { name: 'Register' }).click();
    await expect(viewerPage).toHaveURL(`${EVENTS_ORIGIN}/${event.slug}`);
    await viewer.close();

    await page.goto(`/events/${event.id}/access/registrations`);
    const card = page.getByRole('region', { name: 'Registration email text' });
    // Registration mails name the email; an invitation's username and password they do not.
    await expect(card.getByRole('button', { name: 'Insert {Username}' })).toHaveCount(0);
    await card.getByLabel(/^Subject/).fill('Your seat for ');
    await card.getByRole('button', { name: 'Insert {EventName}' }).click();
    await card.getByLabel(/^Text/).fill('Hello ');
    await card.getByRole('button', { name: 'Insert {Name}' }).click();
    await expect(card.getByRole('region', { name: 'Preview' })).toContainText(
      'Your seat for Partner Day',
    );
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Your changes have been saved.')).toBeVisible();

    await page.getByRole('link', { name: 'Registration list' }).click();
    const row = page.getByRole('row', { name: new RegExp(guest.name) });
    await expect(row.getByText('Not sent')).toBeVisible();
    await page.getByRole('button', { name: 'Send emails' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send emails' });
    await expect(dialog.getByText('Registrations that have no mail yet.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByText('1 mail queued')).toBeVisible();
    await expect(row.getByText(/^(Queued|Accepted)$/)).toBeVisible();
    const mail = await readMail(guest.email, /^Your seat for Partner Day$/);
    expect(mail.text).toContain(`Hello ${guest.name}`);
  });
});
