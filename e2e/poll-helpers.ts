import type { Browser, Page } from '@playwright/test';
import type { Poll, PollInput, PollPatch, PollResultsDetail } from '@livent/shared';
import { e2ePort } from '../playwright.config.js';
import { createEventByApi, ownAccount, patchSettings } from './event-helpers.js';
import { expect, setPlan } from './fixtures.js';

// The organiser's and the viewers' sides of polls (ADR 061) for the specs and the screenshots.

export const EVENTS_ORIGIN = `http://events.localhost:${e2ePort}`;

/**
 * A new account's event with these settings, and its polls through the API. The account is on a
 * paid plan: quizzes and more than three polls need it (ADR 058).
 */
export async function organiser(page: Page, title: string, settings: object = {}) {
  const { account, accessToken } = await ownAccount(page);
  await setPlan(account.email, 'professional');
  const headers = { Authorization: `Bearer ${accessToken}` };
  const event = await createEventByApi(page, accessToken, title);
  await patchSettings(page, accessToken, event.id, { language: 'en', ...settings });
  const polls = `/api/events/${event.id}/polls`;
  const send = async <T = Poll>(method: 'get' | 'post' | 'patch', url: string, data?: object) => {
    const response = await page.request[method](url, { headers, data });
    expect(response.ok(), await response.text()).toBe(true);
    return (await response.json()) as T;
  };
  return {
    event,
    create: (input: PollInput) => send('post', polls, input),
    launch: (poll: Poll) => send('post', `${polls}/${poll.id}/launch`),
    close: (poll: Poll) => send('post', `${polls}/${poll.id}/close`),
    patch: (poll: Poll, data: PollPatch) => send('patch', `${polls}/${poll.id}`, data),
    /** Approves every open answer of a text poll: they make its word cloud. */
    approveAll: async (poll: Poll) => {
      const results = await send<PollResultsDetail>('get', `${polls}/${poll.id}/results`);
      for (const answer of results.answers) {
        await send('patch', `${polls}/${poll.id}/answers/${answer.id}`, { status: 'approved' });
      }
    },
  };
}

export type Organiser = Awaited<ReturnType<typeof organiser>>;

/**
 * The event's page in a browser context of its own: another viewer. `offline` keeps the page from
 * hearing anything after it opened (its stream and the polling fallback refused).
 */
export async function viewerPage(
  browser: Browser,
  slug: string,
  { offline = false } = {},
): Promise<Page> {
  const context = await browser.newContext();
  if (offline) {
    // The stream and its fallback only: the page's own files live under /_livent/.
    const live = (url: URL) => /\/_live(\/since)?$/.test(url.pathname);
    await context.route(live, (route) => route.abort());
  }
  const page = await context.newPage();
  await page.goto(`${EVENTS_ORIGIN}/${slug}`);
  return page;
}
