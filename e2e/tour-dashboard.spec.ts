import type { BrowserContext, Page } from '@playwright/test';
import { createEventByApi, ownAccount } from './event-helpers.js';
import {
  expect,
  expectAccessible,
  mailLink,
  readMail,
  registerAccount,
  setPlan,
  signIn,
  test,
  uniqueEmail,
} from './fixtures.js';

// What a tour of the dashboard tripped over: navigation while offline, the guest moderators'
// link, the verify-email screen after a used link, an event that is not shared with you, and the
// mail status of invitations.

test.describe('navigation while offline (spec section 4)', () => {
  test.use({ signedIn: true });

  test('keeps the screen and its unsaved work, says so, and navigates once online', async ({
    page,
    context,
    demoEvent,
  }) => {
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    await page.goto(`/events/${demoEvent.id}/general`);
    const title = page.getByLabel('Title', { exact: true });
    await title.fill('Written while the train enters a tunnel');

    await context.setOffline(true);
    // A screen this tab never loaded: its code cannot arrive now (hover preloads it, too).
    await page
      .getByRole('navigation')
      .getByRole('link', { name: /^Event stats$/i })
      .click();
    const notice = page.getByTestId('offline-navigation');
    await expect(notice).toContainText('You are offline. The page opens once the connection');
    await expect(page).toHaveURL(new RegExp(`/events/${demoEvent.id}/general$`));
    await expect(title).toHaveValue('Written while the train enters a tunnel');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('General');
    await expectAccessible(page);
    expect(loads).toBe(1); // No reload into the browser's error page.

    // Online again, the held navigation runs, through the unsaved-changes question as always.
    await context.setOffline(false);
    const dialog = page.getByRole('dialog', { name: 'Unsaved changes' });
    await expect(dialog).toBeVisible();
    await expect(notice).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(new RegExp(`/events/${demoEvent.id}/stats$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/stats/i);
    expect(loads).toBe(1);
  });

  test('"Stay here" drops the held navigation', async ({ page, context, demoEvent }) => {
    await page.goto(`/events/${demoEvent.id}/general`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('General');
    await context.setOffline(true);
    await page
      .getByRole('navigation')
      .getByRole('link', { name: /^Event stats$/i })
      .click();
    await page.getByTestId('offline-navigation').getByRole('button', { name: 'Stay here' }).click();
    await expect(page.getByTestId('offline-navigation')).toHaveCount(0);
    await context.setOffline(false);
    await page.waitForTimeout(500);
    await expect(page).toHaveURL(new RegExp(`/events/${demoEvent.id}/general$`));
  });
});

/** Every request of `context`, with its Referer. */
function recordRequests(context: BrowserContext): { url: string; referer: string }[] {
  const requests: { url: string; referer: string }[] = [];
  context.on('request', (request) => {
    requests.push({ url: request.url(), referer: request.headers()['referer'] ?? '' });
  });
  return requests;
}

test.describe("the guest moderators' link (ADR 056)", () => {
  test.use({ signedIn: true });

  async function guestLink(page: Page, eventId: string): Promise<URL> {
    await page.goto(`/events/${eventId}/interaction`);
    await expect(page.getByTestId('guest-access')).toBeVisible();
    const field = page.getByTestId('guest-inbox-link');
    if ((await field.count()) === 0) {
      await page.getByRole('button', { name: 'Enable guest link' }).click();
      await page.getByRole('button', { name: 'Save changes' }).click();
    }
    return new URL(await field.inputValue());
  }

  test('can be reloaded and reopened, and its token reaches no request or Referer', async ({
    page,
    browser,
    demoEvent,
  }) => {
    const link = await guestLink(page, demoEvent.id);
    expect(link.search).toBe('');
    const token = new URLSearchParams(link.hash.slice(1)).get('token') ?? '';
    expect(token).toMatch(/^\S{20,}$/);

    const guestContext = await browser.newContext();
    try {
      const requests = recordRequests(guestContext);
      const guest = await guestContext.newPage();
      await guest.goto(`${link.pathname}${link.hash}`);
      await expect(guest.getByRole('heading', { level: 1 })).toHaveText('Message inbox');
      await expect(guest.getByTestId('shared-title')).toHaveText('Demo Event');
      await expectAccessible(guest);

      await guest.reload();
      await expect(guest.getByRole('heading', { level: 1 })).toHaveText('Message inbox');
      // A bookmark: the same address in a tab of its own.
      const reopened = await guestContext.newPage();
      await reopened.goto(guest.url());
      await expect(reopened.getByRole('heading', { level: 1 })).toHaveText('Message inbox');

      expect(requests.length).toBeGreaterThan(5);
      const leaks = requests.filter(
        ({ url, referer }) =>
          new URL(url).pathname.includes(token) ||
          new URL(url).search.includes(token) ||
          referer.includes(token),
      );
      expect(leaks).toEqual([]);
    } finally {
      await guestContext.close();
    }
  });

  test('an older link with ?token= moves the token into the fragment', async ({
    page,
    demoEvent,
  }) => {
    const link = await guestLink(page, demoEvent.id);
    const token = new URLSearchParams(link.hash.slice(1)).get('token') ?? '';
    await page.goto(`${link.pathname}?${new URLSearchParams({ token })}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Message inbox');
    const address = new URL(page.url());
    expect(address.search).toBe('');
    expect(address.hash).toBe(link.hash);
  });
});

test.describe('verify email (spec section 4)', () => {
  test('a link used before shows "confirmed" alone, never "Token not found" beside it', async ({
    page,
  }) => {
    const account = await registerAccount({ verified: false });
    await signIn(page, account);
    const mail = await readMail(account.email, /Confirm your email address/);
    await page.goto(mailLink(mail, '/verify-email'));
    await expect(page).toHaveURL(/\/events$/);

    await page.goto(mailLink(mail, '/verify-email'));
    await expect(page.getByText(`Your email address ${account.email} is confirmed.`)).toBeVisible();
    await expect(page.getByText(/Token not found/)).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expectAccessible(page);
  });
});

test.describe('an event that is not shared with you', () => {
  test('says it is not available to this account, the same whether it exists or not', async ({
    page,
    demoEvent,
  }) => {
    // Another account, signed in: the worker's demo event is not shared with it.
    await ownAccount(page);
    const missingId = demoEvent.id.replace(/[0-9a-f]{4}$/, (end) =>
      end === '0000' ? '1111' : '0000',
    );
    const pageText = async (path: string) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'This event is not available to this account',
      );
      return page.getByTestId('error-page').innerText();
    };
    const existing = await pageText(`/events/${demoEvent.id}`);
    expect(existing).not.toContain('You are lost');
    expect(existing).toContain('not (or no longer) shared with you');
    expect(await pageText(`/events/${missingId}`)).toBe(existing);
    expect(await pageText(`/events/${demoEvent.id}/general`)).toBe(existing);
    await expectAccessible(page);
    await expect(page.getByRole('link', { name: 'Sign in with another account' })).toBeVisible();
  });
});

