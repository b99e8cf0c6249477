import type { APIRequestContext, Page } from '@playwright/test';
import { createEventByApi, ownAccount } from './event-helpers.js';
import { e2ePort } from '../playwright.config.js';
import { expect, expectAccessible, test } from './fixtures.js';

// The viewer side of messages (ADR 025): a viewer asks on the public page, follows the state of
// their own question, sees the organiser's public answer and votes; a private answer reaches
// only its sender.

const EVENTS_ORIGIN = `http://events.localhost:${e2ePort}`;
/**
 * The page reads its lists when its live stream says so (ADR 057); generous, as this
 * spec is not about the delay.
 */
const POLL_WAIT = { timeout: 15_000 };

interface InboxMessage {
  id: string;
  text: string;
  status: string;
}

function organiser(request: APIRequestContext, token: string, eventId: string) {
  const headers = { Authorization: `Bearer ${token}` };
  return {
    async settings(data: object) {
      const response = await request.patch(`/api/event-settings/${eventId}`, { headers, data });
      expect(response.status(), await response.text()).toBe(200);
    },
    async messages(): Promise<InboxMessage[]> {
      const response = await request.get(`/api/events/${eventId}/messages`, { headers });
      expect(response.status(), await response.text()).toBe(200);
      return ((await response.json()) as { results: InboxMessage[] }).results;
    },
    async patch(messageId: string, data: object) {
      const response = await request.patch(`/api/events/${eventId}/messages/${messageId}`, {
        headers,
        data,
      });
      expect(response.status(), await response.text()).toBe(200);
    },
  };
}

async function ask(page: Page, text: string) {
  const field = page.getByRole('textbox', { name: 'Your question', exact: true });
  await field.fill(text);
  await expect(page.getByText(`${String(text.length)} of 2000 characters`)).toBeVisible();
  // A double click must store one message (the button is disabled while sending, the key
  // makes a repeated request store nothing).
  await page.getByRole('button', { name: 'Send message' }).dblclick();
  await expect(page.getByRole('status')).toHaveText('Thank you! Your message has been sent.');
  await expect(field).toHaveValue('');
}

