import type { Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  registerAccount,
  saveScreenshot,
  setPlan,
  signIn,
  test,
  useLanguage,
  VIEWPORTS,
  type Account,
} from './fixtures.js';

/**
 * The editor sections highlights, appearance and navigation: each saves, says so and
 * keeps its values over a reload; plan features show the notice on the free plan and unlock on
 * enterprise; every screen passes axe in English and German, on desktop and phone.
 */

interface OwnEvent {
  account: Account;
  eventId: string;
}

/** A fresh account of its own, signed in, with one event created through the API. */
async function ownEvent(page: Page, title = 'Design Summit'): Promise<OwnEvent> {
  const account = await registerAccount();
  const accessToken = await signIn(page, account);
  const response = await page.request.post('/api/events', {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: { title },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  return { account, eventId: id };
}

const saved = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'Your changes have been saved.' });

/** Chooses a card of a choice-card group by clicking its label, as a user does. */
const choose = (page: Page, name: string) =>
  page
    .locator('label')
    .filter({ has: page.getByRole('radio', { name, exact: true }) })
    .click();

/** A real image (the server checks the bytes and re-encodes it), drawn by sharp. */
async function pngImage(color: string): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width: 480, height: 300, channels: 3, background: color } })
    .png()
    .toBuffer();
}

