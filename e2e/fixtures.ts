import { AxeBuilder } from '@axe-core/playwright';
import {
  test as base,
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type Page,
} from '@playwright/test';
import { baseURL, e2ePort } from '../playwright.config.js';

export { baseURL, expect };

/** Runs axe on the page and fails on any WCAG 2.x A/AA violation. */
export async function expectAccessible(page: Page): Promise<void> {
  // Colours are checked as rendered: a drawer or menu still fading in would fail contrast.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
}

export const VIEWPORTS = {
  desktop: { width: 1366, height: 900 },
  mobile: { width: 390, height: 844 },
} as const;

/**
 * Saves a full-page screenshot at `path` for people to look at (never compared). The test tiers
 * in CI take none: its clean clone is thrown away with them, and the some 170 of a run cost the
 * e2e tier time that asserts nothing (docs/decisions/074-test-suite-time.md). `npm run
 * screenshots` always saves.
 */
export async function keepScreenshot(page: Page, path: string): Promise<void> {
  if (process.env.CI && process.env.E2E_SCREENSHOTS !== '1') return;
  // Playwright creates the directories of `path`.
  await page.screenshot({ path, fullPage: true });
}

/** Saves a full-page screenshot under screenshots/ (see {@link keepScreenshot}). */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await keepScreenshot(page, `screenshots/${name}.png`);
}

/** Sets the interface language the way the language switch does: the locale cookie. */
export async function useLanguage(page: Page, language: 'en' | 'de'): Promise<void> {
  await page
    .context()
    .addCookies([
      { name: 'lvnt.locale', value: language, domain: 'localhost', path: '/', sameSite: 'Lax' },
    ]);
}

// ---------------------------------------------------------------------------------------------
// Mails: scripts/e2e-server.mjs runs a real SMTP server and lists what it received.

const MAILS_URL = `http://127.0.0.1:${process.env.E2E_MAILS_PORT ?? 3108 + (e2ePort - 3107)}/mails`;

export interface Mail {
  id: number;
  to: string[];
  subject: string;
  text: string;
  links: string[];
  /** The calendar invitation's text (ADR 064), or null. */
  calendar: string | null;
}

/** Every mail the SMTP server received for `to`, oldest first. */
export async function mailsTo(to: string): Promise<Mail[]> {
  const response = await fetch(`${MAILS_URL}?${new URLSearchParams({ to })}`);
  return (await response.json()) as Mail[];
}

/**
 * Waits for a mail to `to` whose subject matches (the outbox worker sends within moments) and
 * returns the newest; `after` skips mails up to that id, e.g. to wait for a resent one.
 */
export async function readMail(
  to: string,
  subject: RegExp,
  { after = 0, timeout = 15_000 }: { after?: number; timeout?: number } = {},
): Promise<Mail> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const found = (await mailsTo(to)).filter(
      (mail) => mail.id > after && subject.test(mail.subject),
    );
    if (found.length > 0) return found[found.length - 1]!;
    if (Date.now() > deadline) throw new Error(`No mail to ${to} matching ${subject}`);
    // The mail list is on loopback and answers in a millisecond; every verified test account
    // waits here once, so a coarse step would add its half on average to hundreds of tests.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The link of a mail that leads to `path` (e.g. /verify-email), as a path for page.goto. */
export function mailLink(mail: Mail, path: string): string {
  const link = mail.links.map((href) => new URL(href)).find((url) => url.pathname === path);
  if (!link) throw new Error(`No ${path} link in "${mail.subject}": ${mail.links.join(', ')}`);
  return `${link.pathname}${link.search}`;
}

// ---------------------------------------------------------------------------------------------
// Accounts

export interface Account {
  name: string;
  email: string;
  password: string;
}

let counter = 0;
/** An address nobody else in this run uses. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  const random = Math.random().toString(36).slice(2, 8);
  return `${prefix}-${process.pid}-${counter}-${random}@livent.test`;
}

export const PASSWORD = 'Correct-Horse-7';

async function apiContext(): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL });
}

/** The newest changelog date, so that test accounts do not see the what's-new dialog. */
async function newestChangelogDate(api: APIRequestContext): Promise<string | undefined> {
  const entries = (await (await api.get('/api/changelog')).json()) as { date: string }[];
  return entries
    .map((entry) => entry.date)
    .sort()
    .at(-1);
}

/**
 * Signs up through the API (spec/api.md: `POST /auth/register`); by default also follows the
 * mailed verification link and marks the what's-new dialog seen, as a settled user would have.
 */
