import { randomUUID } from 'node:crypto';
import type { Dialog, Page } from '@playwright/test';
import { e2ePort } from '../playwright.config.js';
import { expect, ownAccount, setPlan, test } from './fixtures.js';

// Hostile content (docs/architecture.md, "Security requirements"): XSS payloads stored through the
// API in every text an organiser types (their name, the event, texts, contact, menu, highlights,
// channel, messages prompt, access text, registration fields, invitations) and every text a
// viewer types (message name and text, registration name and fields) show as the characters typed
// on every dashboard screen that shows them and on the public page, and open no dialog anywhere.
// Script links are refused where links are typed. The organiser's own embed and player codes are
// meant to run on the public page's own origin (ADR 017): in the dashboard they show as text and
// their preview opens no dialog.

const EVENTS_ORIGIN = `http://events.localhost:${e2ePort}`;

const P = {
  img: '<img src=x onerror=alert(1)>',
  svg: '"><svg onload=alert(2)>',
  script: '<script>alert(3)</script>',
  link: '<a href="javascript:alert(4)">click</a>',
  template: "{{constructor.constructor('alert(5)')()}}",
  iframe: '<iframe src="javascript:alert(6)"></iframe>',
  style: '<style>*{background:url("javascript:alert(7)")}</style>',
  details: '<details open ontoggle=alert(8)>',
  markdown: '[click](javascript:alert(9))',
};
const ALL = Object.values(P).join(' ');
/** A one-line text with a readable prefix, so a screen can be asked whether it shows it. */
const line = (label: string, payload: string) => `${label} ${payload}`;

const OWNER = line('Owner', P.svg);
const TITLE = line('Title', P.img);
const CHANNEL = line('Channel', P.svg);
const HIGHLIGHT = line('Highlight', P.details);
const INVITEE = line('Invitee', P.script);
const VIEWER = line('Viewer', P.img);
const QUESTION = line('Question', ALL);