test.describe('invitation mail status', () => {
  test('follows the outbox without a reload, and stops asking once no mail is queued', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const { account, accessToken } = await ownAccount(page);
    await setPlan(account.email, 'professional');
    const headers = { Authorization: `Bearer ${accessToken}` };
    const event = await createEventByApi(page, accessToken, 'Status Town Hall');
    const guest = { name: 'Grace Hopper', email: uniqueEmail('grace') };
    const added = await page.request.post(`/api/events/${event.id}/invitations`, {
      headers,
      data: guest,
    });
    expect(added.status(), await added.text()).toBe(201);
    const sent = await page.request.post(`/api/events/${event.id}/invitations/send`, {
      headers,
      data: { mode: 'unsent' },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    await readMail(guest.email, /Status Town Hall/);

    // The first answer the list gets still says "queued", as when it loaded before the outbox
    // had sent; the server's own answers follow.
    let listRequests = 0;
    await page.route(`**/api/events/${event.id}/invitations?*`, async (route) => {
      listRequests += 1;
      const response = await route.fetch();
      if (listRequests > 1) return route.fulfill({ response });
      const body = (await response.json()) as { results: { mailStatus: string | null }[] };
      for (const row of body.results) row.mailStatus = 'queued';
      return route.fulfill({ response, json: body });
    });
    await page.goto(`/events/${event.id}/access/invitationlist`);
    const row = page.getByRole('table', { name: 'Invitations' }).getByRole('row').nth(1);
    await expect(row.getByText('Queued')).toBeVisible();
    await expect(row.getByText(/^(Accepted|Delivered)$/)).toBeVisible({ timeout: 10_000 });
    const asked = listRequests;
    await page.waitForTimeout(4_000);
    expect(listRequests).toBe(asked);
  });
});
