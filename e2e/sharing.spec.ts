import type { Page } from '@playwright/test';
import { createEventByApi } from './event-helpers.js';
import {
  expect,
  expectAccessible,
  mailsTo,
  registerAccount,
  signIn,
  test,
  uniqueEmail,
  type Mail,
} from './fixtures.js';

// Shared permissions and owner change (ADR 031): owner A shares an event with colleague B by
// email, B accepts in its own browser and edits it, A sees the change and revokes, B's next
// step finds nothing; then A hands the event over to B, B accepts, and A loses it.

/** An event that is not (or no longer) shared says so, the same way whether it exists or not. */
const NOT_AVAILABLE = 'This event is not available to this account';

/** Waits for a mail to `to` that names `text` (subject or body), newer than mail id `after`. */
async function mailAbout(to: string, text: string, after = 0): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(to)).find(
          (mail) => mail.id > after && `${mail.subject}\n${mail.text}`.includes(text),
        );
        return found !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

const lastMailId = async (to: string) => (await mailsTo(to)).at(-1)?.id ?? 0;

async function shareWith(page: Page, email: string) {
  const form = page.getByRole('form', { name: 'Share an event' });
  await form.getByLabel('Their email address').fill(email);
  await form.getByRole('button', { name: 'Share' }).click();
  return form.getByLabel('Their email address');
}

test.describe('sharing an event', () => {
  test('share, accept, edit, revoke; then hand the event over', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const owner = await registerAccount({ name: 'Olga Owner' });
    const colleague = await registerAccount({ name: 'Bea Colleague' });
    const ownerToken = await signIn(page, owner);
    const event = await createEventByApi(page, ownerToken, 'Sharing launch');

    // A shares by email: an unknown address and a second share are refused at the field.
    await page.goto('/account/permissions');
    await expect(page.getByText('You have not shared an event yet')).toBeVisible();
    const email = await shareWith(page, uniqueEmail('nobody'));
    await expect(email).toHaveAccessibleDescription('No users found with this email');
    await shareWith(page, colleague.email);
    const granted = page.getByTestId('granted-permission');
    await expect(granted).toContainText(colleague.email);
    await expect(granted).toContainText('Pending');
    await shareWith(page, colleague.email);
    await expect(email).toHaveAccessibleDescription(
      'Permission already exists. Check the shared permissions page.',
    );
    await expectAccessible(page);

    const colleagueContext = await browser.newContext();
    try {
      const other = await colleagueContext.newPage();
      await signIn(other, colleague);

      // B accepts and finds the event in its list with role shared, then renames it.
      await other.goto('/account/permissions');
      await expect(other.getByText('Olga Owner invites you to work on this event.')).toBeVisible();
      await expectAccessible(other);
      await other.getByRole('button', { name: 'Accept the invitation to Sharing launch' }).click();
      await expect(other.getByRole('button', { name: 'Leave Sharing launch' })).toBeVisible();
      await other.goto('/events');
      const row = other.getByRole('listitem').filter({ hasText: 'Sharing launch' });
      await expect(row.getByTestId('event-shared')).toHaveText('Shared with you');
      await other.goto(`/events/${event.id}/general`);
      await other.getByLabel('Title', { exact: true }).fill('Sharing launch, edited by Bea');
      await other.getByRole('button', { name: 'Save changes' }).click();
      await expect(other.getByText('All changes saved.')).toBeVisible();
      // Sharing, handing over and deleting stay with the owner.
      await other.goto(`/events/${event.id}/admin`);
      await expect(other.getByText(/This event was shared with you/)).toBeVisible();
      await expect(other.getByRole('button', { name: 'Delete event' })).toHaveCount(0);
      await expect(other.getByRole('form', { name: 'Change owner' })).toHaveCount(0);

      // A sees B's change and the accepted share, and revokes it.
      await page.goto('/events');
      await expect(page.getByText('Sharing launch, edited by Bea')).toBeVisible();
      await page.goto('/account/permissions');
      await expect(granted).toContainText('Accepted');
      await granted
        .getByRole('button', {
          name: 'Revoke the permission of Bea Colleague on Sharing launch, edited by Bea',
        })
        .click();
      await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
      await expect(page.getByText('You have not shared an event yet')).toBeVisible();

      // B's very next step into the event finds nothing.
      await other.goto(`/events/${event.id}`);
      await expect(other.getByRole('heading', { level: 1 })).toHaveText(NOT_AVAILABLE);

      // The handover: A asks, confirms what happens, and waits for B.
      const colleagueMails = await lastMailId(colleague.email);
      await page.goto(`/events/${event.id}/admin`);
      const change = page.getByRole('form', { name: 'Change owner' });
      await change.getByLabel('Email address of the new owner').fill(colleague.email);
      await change.getByRole('button', { name: 'Change owner' }).click();
      const confirm = page.getByRole('dialog', { name: /^Hand over Sharing launch/ });
      await expect(confirm).toContainText('you can no longer open it');
      await confirm.getByRole('button', { name: 'Send request' }).click();
      await expect(page.getByText(/^Waiting for Bea Colleague .* to accept since/)).toBeVisible();
      await expectAccessible(page);
      await mailAbout(colleague.email, 'Sharing launch, edited by Bea', colleagueMails);

      // B takes it over on the permissions page after reading what that means.
      const ownerMails = await lastMailId(owner.email);
      await other.goto('/account/permissions');
      await expect(other.getByText(/Olga Owner loses access to it/)).toBeVisible();
      await other
        .getByRole('button', { name: 'Become the owner of Sharing launch, edited by Bea' })
        .click();
      await other.getByRole('dialog').getByRole('button', { name: 'Become owner' }).click();
      await expect(other.getByText('Events handed over to you')).toHaveCount(0);
      await other.goto('/events');
      const taken = other
        .getByRole('listitem')
        .filter({ hasText: 'Sharing launch, edited by Bea' });
      await expect(taken).toBeVisible();
      await expect(taken.getByTestId('event-shared')).toHaveCount(0);
      await other.goto(`/events/${event.id}/admin`);
      await expect(other.getByRole('button', { name: 'Delete event' })).toBeVisible();
      await mailAbout(owner.email, 'Sharing launch, edited by Bea', ownerMails);
    } finally {
      await colleagueContext.close();
    }

    // A no longer has the event.
    await page.goto(`/events/${event.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(NOT_AVAILABLE);
    await page.goto('/events');
    await expect(page.getByText('Sharing launch, edited by Bea')).toHaveCount(0);
  });
});