function watchDialogs(page: Page, dialogs: string[]): void {
  page.on('dialog', (dialog: Dialog) => {
    dialogs.push(`${page.url()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
}

/** No element a payload would have made, and no script link. */
async function expectInert(page: Page): Promise<void> {
  for (const selector of [
    'img[src="x"]',
    'svg[onload]',
    'details[ontoggle]',
    'iframe[src^="javascript:"]',
    'a[href^="javascript:"]',
    '[onerror], [onload], [ontoggle]',
  ]) {
    await expect(page.locator(selector), selector).toHaveCount(0);
  }
  await expect(page.locator('script:not([src])').filter({ hasText: 'alert(' })).toHaveCount(0);
}

/** The screen shows the text as typed: in its rendered text or as a form field's value. */
async function expectShown(page: Page, text: string, where: string): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          (wanted) =>
            document.body.innerText.includes(wanted) ||
            [...document.querySelectorAll('input, textarea')].some((field) =>
              (field as HTMLInputElement).value.includes(wanted),
            ),
          text,
        ),
      { message: `${where} shows ${text}` },
    )
    .toBe(true);
}

test('XSS payloads in every organiser and viewer text run nowhere in the dashboard or on the public page', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const dialogs: string[] = [];
  watchDialogs(page, dialogs);
  // The watch itself: a payload that does run is seen.
  await page.setContent(`<p>${P.img}</p>`);
  await expect.poll(() => dialogs.length).toBe(1);
  await expect(page.locator('img[src="x"]')).toHaveCount(1);
  dialogs.length = 0;
  const { account, accessToken } = await ownAccount(page, { name: OWNER });
  // Registration access and the login list need CUSTOM_ACCESS; every feature is on here.
  await setPlan(account.email, 'enterprise-member');
  const headers = { Authorization: `Bearer ${accessToken}` };
  const api = async (method: 'post' | 'patch', url: string, data: object, status: number) => {
    const response = await page.request[method](url, { headers, data });
    expect(response.status(), `${method} ${url}: ${await response.text()}`).toBe(status);
    return (await response.json()) as { id: string; slug: string };
  };

  const event = await api('post', '/api/events', { title: TITLE }, 201);
  const channel = await api(
    'post',
    `/api/events/${event.id}/channels`,
    { slug: 'stage', title: CHANNEL },
    201,
  );
  await api(
    'post',
    `/api/events/${event.id}/highlights`,
    {
      group: line('Group', P.svg),
      title: HIGHLIGHT,
      description: line('About', ALL),
      link: `https://example.com/"><svg onload=alert(10)>`,
      image: null,
    },
    201,
  );
  await api(
    'patch',
    `/api/event-settings/${event.id}`,
    {
      description: line('Description', ALL),
      startMode: 'text',
      startText: line('Starts', P.img),
      contactName: line('Contact', P.svg),
      contactWebsite: `https://example.com/?q="><img src=x onerror=alert(11)>`,
      headline: line('Headline', P.template),
      introduction: line('Introduction', ALL),
      agenda: line('Agenda', ALL),
      content: line('Content', ALL),
      autoCreateLinks: true,
      ctaTitle: line('CTA', P.img).slice(0, 50),
      ctaLink: 'https://example.com/#"><script>alert(12)</script>',
      menuItems: [
        { name: line('Menu', P.img).slice(0, 50), link: 'https://example.com/', newWindow: false },
      ],
      channelMenuTitle: line('Channels', P.svg).slice(0, 50),
      messagesEnabled: true,
      messagesMode: 'qa',
      messagesPrompt: line('Prompt', P.script),
      customLegalText: line('Legal', ALL),
      accessMode: 'registration',
      accessText: line('Access', ALL),
      accessShowIntroduction: true,
      accessShowContent: true,
      accessShowHighlights: true,
      registrationFields: [
        {
          name: 'company',
          label: line('Company', P.img),
          required: false,
          options: [],
        },
        {
          name: 'role',
          label: line('Role', P.svg),
          required: false,
          options: [line('Option', P.script), 'Other'],
        },
      ],
    },
    200,
  );
  // Script links are refused where links are typed, with the field named.
  for (const data of [
    { ctaLink: 'javascript:alert(13)' },
    { contactWebsite: ' JaVaScRiPt:alert(14)' },
    { menuItems: [{ name: 'Menu', link: 'javascript:alert(15)', newWindow: false }] },
    { playerLink: 'data:text/html,<script>alert(16)</script>' },
  ]) {
    const refused = await page.request.patch(`/api/event-settings/${event.id}`, { headers, data });
    expect(refused.status()).toBe(400);
    expect(Object.keys(((await refused.json()) as { errors: object }).errors)[0]).toMatch(
      new RegExp(`^${Object.keys(data)[0]}`),
    );
  }
  await api(
    'post',
    `/api/events/${event.id}/invitations`,
    { name: INVITEE, email: `${randomUUID()}@example.com` },
    201,
  );

  // A viewer registers through the gate and sends a question, both with payloads.
  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  watchDialogs(viewer, dialogs);
  await viewer.goto(`${EVENTS_ORIGIN}/${event.slug}`);
  await expect(viewer.getByText(line('Access', ALL))).toBeVisible();
  await expect(viewer.getByText(line('Company', P.img))).toBeVisible();
  await expectInert(viewer);
  await viewer.getByRole('textbox', { name: 'Name', exact: true }).fill(VIEWER);
  await viewer.getByRole('textbox', { name: 'Email' }).fill(`${randomUUID()}@example.com`);
  await viewer.getByRole('textbox', { name: line('Company', P.img) }).fill(line('Works at', P.svg));
  await viewer
    .getByRole('combobox', { name: line('Role', P.svg) })
    .selectOption(line('Option', P.script));
  await viewer.getByRole('button', { name: 'Register' }).click();
  await expect(viewer.getByText(line('Headline', P.template)).first()).toBeVisible();
  // The question goes through the page's own endpoint, from the page (its cookies, its origin).
  const sent = await viewer.evaluate(
    async ({ url, body }) =>
      (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body }))
        .status,
    {
      url: `/${event.slug}/_messages`,
      body: JSON.stringify({ name: VIEWER, text: QUESTION, key: randomUUID() }),
    },
  );
  expect(sent).toBeLessThan(300);

  // The public page and the channel page, with access now.
  for (const path of [`/${event.slug}`, `/${event.slug}/stage`]) {
    await viewer.goto(`${EVENTS_ORIGIN}${path}`);
    await expect(viewer.getByText(line('Headline', P.template)).first()).toBeVisible();
    await expect(viewer.getByText(HIGHLIGHT).first()).toBeVisible();
    await expectInert(viewer);
  }
  await expect(viewer.getByText(QUESTION).first()).toBeVisible({ timeout: 15_000 });
  await expectInert(viewer);

  // Every dashboard screen that shows these texts.
  const screens: [string, string][] = [
    ['/events', TITLE],
    ['/account/profile', OWNER],
    [`/events/${event.id}/general`, line('Contact', P.svg)],
    [`/events/${event.id}/text`, line('Headline', P.template)],
    [`/events/${event.id}/navigation`, line('Menu', P.img).slice(0, 50)],
    [`/events/${event.id}/highlights`, HIGHLIGHT],
    [`/events/${event.id}/channels`, CHANNEL],
    [`/events/${event.id}/channels/${channel.id}`, CHANNEL],
    [`/events/${event.id}/interaction`, line('Prompt', P.script)],
    [`/events/${event.id}/messages`, QUESTION],
    [`/events/${event.id}/access/settings`, line('Access', ALL)],
    [`/events/${event.id}/access/registrations`, line('Company', P.img)],
    [`/events/${event.id}/access/invitations`, TITLE],
    [`/events/${event.id}/access/invitationlist`, INVITEE],
    [`/events/${event.id}/access/registrationlist`, VIEWER],
    [`/events/${event.id}/access/loginlist`, VIEWER],
    [`/events/${event.id}/compliance`, line('Legal', ALL)],
    [`/events/${event.id}/admin`, TITLE],
  ];
  for (const [path, shown] of screens) {
    await page.goto(path);
    await expectShown(page, shown, path);
    await expectInert(page);
  }
  // The statistics name the channels in the page picker.
  await page.goto(`/events/${event.id}/stats`);
  await page.getByRole('combobox', { name: 'Page' }).click();
  await expectShown(page, CHANNEL, 'stats');
  await expectInert(page);
  await page.keyboard.press('Escape');
  // The question's detail in the inbox.
  await page.goto(`/events/${event.id}/messages`);
  await page.getByRole('button').filter({ hasText: QUESTION }).first().click();
  await expect(page.getByText(VIEWER).first()).toBeVisible();
  await expectInert(page);

  // The organiser's own code runs on the public origin only: the dashboard shows it as text, and
  // its preview is sandboxed without modals or the dashboard's origin.
  await api(
    'patch',
    `/api/event-settings/${event.id}`,
    {
      accessMode: 'none',
      playerMode: 'code',
      playerCode: `<script>alert(17)</script>${P.img}`,
      customEmbedCode: `<script>alert(18)</script>${P.svg}`,
    },
    200,
  );
  for (const [path, shown] of [
    [`/events/${event.id}/player`, '<script>alert(17)</script>'],
    [`/events/${event.id}/advanced`, '<script>alert(18)</script>'],
    // The overview, with the page's preview.
    [`/events/${event.id}`, TITLE],
  ] as const) {
    await page.goto(path);
    await expectShown(page, shown, path);
    await expectInert(page);
  }

  expect(dialogs).toEqual([]);
  await viewerContext.close();
});
