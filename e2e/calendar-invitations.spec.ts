import type { Page } from '@playwright/test';
import { createEventByApi, ownAccount, patchSettings } from './event-helpers.js';
import {
  expect,
  expectAccessible,
  keepScreenshot,
  readMail,
  setPlan,
  test,
  uniqueEmail,
  useLanguage,
} from './fixtures.js';

// Calendar invitations (ADR 064): the invitation mail carries a REQUEST; after a save that moves
// the time, the General screen offers to notify everyone, and the notice carries the updated
// invitation (a higher SEQUENCE, the new start in UTC). English and German.

const SCREENSHOTS = '.tmp/screenshots/calendar';

const TEXTS = {
  en: {
    time: 'Time',
    saved: 'Your changes have been saved.',
    notify: 'Notify 1 registrant or invitee of the new time',
    dialog: 'Notify of the new time?',
    confirm: 'Send the new time',
    queued: '1 email with the new time is on its way.',
    subject: /^New time: /,
  },
  de: {
    time: 'Uhrzeit',
    saved: 'Ihre Änderungen wurden gespeichert.',
    notify: '1 registrierte oder eingeladene Person über den neuen Termin informieren',
    dialog: 'Über den neuen Termin informieren?',
    confirm: 'Neuen Termin senden',
    queued: '1 E-Mail mit dem neuen Termin ist unterwegs.',
    subject: /^Neuer Termin: /,
  },
} as const;

/** An event at 18:30 in Berlin on 4 March 2027 (17:30 UTC) with one invitee who got the mail. */
async function invitedEvent(page: Page, language: 'en' | 'de') {
  const { account, accessToken } = await ownAccount(page);
  await setPlan(account.email, 'professional');
  const event = await createEventByApi(page, accessToken, 'Quarterly Town Hall');
  await patchSettings(page, accessToken, event.id, {
    language,
    accessMode: 'invitation',
    startMode: 'datetime',
    startDate: '2027-03-04',
    startTime: '18:30',
    timeZone: 'Europe/Berlin',
    durationMinutes: 60,
  });
  const headers = { Authorization: `Bearer ${accessToken}` };
  const guest = { name: 'Grace Hopper', email: uniqueEmail('grace') };
  const added = await page.request.post(`/api/events/${event.id}/invitations`, {
    headers,
    data: guest,
  });
  expect(added.status(), await added.text()).toBe(201);
  const sent = await page.request.post(`/api/events/${event.id}/invitations/send`, {
    headers,
    data: { mode: 'all' },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  return { event, guest };
}

async function screenshots(page: Page, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await keepScreenshot(page, `${SCREENSHOTS}/${name}-${String(width)}.png`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

for (const language of ['en', 'de'] as const) {
  test(`notifies the invitees of a new time with an updated invitation (${language})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const texts = TEXTS[language];
    await useLanguage(page, language);
    const { event, guest } = await invitedEvent(page, language);

    const invitation = await readMail(guest.email, /Quarterly Town Hall/);
    expect(invitation.calendar).toContain('METHOD:REQUEST');
    expect(invitation.calendar).toContain('SEQUENCE:0');
    expect(invitation.calendar).toContain('DTSTART:20270304T173000Z');

    await page.goto(`/events/${event.id}/general`);
    const time = page.getByLabel(new RegExp(`^${texts.time}(?! zone)`));
    await expect(time).toHaveValue('18:30');
    const offer = page.getByRole('button', { name: texts.notify });
    await expect(offer).toHaveCount(0);
    await time.fill('19:00');
    await page
      .getByRole('button', { name: language === 'en' ? 'Save changes' : 'Änderungen speichern' })
      .click();
    await expect(page.getByText(texts.saved)).toBeVisible();

    await expect(offer).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, `notice-${language}`);
    await offer.click();
    const dialog = page.getByRole('dialog', { name: texts.dialog });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: texts.confirm }).click();
    await expect(page.getByText(texts.queued)).toBeVisible();
    await expect(offer).toHaveCount(0);

    const notice = await readMail(guest.email, texts.subject, { after: invitation.id });
    expect(notice.text).toContain(
      language === 'en' ? 'at 19:00 (Europe/Berlin)' : 'um 19:00 (Europe/Berlin)',
    );
    expect(notice.calendar).toContain('METHOD:REQUEST');
    expect(notice.calendar).toContain('SEQUENCE:1');
    expect(notice.calendar).toContain('DTSTART:20270304T180000Z');
    // One entry per person: the notice updates the invitation's.
    const uid = (text: string | null) => /^UID:(.+)$/m.exec(text ?? '')?.[1];
    expect(uid(notice.calendar)).toBe(uid(invitation.calendar));
  });
}
