import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { e2ePort } from '../playwright.config.js';
import { createEventByApi, ownAccount, patchSettings } from './event-helpers.js';
import { expect, expectAccessible, keepScreenshot, readMail, test } from './fixtures.js';

// The public page's layouts (ADR 052): every layout × header combination, in English and German,
// at 1440 and 390 px, passes axe; the keyboard reaches the main actions in the page's order; the
// logo is never cropped; on phones the heading, start, call to action, player and message tool
// come before the long content. The tube layout keeps the header colours; text on a background
// image gets its scrim; the accessibility statement and its feedback form work. Screenshots go
// to .tmp/screenshots/layouts/ for people to look at.

const EVENTS_ORIGIN = `http://events.localhost:${e2ePort}`;
const SCREENSHOTS = '.tmp/screenshots/layouts';
const LAYOUTS = ['classic', 'modern', 'tube'] as const;
const HEADERS = ['default', 'headline', 'centered', 'banner'] as const;
const WIDTHS = [
  { name: '1440', viewport: { width: 1440, height: 900 } },
  { name: '390', viewport: { width: 390, height: 844 } },
] as const;

const SETTINGS = {
  headline: 'Product Launch 2027: live from Berlin',
  description: 'The yearly product launch, streamed live.',
  startMode: 'datetime',
  startDate: '2027-03-18',
  startTime: '17:00',
  // The page as it shows during the live hour (the start is ahead: it would count down to it).
  pageState: 'live',
  introduction:
    'Join us for an hour of announcements, demos and a live Q&A with the team. Everything is streamed in HD.',
  agenda: '17:00 Welcome and keynote\n17:25 Product demos\n17:45 Customer stories\n18:00 Live Q&A',
  content:
    'Questions before the event? Read the FAQ at https://example.com/faq and share the page with your colleagues.\n\nThe recording stays online for 30 days after the event.',
  ctaTitle: 'Add to calendar',
  ctaLink: 'https://example.com/calendar',
  messagesEnabled: true,
  messagesPrompt: 'Ask the speakers a question',
  menuItems: [
    { name: 'Programme', link: 'https://example.com/programme', newWindow: false },
    { name: 'Speakers', link: 'https://example.com/speakers', newWindow: false },
  ],
  legalTermsLink: 'https://example.com/legal',
  privacyLink: 'https://example.com/privacy',
  accentColor: '#5b3fd6',
  headerColor: '#14123a',
  headerTextColor: '#ffffff',
  headerAccentColor: '#c4b5fd',
  headerHeight: 160,
  // The page's language follows the browser: the same page in English and German.
  language: 'auto',
};

/** A viewer whose browser asks for `language` (the page's language is `auto`). */
async function viewerIn(browser: Browser, language: 'en' | 'de'): Promise<Page> {
  const context = await browser.newContext({ locale: language === 'de' ? 'de-DE' : 'en-US' });
  return context.newPage();
}

/** An uploaded PNG drawn from SVG; its URL. */
async function upload(page: Page, token: string, svg: string): Promise<string> {
  const { default: sharp } = await import('sharp');
  const response = await page.request.post('/api/uploads', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      file: {
        name: 'picture.png',
        mimeType: 'image/png',
        buffer: await sharp(Buffer.from(svg)).png().toBuffer(),
      },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { url: string }).url;
}

/** A wide banner (1600 × 400) whose edges carry marks, so that a crop would show. */
const BANNER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="400"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#14123a"/><stop offset="1" stop-color="#5b3fd6"/></linearGradient></defs><rect width="1600" height="400" fill="url(#g)"/><rect x="0" y="0" width="24" height="400" fill="#f59e0b"/><rect x="1576" y="0" width="24" height="400" fill="#f59e0b"/><text x="800" y="230" font-family="sans-serif" font-size="96" font-weight="700" fill="#ffffff" text-anchor="middle">LAUNCH 2027</text></svg>`;
/** A logo of 3:1. */
const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="160"><rect width="480" height="160" rx="24" fill="#ffffff"/><circle cx="80" cy="80" r="48" fill="#5b3fd6"/><text x="150" y="102" font-family="sans-serif" font-size="60" font-weight="700" fill="#14123a">Launch</text></svg>`;
/** A busy picture: stripes of black, white and colours. */
const BUSY_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">${Array.from(
  { length: 24 },
  (_, i) =>
    `<rect x="${i * 50}" y="0" width="50" height="800" fill="${['#000000', '#ffffff', '#e11d48', '#facc15', '#0ea5e9', '#111827'][i % 6]}"/>`,
).join('')}</svg>`;

async function screenshot(page: Page, name: string) {
  await keepScreenshot(page, `${SCREENSHOTS}/${name}.png`);
}