test.describe('highlights (/events/{id}/highlights)', () => {
  test('creates, edits, reorders and deletes highlights; saves their styling', async ({ page }) => {
    const { eventId } = await ownEvent(page);
    await page.goto(`/events/${eventId}/highlights`);
    await expect(page.getByRole('heading', { name: 'No highlights yet' })).toBeVisible();

    const add = async (values: { title: string; group: string; link?: string; image?: string }) => {
      await page.getByRole('button', { name: 'Add highlight' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Add highlight' });
      await dialog.getByLabel('Title').fill(values.title);
      await dialog.getByLabel('Group').fill(values.group);
      await dialog.getByLabel('Description').fill(`About ${values.title}.`);
      if (values.link) await dialog.getByLabel('Link').fill(values.link);
      if (values.image) {
        await dialog.locator('input[type="file"]').setInputFiles({
          name: 'photo.png',
          mimeType: 'image/png',
          buffer: await pngImage(values.image),
        });
        await expect(dialog.getByRole('img', { name: 'Preview of Image' })).toBeVisible();
      }
      await dialog.getByRole('button', { name: 'Add highlight' }).click();
      await expect(dialog).toBeHidden();
    };

    // A link that is not one is refused at the field.
    await page.getByRole('button', { name: 'Add highlight' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add highlight' });
    await dialog.getByLabel('Link').fill('not a link');
    await dialog.getByRole('button', { name: 'Add highlight' }).click();
    await expect(dialog.getByText('URL not valid')).toBeVisible();
    await expect(dialog.getByText('This field is required')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await add({
      title: 'Keynote',
      group: 'Sessions',
      link: 'https://example.com/keynote',
      image: '#6366f1',
    });
    await add({ title: 'Workshop', group: 'Sessions', image: '#0f766e' });
    await add({ title: 'Ada Lovelace', group: 'Speakers', link: 'mailto:ada@example.com' });
    const titles = page.getByTestId('highlight').getByRole('heading');
    await expect(titles).toHaveText(['Keynote', 'Workshop', 'Ada Lovelace']);

    // Edit: only the changed field is sent.
    await page.getByRole('button', { name: 'Edit Workshop' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit highlight' });
    await expect(edit.getByLabel('Title')).toHaveValue('Workshop');
    await edit.getByLabel('Title').fill('Hands-on workshop');
    const patch = page.waitForRequest((request) => request.method() === 'PATCH');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    expect((await patch).postDataJSON()).toEqual({ title: 'Hands-on workshop' });
    await expect(edit).toBeHidden();

    // Reorder with the buttons.
    await page.getByRole('button', { name: 'Move Ada Lovelace up' }).click();
    await expect(titles).toHaveText(['Keynote', 'Ada Lovelace', 'Hands-on workshop']);
    await page.getByRole('button', { name: 'Move Keynote down' }).click();
    await expect(titles).toHaveText(['Ada Lovelace', 'Keynote', 'Hands-on workshop']);
    await expect(page.getByRole('button', { name: 'Move Ada Lovelace up' })).toBeDisabled();
    // Drag and drop does the same for pointer users.
    const rows = page.getByTestId('highlight');
    await rows.nth(2).dragTo(rows.nth(0));
    await expect(titles).toHaveText(['Hands-on workshop', 'Ada Lovelace', 'Keynote']);
    await rows.nth(0).dragTo(rows.nth(2));
    await expect(titles).toHaveText(['Ada Lovelace', 'Keynote', 'Hands-on workshop']);

    // Styling, saved through the event settings.
    await choose(page, 'Large');
    await choose(page, 'Center');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(saved(page)).toBeVisible();

    await page.reload();
    await expect(titles).toHaveText(['Ada Lovelace', 'Keynote', 'Hands-on workshop']);
    await expect(page.getByRole('radio', { name: 'Large' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Center' })).toBeChecked();
    await expect(
      page.getByTestId('highlight').nth(1).getByText('https://example.com/keynote'),
    ).toBeVisible();
    await expect(page.getByTestId('highlight').nth(1).getByText('Sessions')).toBeVisible();

    // Delete after the confirmation.
    await page.getByRole('button', { name: 'Delete Keynote' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete highlight?' });
    await confirm.getByRole('button', { name: 'Delete highlight' }).click();
    await expect(titles).toHaveText(['Ada Lovelace', 'Hands-on workshop']);
    await page.reload();
    await expect(titles).toHaveText(['Ada Lovelace', 'Hands-on workshop']);
  });
});

test.describe('appearance (/events/{id}/appearance)', () => {
  test('saves colours, font, layout and header; keeps them over a reload', async ({ page }) => {
    const { eventId } = await ownEvent(page);
    await page.goto(`/events/${eventId}/appearance`);
    const accent = page.getByLabel('Accent', { exact: true });
    await expect(accent).toHaveValue('#3f51b5');

    await accent.fill('#12zz45');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Color not valid (#000000)')).toBeVisible();

    await accent.fill('0F766E');
    await accent.blur();
    await expect(accent).toHaveValue('#0f766e');
    await page.getByLabel('Header background', { exact: true }).fill('#1e293b');
    await page.getByLabel('Header text', { exact: true }).fill('#ffffff');
    await choose(page, 'Serif');
    await choose(page, 'Modern');
    await choose(page, 'Centered');
    await page.getByLabel('Header height (px)').fill('700');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Value must not exceed 600')).toBeVisible();
    await page.getByLabel('Header height (px)').fill('120');

    const request = page.waitForRequest((r) => r.method() === 'PATCH');
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect((await request).postDataJSON()).toEqual({
      accentColor: '#0f766e',
      headerColor: '#1e293b',
      headerTextColor: '#ffffff',
      fontFamily: 'serif',
      layout: 'modern',
      headerLayout: 'centered',
      headerHeight: 120,
    });
    await expect(saved(page)).toBeVisible();

    // The individual font asks for its name.
    await choose(page, 'Individual font');
    await page.getByLabel('Individual font name').fill('Open Sans');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(saved(page).first()).toBeVisible();

    await page.reload();
    await expect(accent).toHaveValue('#0f766e');
    await expect(page.getByLabel('Header background', { exact: true })).toHaveValue('#1e293b');
    await expect(page.getByRole('radio', { name: 'Individual font' })).toBeChecked();
    await expect(page.getByLabel('Individual font name')).toHaveValue('Open Sans');
    await expect(page.getByRole('radio', { name: 'Modern' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Centered' })).toBeChecked();
    await expect(page.getByLabel('Header height (px)')).toHaveValue('120');
  });

  test('hide footer logo and custom layout order: plan notice on free, enabled on enterprise', async ({
    page,
  }) => {
    const { account, eventId } = await ownEvent(page);
    await page.goto(`/events/${eventId}/appearance`);
    await expect(page.getByText('Not available on your plan.')).toHaveCount(2);
    await expect(page.getByRole('switch', { name: 'Use a custom order' })).toBeDisabled();
    await expect(page.getByRole('switch', { name: 'Hide the footer logo' })).toBeDisabled();

    await setPlan(account.email, 'enterprise-admin');
    await signIn(page, account);
    await page.reload();
    await expect(page.getByText('Not available on your plan.')).toHaveCount(0);
    const order = page.getByRole('switch', { name: 'Use a custom order' });
    await expect(order).toBeEnabled();
    await order.check();
    await page.getByRole('button', { name: 'Move Highlights up' }).click();
    await page.getByRole('switch', { name: 'Hide the footer logo' }).check();
    const request = page.waitForRequest((r) => r.method() === 'PATCH');
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect((await request).postDataJSON()).toEqual({
      customLayoutOrder: [
        'player',
        'extraFrame',
        'messages',
        'extraImage',
        'highlights',
        'content',
      ],
      hideFooterLogo: true,
    });
    await expect(saved(page)).toBeVisible();

    await page.reload();
    await expect(page.getByRole('switch', { name: 'Hide the footer logo' })).toBeChecked();
    await expect(page.getByTestId('layout-item')).toHaveText([
      /Player with side frame/,
      /Extra frame/,
      /Message tool/,
      /Extra image/,
      /Highlights/,
      /Content/,
    ]);
    await expectAccessible(page);
    await saveScreenshot(page, 'event-design-appearance-enterprise-en-desktop');
  });
});

test.describe('navigation (/events/{id}/navigation)', () => {
  test('edits the menu items and the channel menu', async ({ page }) => {
    const { eventId } = await ownEvent(page);
    await page.goto(`/events/${eventId}/navigation`);
    await expect(page.getByText('0 of 10 menu items')).toBeVisible();

    const add = page.getByRole('button', { name: 'Add menu item' });
    await add.click();
    const first = page.getByRole('listitem', { name: 'Menu item 1' });
    await first.getByLabel('Name').fill('Website');
    await first.getByLabel('Link').fill('example');
    await add.click();
    const second = page.getByRole('listitem', { name: 'Menu item 2' });
    await second.getByLabel('Name').fill('Agenda');
    await second.getByLabel('Link').fill('https://example.com/agenda');
    await second.getByLabel('Opens in').selectOption('New window');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(first.getByText('URL not valid')).toBeVisible();
    await first.getByLabel('Link').fill('https://example.com');

    await page.getByRole('button', { name: 'Move Menu item 2 up' }).click();
    await page.getByRole('switch', { name: 'Navigation always visible' }).check();
    await page.getByLabel('Menu name').selectOption('Language');
    await page.getByLabel('Default channel title').fill('English');
    const request = page.waitForRequest((r) => r.method() === 'PATCH');
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect((await request).postDataJSON()).toEqual({
      menuItems: [
        { name: 'Agenda', link: 'https://example.com/agenda', newWindow: true },
        { name: 'Website', link: 'https://example.com', newWindow: false },
      ],
      navigationAlwaysVisible: true,
      channelMenuTitle: 'English',
      channelMenuName: 'language',
    });
    await expect(saved(page)).toBeVisible();

    await page.reload();
    await expect(first.getByLabel('Name')).toHaveValue('Agenda');
    await expect(first.getByLabel('Opens in')).toHaveValue('new');
    await expect(second.getByLabel('Name')).toHaveValue('Website');
    await expect(page.getByRole('switch', { name: 'Navigation always visible' })).toBeChecked();
    await expect(page.getByLabel('Menu name')).toHaveValue('language');
    await expect(page.getByLabel('Default channel title')).toHaveValue('English');

    // Up to the maximum, then "must not exceed 10 entries".
    for (let count = 2; count < 10; count += 1) await add.click();
    await expect(add).toBeDisabled();
    await expect(page.getByText('Must not exceed 10 entries')).toBeVisible();
  });
});

test.describe('design screens: accessibility and screenshots', () => {
  for (const language of ['en', 'de'] as const) {
    test(`highlights, appearance and navigation in ${language}`, async ({ page }) => {
      test.setTimeout(90_000);
      await useLanguage(page, language);
      const { account, eventId } = await ownEvent(
        page,
        language === 'de' ? 'Jahreskonferenz' : 'Annual Summit',
      );
      const token = await signIn(page, account);
      const headers = { Authorization: `Bearer ${token}` };
      const highlights = [
        {
          group: 'Keynote',
          title: language === 'de' ? 'Eröffnung' : 'Opening keynote',
          color: '#6366f1',
        },
        {
          group: 'Workshop',
          title: language === 'de' ? 'Live-Demo' : 'Live demo',
          color: '#0f766e',
        },
        {
          group: '',
          title: language === 'de' ? 'Präsentation herunterladen' : 'Download the slides',
          color: '',
        },
      ];
      for (const item of highlights) {
        let image: string | null = null;
        if (item.color) {
          const upload = await page.request.post('/api/uploads', {
            headers,
            multipart: {
              file: {
                name: 'photo.png',
                mimeType: 'image/png',
                buffer: await pngImage(item.color),
              },
            },
          });
          expect(upload.ok(), await upload.text()).toBe(true);
          image = ((await upload.json()) as { url: string }).url;
        }
        const created = await page.request.post(`/api/events/${eventId}/highlights`, {
          headers,
          data: {
            group: item.group,
            title: item.title,
            description:
              language === 'de'
                ? 'Alles Wichtige auf einen Blick, mit Link zu den Details.'
                : 'Everything that matters at a glance, with a link to the details.',
            link: 'https://example.com/details',
            image,
          },
        });
        expect(created.status(), await created.text()).toBe(201);
      }
      await page.request.patch(`/api/event-settings/${eventId}`, {
        headers,
        data: {
          menuItems: [
            { name: 'Website', link: 'https://example.com', newWindow: true },
            { name: 'Agenda', link: 'https://example.com/agenda', newWindow: false },
          ],
        },
      });

      for (const screen of ['highlights', 'appearance', 'navigation'] as const) {
        for (const [viewport, size] of Object.entries(VIEWPORTS)) {
          await page.setViewportSize(size);
          await page.goto(`/events/${eventId}/${screen}`);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expect(page.locator('html')).toHaveAttribute('lang', language);
          await expectAccessible(page);
          await saveScreenshot(page, `event-design-${screen}-${language}-${viewport}`);
          if (screen === 'highlights') {
            await page.getByTestId('highlight').first().getByRole('button').nth(2).click();
            await expect(page.getByRole('dialog')).toBeVisible();
            await expectAccessible(page);
            await saveScreenshot(page, `event-design-highlight-dialog-${language}-${viewport}`);
            await page.keyboard.press('Escape');
            await expect(page.getByRole('dialog')).toBeHidden();
          }
        }
      }
    });
  }
});