export async function registerAccount({
  verified = true,
  newsSeen = true,
  name = 'Ada Lovelace',
  email = uniqueEmail(),
  password = PASSWORD,
}: Partial<Account> & { verified?: boolean; newsSeen?: boolean } = {}): Promise<Account> {
  const api = await apiContext();
  try {
    const response = await api.post('/api/auth/register', {
      data: { name, email, password, acceptTerms: true, acceptPrivacy: true },
    });
    expect(response.status(), await response.text()).toBe(201);
    const { tokens } = (await response.json()) as { tokens: { access: { token: string } } };
    const headers = { Authorization: `Bearer ${tokens.access.token}` };
    // Without `newsSeen` the account saw an older version, so the what's-new dialog has news
    // for it (a new account that never saw any version is not shown the dialog).
    const whatsnewSeen = newsSeen ? await newestChangelogDate(api) : '2000-01-01';
    expect((await api.patch('/api/settings', { headers, data: { whatsnewSeen } })).ok()).toBe(true);
    if (verified) {
      const mail = await readMail(email, /Confirm your email address/);
      const token = new URL(mail.links[0]!).searchParams.get('token')!;
      const verify = await api.post(`/api/auth/verify-email?${new URLSearchParams({ token })}`);
      expect(verify.status()).toBe(204);
    }
    return { name, email, password };
  } finally {
    await api.dispose();
  }
}

/**
 * Signs in as the dashboard does, from the page's own context, so that the browser keeps the
 * HttpOnly refresh cookie; each call is a session of its own (refresh tokens rotate, so
 * contexts never share one). Returns the access token for API calls of the test itself.
 */
export async function signIn(page: Page, account: Account): Promise<string> {
  const response = await page.request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { tokens } = (await response.json()) as { tokens: { access: { token: string } } };
  return tokens.access.token;
}

/** An event with one channel, owned by the worker's account (`demoEvent` fixture). */
export interface DemoEvent {
  id: string;
  channelId: string;
}

/** Creates the demo event and its channel through the API, signed in as `account`. */
async function createDemoEvent(account: Account): Promise<DemoEvent> {
  const api = await apiContext();
  try {
    const login = await api.post('/api/auth/login', {
      data: { email: account.email, password: account.password },
    });
    expect(login.status(), await login.text()).toBe(200);
    const { tokens } = (await login.json()) as { tokens: { access: { token: string } } };
    const headers = { Authorization: `Bearer ${tokens.access.token}` };
    const event = await api.post('/api/events', { headers, data: { title: 'Demo Event' } });
    expect(event.status(), await event.text()).toBe(201);
    const { id } = (await event.json()) as { id: string };
    const channel = await api.post(`/api/events/${id}/channels`, {
      headers,
      data: { slug: 'main', title: 'Main stage' },
    });
    expect(channel.status(), await channel.text()).toBe(201);
    return { id, channelId: ((await channel.json()) as { id: string }).id };
  } finally {
    await api.dispose();
  }
}

/** Fills `$event` and `$channel` in a dashboard path with the demo event's ids. */
export const eventPath = (path: string, event: DemoEvent): string =>
  path.replace('$event', event.id).replace('$channel', event.channelId);

/** A fresh account of its own, signed in: for tests that change their account. */
export async function ownAccount(
  page: Page,
  options: Parameters<typeof registerAccount>[0] = {},
): Promise<{ account: Account; accessToken: string }> {
  const account = await registerAccount(options);
  return { account, accessToken: await signIn(page, account) };
}

interface Fixtures {
  /** Sign the page's context in as the worker's account before the test. */
  signedIn: boolean;
  /** The access token of the signed-in session (empty when `signedIn` is false). */
  accessToken: string;
}

interface WorkerFixtures {
  /** A verified account shared by the tests of one worker that do not change it. */
  account: Account;
  /** An event of the worker's account, created when a test first asks for it. */
  demoEvent: DemoEvent;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  account: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; this one has none.
    async ({}, use) => use(await registerAccount()),
    { scope: 'worker' },
  ],
  demoEvent: [async ({ account }, use) => use(await createDemoEvent(account)), { scope: 'worker' }],
  signedIn: [false, { option: true }],
  accessToken: [
    async ({ page, account, signedIn }, use) => {
      await use(signedIn ? await signIn(page, account) : '');
    },
    { auto: true },
  ],
});

/**
 * Puts an account on another plan. Clients can never set a plan (docs/architecture.md, "Strict
 * input schemas") and billing comes with a later issue, so the test writes the e2e server's
 * database directly (scripts/e2e-server.mjs keeps it under .tmp/e2e/<port>).
 */
export async function setPlan(email: string, plan: string): Promise<void> {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(`.tmp/e2e/${e2ePort}/livent.db`);
  try {
    db.pragma('busy_timeout = 5000');
    const changed = db.prepare('UPDATE users SET plan = ? WHERE email = ?').run(plan, email);
    expect(changed.changes).toBe(1);
  } finally {
    db.close();
  }
}

/** Sets the stored expiry of an account's plan in the e2e server's database (see {@link setPlan}). */
export async function setPlanExpires(email: string, planExpires: string): Promise<void> {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(`.tmp/e2e/${e2ePort}/livent.db`);
  try {
    db.pragma('busy_timeout = 5000');
    const changed = db
      .prepare('UPDATE users SET plan_expires = ? WHERE email = ?')
      .run(planExpires, email);
    expect(changed.changes).toBe(1);
  } finally {
    db.close();
  }
}