/** The logo (banner or header image) shows whole: its box has the image's own proportions. */
async function expectLogoWhole(page: Page) {
  const logo = page.locator('.lv-banner img, .lv-logo img').first();
  await expect(logo).toBeVisible();
  const { box, natural } = await logo.evaluate((element: HTMLImageElement) => {
    const rect = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    return {
      box: { width: rect.width, height: rect.height, fit: style.objectFit },
      natural: { width: element.naturalWidth, height: element.naturalHeight },
    };
  });
  expect(natural.width).toBeGreaterThan(0);
  expect(box.fit).not.toBe('cover');
  expect(box.width / box.height).toBeCloseTo(natural.width / natural.height, 1);
  // Not clipped by its container either.
  const clipped = await logo.evaluate((element) => {
    const own = element.getBoundingClientRect();
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (style.overflow === 'visible') continue;
      const rect = parent.getBoundingClientRect();
      if (own.left < rect.left - 1 || own.right > rect.right + 1) return true;
      if (own.top < rect.top - 1 || own.bottom > rect.bottom + 1) return true;
    }
    return false;
  });
  expect(clipped).toBe(false);
}

/** On a phone: heading, start, call to action, player and message tool above the long content. */
async function expectPhoneOrder(page: Page) {
  const top = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
  const content = await top('.lv-content');
  for (const selector of ['h1', '.lv-start', '.lv-cta', '.lv-player', '.lv-messages']) {
    expect(await top(selector), `${selector} above the content`).toBeLessThan(content);
  }
  // The start and the call to action are on the first screen with the heading.
  expect(await top('.lv-cta')).toBeLessThan(844 + 200);
}

/** Tabs from the top: the skip link first, then the call to action before the message form. */
async function expectKeyboardReachesActions(page: Page, send: string) {
  await page.locator('body').focus();
  const reached: string[] = [];
  for (let i = 0; i < 40; i += 1) {
    await page.keyboard.press('Tab');
    const what = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return '';
      // Focus shows (WCAG 2.4.7): an outline or a box shadow.
      const style = getComputedStyle(element);
      const visible = style.outlineStyle !== 'none' || style.boxShadow !== 'none';
      const name =
        element.getAttribute('aria-label') ??
        (element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null) ??
        element.textContent ??
        '';
      return `${element.tagName.toLowerCase()}|${name.trim().slice(0, 40)}|${visible ? 'visible' : 'hidden'}`;
    });
    if (what) reached.push(what);
    if (what.includes(send)) break;
  }
  expect(reached[0]).toMatch(/^a\|/);
  const index = (text: string) => reached.findIndex((entry) => entry.includes(text));
  expect(index('Add to calendar'), reached.join('\n')).toBeGreaterThan(0);
  expect(index(send), reached.join('\n')).toBeGreaterThan(index('Add to calendar'));
  for (const entry of reached) expect(entry, 'focus visible').toMatch(/\|visible$/);
}

