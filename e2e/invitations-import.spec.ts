import type { Locator } from '@playwright/test';
import { createEventByApi, ownAccount } from './event-helpers.js';
import { e2ePort } from '../playwright.config.js';
import { expect, expectAccessible, readMail, setPlan, test, uniqueEmail } from './fixtures.js';

// The invitations CSV import end to end (ADR 026, "Import"): an organiser on a plan with
// invitation mails imports three people through the dialog (after two files it refuses), sends
// the invitation mails from the list to the e2e server's SMTP capture, and each mail's personal
// link lets a viewer in a fresh browser past the invitation gate.

const EVENTS_ORIGIN = `http://events.localhost:${e2ePort}`;
const CONTENT = 'The summit opens with a keynote on open standards.';

const csv = (name: string, text: string) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(text, 'utf8'),
});

async function chooseFile(dialog: Locator, file: ReturnType<typeof csv>): Promise<void> {
  // What the file picker behind the "Choose CSV file" button hands over.
  await dialog.locator('input[type="file"]').setInputFiles(file);
}

/** The dialog's step heading, which takes the focus when a step opens. */
const stepHeading = (dialog: Locator, name: string) =>
  dialog.getByRole('heading', { level: 3, name: new RegExp(`^Step \\d of 4: ${name}$`) });

test.describe('invitations CSV import', () => {
  test('imports three people through the dialog, refuses a file without emails, mails the personal links, and each link opens the event', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const { account, accessToken } = await ownAccount(page);
    await setPlan(account.email, 'professional');
    const headers = { Authorization: `Bearer ${accessToken}` };
    const event = await createEventByApi(page, accessToken, 'Open Standards Summit');
    const setup = await page.request.patch(`/api/event-settings/${event.id}`, {
      headers,
      data: { language: 'en', content: CONTENT, accessMode: 'invitation' },
    });
    expect(setup.status(), await setup.text()).toBe(200);
    const people = [
      { name: 'Grace Hopper', email: uniqueEmail('grace') },
      { name: 'Ada Lovelace', email: uniqueEmail('ada') },
      { name: 'Alan Turing', email: uniqueEmail('alan') },
    ];

    await page.goto(`/events/${event.id}/access/invitationlist`);
    await expect(page.getByText('No invitations yet')).toBeVisible();
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import invitations' });
    await expect(stepHeading(dialog, 'Choose file')).toBeVisible();
    await expectAccessible(page);

    // A file that is no CSV: the server's refusal, translated, and the dialog stays at the file.
    await chooseFile(dialog, csv('broken.csv', 'Name,Email\n"Grace Hopper,grace@example.com\n'));
    await expect(dialog.getByRole('alert')).toContainText('The file is not valid CSV');
    await expect(stepHeading(dialog, 'Choose file')).toBeVisible();

    // A file without an email column: previewed, but it cannot go on.
    await chooseFile(dialog, csv('no-email.csv', 'Name;Company\nGrace Hopper;US Navy\n'));
    await expect(stepHeading(dialog, 'Columns')).toBeFocused();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Choose the column that holds the email addresses: every invitation needs one.',
    );
    await expect(dialog.getByRole('button', { name: 'Next' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Back' }).click();

    const file = [
      'Name;E-Mail',
      ...people.map((person) => `${person.name};${person.email}`),
      '',
    ].join('\r\n');
    await chooseFile(dialog, csv('guests.csv', file));
    await expect(stepHeading(dialog, 'Columns')).toBeFocused();
    await expect(dialog.getByText('3 rows · Delimiter: semicolon · Encoding: UTF-8')).toBeVisible();
    const preview = dialog.getByRole('table', { name: "The file's first rows" });
    await expect(preview.getByRole('combobox', { name: 'Name' })).toHaveText('Name');
    await expect(preview.getByRole('combobox', { name: 'E-Mail' })).toHaveText('Email');
    await expect(preview.getByText(people[0]!.email)).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Next' }).click();

    await expect(stepHeading(dialog, 'Options')).toBeFocused();
    await expect(dialog.getByRole('radio', { name: /^Add and update/ })).toBeChecked();
    await expect(
      dialog.getByRole('radiogroup', { name: 'Passwords' }).getByRole('radio', { name: /^Keep/ }),
    ).toBeChecked();
    // Before the import: the server counted the rows it would refuse.
    await expect(dialog.getByRole('note')).toHaveText('No row will be refused.');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Import 3 rows' }).click();

    await expect(stepHeading(dialog, 'Report')).toBeFocused();
    const count = (label: string) =>
      dialog.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('+ dd');
    await expect(count('Added')).toHaveText('3');
    await expect(count('Refused')).toHaveText('0');
    await expect(dialog.getByText('No row was refused.')).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();

    // The list refreshed behind the dialog.
    for (const person of people) {
      await expect(page.getByRole('row', { name: new RegExp(person.name) })).toBeVisible();
    }

    // The invitation mails, through the list's "Send emails" dialog.
    await page.getByRole('button', { name: 'Send emails' }).click();
    const send = page.getByRole('dialog', { name: 'Send emails' });
    await expect(send.getByRole('radio', { name: /^Only those not sent yet/ })).toBeChecked();
    await send.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByText('3 mails queued')).toBeVisible();

    for (const person of people) {
      const mail = await readMail(person.email, /Open Standards Summit/);
      const link = mail.links.find((href) =>
        href.startsWith(`${EVENTS_ORIGIN}/${event.slug}/_access/i/`),
      );
      expect(link, mail.text).toBeDefined();

      const viewer = await browser.newContext();
      const viewerPage = await viewer.newPage();
      await viewerPage.goto(`${EVENTS_ORIGIN}/${event.slug}`);
      await expect(viewerPage.getByText(CONTENT)).toHaveCount(0);
      await viewerPage.goto(link!);
      // The token leaves the address at once, and the content behind the gate shows.
      await expect(viewerPage).toHaveURL(`${EVENTS_ORIGIN}/${event.slug}`);
      await expect(viewerPage.getByText(CONTENT)).toBeVisible();
      await viewer.close();
    }
  });
});