test.describe('public page messages', () => {
  test('a viewer asks, follows their question, sees the public answer and votes once', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const { accessToken } = await ownAccount(page);
    const event = await createEventByApi(page, accessToken, 'Town Hall');
    const inbox = organiser(page.request, accessToken, event.id);
    await inbox.settings({
      messagesEnabled: true,
      messagesMode: 'qa',
      messagesPrompt: 'Ask the speakers',
      language: 'en',
    });

    const viewer = await browser.newContext();
    const viewerPage = await viewer.newPage();
    await viewerPage.goto(`${EVENTS_ORIGIN}/${event.slug}`);
    await expect(viewerPage.getByRole('heading', { name: 'Ask the speakers' })).toBeVisible();
    await expect(viewerPage.getByLabel('Your name (optional)')).toBeVisible();

    await ask(viewerPage, 'Will the demos be recorded?');
    const own = viewerPage.getByRole('region', { name: 'Your questions' });
    await expect(own.getByRole('listitem')).toHaveCount(1);
    await expect(own.getByRole('listitem')).toContainText('Received');
    await expect(own.getByRole('listitem')).toContainText('Will the demos be recorded?');
    const stored = await inbox.messages();
    expect(stored.map((message) => [message.text, message.status])).toEqual([
      ['Will the demos be recorded?', 'new'],
    ]);

    // The organiser approves and answers publicly; the open page shows it without a reload.
    const [question] = stored;
    await inbox.patch(question!.id, { status: 'approved' });
    await inbox.patch(question!.id, { answer: 'Yes, all of them.', answerPublic: true });
    const questions = viewerPage.getByRole('region', { name: 'Questions from the audience' });
    await expect(questions.getByText('Yes, all of them.')).toBeVisible(POLL_WAIT);
    await expect(own.getByRole('listitem')).toContainText('Answered');

    const vote = questions.getByRole('button', { name: /^Vote for this question/ });
    await expect(vote).toHaveAttribute('aria-pressed', 'false');
    await expect(vote).toHaveAccessibleName('Vote for this question (0 votes)');
    await vote.focus();
    await viewerPage.keyboard.press('Enter');
    await expect(vote).toHaveAttribute('aria-pressed', 'true');
    await expect(vote).toHaveAccessibleName('Vote for this question (1 vote)');
    await expect(vote).toBeFocused();
    await expectAccessible(viewerPage);

    // A private answer to a second question reaches only its sender.
    await ask(viewerPage, 'Can I get the slides?');
    const second = (await inbox.messages()).find((message) => message.text.includes('slides'));
    await inbox.patch(second!.id, { answer: 'I will mail them to you.', answerPublic: false });
    await viewerPage.reload();
    const privateItem = own.getByRole('listitem').filter({ hasText: 'Can I get the slides?' });
    await expect(privateItem).toContainText('I will mail them to you.');
    await expect(privateItem).toContainText('Only visible to you');
    await expect(questions.getByText('I will mail them to you.')).toHaveCount(0);

    // Another viewer sees the public question and its vote count, not the other's own list.
    const stranger = await (await browser.newContext()).newPage();
    await stranger.goto(`${EVENTS_ORIGIN}/${event.slug}`);
    const strangerQuestions = stranger.getByRole('region', { name: 'Questions from the audience' });
    await expect(strangerQuestions.getByText('Will the demos be recorded?')).toBeVisible();
    await expect(strangerQuestions.getByRole('button')).toHaveAttribute('aria-pressed', 'false');
    await expect(strangerQuestions.getByRole('button')).toHaveAccessibleName(
      'Vote for this question (1 vote)',
    );
    await expect(stranger.getByRole('region', { name: 'Your questions' })).toBeHidden();
    await expect(stranger.getByText('I will mail them to you.')).toHaveCount(0);
    await stranger.context().close();
    await viewer.close();
  });

  test('a failed send is retried with the same key; too many messages say when to try again', async ({
    page,
  }) => {
    const { accessToken } = await ownAccount(page);
    const event = await createEventByApi(page, accessToken, 'Retry Event');
    const inbox = organiser(page.request, accessToken, event.id);
    await inbox.settings({ messagesEnabled: true, language: 'de' });
    const url = `${EVENTS_ORIGIN}/${event.slug}/_messages`;

    const keys: string[] = [];
    let answer: 'drop' | 'through' | 'limit' = 'drop';
    await page.route(url, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      keys.push((route.request().postDataJSON() as { key: string }).key);
      if (answer === 'drop') return route.abort('connectionreset');
      if (answer === 'limit') {
        return route.fulfill({
          status: 429,
          headers: { 'retry-after': '120', 'content-type': 'application/json' },
          body: JSON.stringify({
            code: 429,
            message: 'Too many requests, please try again later.',
          }),
        });
      }
      return route.continue();
    });
    await page.goto(`${EVENTS_ORIGIN}/${event.slug}`);
    const field = page.getByRole('textbox', { name: 'Ihre Nachricht', exact: true });
    const send = page.getByRole('button', { name: 'Nachricht senden' });
    await field.fill('Gibt es eine Aufzeichnung?');
    await send.click();
    await expect(page.getByRole('status')).toHaveText(
      'Ihre Nachricht konnte nicht gesendet werden. Bitte versuchen Sie es erneut.',
    );
    answer = 'through';
    await send.click();
    await expect(page.getByRole('status')).toHaveText(
      'Vielen Dank! Ihre Nachricht wurde gesendet.',
    );
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect((await inbox.messages()).map((message) => message.text)).toEqual([
      'Gibt es eine Aufzeichnung?',
    ]);
    const own = page.getByRole('region', { name: 'Von Ihnen gesendete Nachrichten' });
    await expect(own.getByRole('listitem')).toContainText('Eingegangen');

    // A new message is a new attempt with a key of its own; a 429 says when, in German.
    answer = 'limit';
    await field.fill('Noch eine Frage');
    await send.click();
    await expect(page.getByRole('status')).toHaveText(
      'Zu viele Nachrichten. Bitte versuchen Sie es in 2 Minuten erneut.',
    );
    expect(keys[2]).not.toBe(keys[0]);
    await expect(field).toHaveValue('Noch eine Frage');
  });
});