test.describe('public page layouts', () => {
  test.describe.configure({ timeout: 180_000 });

  for (const layout of LAYOUTS) {
    for (const header of HEADERS) {
      test(`${layout} layout with the ${header} header: en and de at 1440 and 390 px`, async ({
        page,
        browser,
      }) => {
        const { accessToken } = await ownAccount(page);
        const event = await createEventByApi(page, accessToken, `Launch ${layout} ${header}`);
        const logo = await upload(page, accessToken, header === 'banner' ? BANNER_SVG : LOGO_SVG);
        await patchSettings(page, accessToken, event.id, {
          ...SETTINGS,
          layout,
          headerLayout: header,
          logo,
        });
        for (const [language, sendLabel] of [
          ['en', 'Send message'],
          ['de', 'Nachricht senden'],
        ] as const) {
          const viewer = await viewerIn(browser, language);
          for (const { name, viewport } of WIDTHS) {
            await viewer.setViewportSize(viewport);
            await viewer.goto(`${EVENTS_ORIGIN}/${event.slug}`);
            await expect(viewer.locator('html')).toHaveAttribute('lang', language);
            await expect(
              viewer.locator(`body.lv-layout-${layout}.lv-header-${header}`),
            ).toBeVisible();
            await expectLogoWhole(viewer);
            if (name === '390') await expectPhoneOrder(viewer);
            else await expectKeyboardReachesActions(viewer, sendLabel);
            await expectAccessible(viewer);
            await screenshot(viewer, `${layout}-${header}-${language}-${name}`);
          }
          await viewer.context().close();
        }
      });
    }
  }

  test('the tube layout keeps the header colours; text on a busy background image keeps AA', async ({
    page,
  }) => {
    const { accessToken } = await ownAccount(page);
    const event = await createEventByApi(page, accessToken, 'Backdrop');
    const backgroundImage = await upload(page, accessToken, BUSY_SVG);
    await patchSettings(page, accessToken, event.id, {
      ...SETTINGS,
      layout: 'tube',
      headerColor: '#7a1f5c',
      headerTextColor: '#ffffff',
      backgroundImage,
    });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${EVENTS_ORIGIN}/${event.slug}`);
    const header = page.locator('header.lv-header');
    await expect(header).toHaveCSS('background-color', 'rgb(122, 31, 92)');
    await expect(header.getByRole('link', { name: 'Programme' })).toHaveCSS(
      'color',
      'rgb(255, 255, 255)',
    );
    await screenshot(page, 'tube-backdrop-en-1440');

    // Classic on the same busy picture: the intro's layer is the page colour, nearly opaque.
    await patchSettings(page, accessToken, event.id, { layout: 'classic' });
    await expect(async () => {
      await page.goto(`${EVENTS_ORIGIN}/${event.slug}`);
      await expect(page.locator('body.lv-layout-classic.lv-backdrop')).toBeVisible();
    }).toPass({ timeout: 30_000, intervals: [1000] });
    const layer = await page
      .locator('.lv-intro')
      .evaluate((element) => getComputedStyle(element).backgroundColor);
    const alpha = Number(/rgba?\([^)]*[,/]\s*([\d.]+)\)/.exec(layer)?.[1] ?? '1');
    expect(alpha).toBeGreaterThan(0.5);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'classic-backdrop-en-390');
    await expectAccessible(page);
  });

  test('reduced motion switches off the page transitions', async ({ page }) => {
    const { accessToken } = await ownAccount(page);
    const event = await createEventByApi(page, accessToken, 'Calm');
    await patchSettings(page, accessToken, event.id, SETTINGS);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`${EVENTS_ORIGIN}/${event.slug}`);
    await expect(page.locator('.lv-cta')).toHaveCSS('transition-duration', '0s');
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await expect(page.locator('.lv-cta')).not.toHaveCSS('transition-duration', '0s');
  });
});

test.describe('accessibility statement', () => {
  test('linked from the footer; a report reaches the organiser; a bad one says what is wrong', async ({
    page: organiser,
    browser,
  }) => {
    const { account, accessToken } = await ownAccount(organiser);
    const event = await createEventByApi(organiser, accessToken, 'Statement Event');
    await patchSettings(organiser, accessToken, event.id, SETTINGS);
    let page = organiser;
    for (const [language, link, title] of [
      ['de', 'Barrierefreiheit', 'Barrierefreiheit'],
      ['en', 'Accessibility', 'Accessibility'],
    ] as const) {
      if (page !== organiser) await page.context().close();
      page = await viewerIn(browser, language);
      for (const { name, viewport } of WIDTHS) {
        await page.setViewportSize(viewport);
        await page.goto(`${EVENTS_ORIGIN}/${event.slug}`);
        await page.getByRole('contentinfo').getByRole('link', { name: link }).click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
        await expectAccessible(page);
        await screenshot(page, `statement-${language}-${name}`);
      }
    }

    // A bad address and no message: the form says which fields, nothing is sent.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByLabel('Your email address, for an answer').fill('not an address');
    await page.getByLabel('Your name').fill('Vera Viewer');
    // The browser's own check would stop the post; the server's answer is what is tested here.
    await page.locator('form.lv-gate-form').evaluate((form: HTMLFormElement) => {
      form.noValidate = true;
    });
    await page.getByRole('button', { name: 'Send to the organiser' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please check the marked fields.');
    await expect(page.getByLabel('What did not work?')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Your email address, for an answer')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(page.getByLabel('Your name')).toHaveValue('Vera Viewer');
    await expectAccessible(page);
    await screenshot(page, 'statement-errors-en-1440');

    // The happy path: the report reaches the organiser's inbox, with the viewer's address.
    await page.getByLabel('What did not work?').fill('The agenda is hard to read on my phone.');
    await page.getByLabel('Your email address, for an answer').fill('vera@example.com');
    await page.getByRole('button', { name: 'Send to the organiser' }).click();
    await expect(page.getByRole('status')).toHaveText(
      'Thank you! Your message has been sent to the organiser.',
    );
    await screenshot(page, 'statement-sent-en-1440');
    const mail = await readMail(account.email, /Accessibility feedback on Statement Event/);
    expect(mail.text).toContain('The agenda is hard to read on my phone.');
    expect(mail.text).toContain('vera@example.com');
  });
});

test.describe('contrast warning', () => {
  test('the appearance screen names a pair below AA after saving, and saves anyway', async ({
    page,
  }) => {
    const { accessToken } = await ownAccount(page);
    const event = await createEventByApi(page, accessToken, 'Pale Colours');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/events/${event.id}/appearance`);
    await expect(page.getByText('Some colours are hard to read')).toBeHidden();
    await page.getByLabel('Text', { exact: true }).fill('#999999');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your changes have been saved.' }),
    ).toBeVisible();
    const warning = page.getByRole('status').filter({ hasText: 'Some colours are hard to read' });
    await expect(warning).toContainText(
      'Text on Background: contrast 2.63:1, at least 4.5:1 is needed.',
    );
    // The preview pictures the page in the saved colours, pale text and all: a picture of the
    // organiser's choice (WCAG 1.4.3 exempts text in pictures), so axe skips it; the rest of the
    // screen must pass.
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .exclude('[role="img"]')
      .analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await warning.screenshot({ path: `${SCREENSHOTS}/contrast-warning-en.png` });
  });
});
