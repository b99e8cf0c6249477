import type { PollResults, PollVote, ViewerPoll } from '@livent/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupPolls } from './polls.js';

// The polls block of the page script (ADR 061): read from `_polls`, kept live by the page's
// stream (`lv:live` events, as live.ts dispatches them), answered in place.

/** The block as the server renders it (polls-block.tsx), with its texts. */
const BLOCK = `
  <p class="lv-poll-news" aria-live="polite"></p>
  <section class="lv-polls" data-url="/launch/_polls" data-channel="%channel" data-text-max="200"
    data-new-poll="New poll: %s" data-results-updated="Results updated: %s" data-quiz="Quiz"
    data-closed="Closed" data-choose-one="Choose one answer." data-choose-many="Choose one or more answers."
    data-rate="Rate from 1 to 5." data-text-label="Your answer" data-text-count="%s of 200 characters"
    data-submit="Submit answer" data-change="Change answer" data-saved="Thank you! Your answer has been counted."
    data-pending="Thanks, your answer waits for moderation." data-approved="Shown" data-rejected="Not published"
    data-your-answer="Your answer" data-correct="Correct" data-quiz-right="You got it right."
    data-quiz-wrong="Not quite." data-responses-one="%s answer" data-responses-other="%s answers"
    data-votes-one="%s vote" data-votes-other="%s votes" data-average="Average: %s of 5"
    data-correct-share="%s answered correctly" data-words="Answers from the audience"
    data-pick-first="Please choose an answer first." data-closed-refused="This poll has closed."
    data-gone="Gone." data-failed="Failed." data-too-many="Too many, try again %s."
    data-rating1="1 – Poor" data-rating2="2 – Fair" data-rating3="3 – Good" data-rating4="4 – Very good"
    data-rating5="5 – Excellent" hidden>
    <h2 id="lv-polls-title">Polls</h2>
    <div class="lv-poll-list"></div>
  </section>`;

const options = [
  { id: 'a', text: 'Berlin', correct: false },
  { id: 'b', text: 'Paris', correct: false },
];

function pollOf(fields: Partial<ViewerPoll> = {}): ViewerPoll {
  return {
    id: 'p1',
    kind: 'single',
    question: 'Where next year?',
    options,
    quiz: false,
    status: 'live',
    resultsShown: false,
    results: null,
    ...fields,
  };
}

function resultsOf(fields: Partial<PollResults> = {}): PollResults {
  return {
    pollId: 'p1',
    responses: 5,
    options: [
      { id: 'a', votes: 3 },
      { id: 'b', votes: 2 },
    ],
    rating: null,
    correctShare: null,
    words: [],
    ...fields,
  };
}

const voteOf = (fields: Partial<PollVote> = {}): PollVote => ({
  choices: [],
  rating: null,
  text: null,
  textStatus: null,
  ...fields,
});

interface Sent {
  url: string;
  method: string;
  body: unknown;
}

let sent: Sent[];
let pollsAnswer: () => Response;
let voteAnswer: (body: Record<string, unknown>) => Response;
let stop: (() => void) | undefined;

const json = (data: unknown, status = 200) => new Response(JSON.stringify(data), { status });

async function start(polls: ViewerPoll[], mine: Record<string, PollVote> = {}, channel = '') {
  pollsAnswer = () => json({ polls, mine });
  document.body.innerHTML = BLOCK.replace('%channel', channel);
  stop = setupPolls();
  await settle();
}

/** Lets the fetches and their JSON resolve. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function live(kind: string, data: unknown) {
  document.dispatchEvent(new CustomEvent('lv:live', { detail: { kind, data } }));
}

const block = () => document.querySelector<HTMLElement>('.lv-polls')!;
const card = (id = 'p1') => document.querySelector<HTMLElement>(`.lv-poll[data-id="${id}"]`)!;
const news = () => document.querySelector('.lv-poll-news')!.textContent;
const inputs = (id = 'p1') => Array.from(card(id).querySelectorAll('input'));
const labels = (id = 'p1') =>
  Array.from(card(id).querySelectorAll('.lv-poll-choice'), (label) => label.textContent);
const submit = async (id = 'p1') => {
  card(id).querySelector('form')!.requestSubmit();
  await settle();
};
const status = (id = 'p1') => card(id).querySelector('.lv-poll-status')!.textContent;
const votes = () => sent.filter((request) => request.method === 'POST');

beforeEach(() => {
  sent = [];
  voteAnswer = (body) =>
    json({ vote: voteOf(body as Partial<PollVote>), poll: pollOf({ id: 'p1' }) });
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as object) : undefined;
      sent.push({ url, method: init?.method ?? 'GET', body });
      return Promise.resolve(
        init?.method === 'POST' ? voteAnswer(body as Record<string, unknown>) : pollsAnswer(),
      );
    }),
  );
});

afterEach(() => {
  stop?.();
  vi.unstubAllGlobals();
});

describe('the polls block', () => {
  it('stays hidden without polls and reads the page’s channel', async () => {
    await start([], {}, 'de');
    expect(sent).toEqual([{ url: '/launch/_polls?channel=de', method: 'GET', body: undefined }]);
    expect(block().hidden).toBe(true);
  });

  it('renders each kind: radio buttons, checkboxes, 1–5 with labels and a text with its counter', async () => {
    await start([
      pollOf({ id: 'single' }),
      pollOf({ id: 'multiple', kind: 'multiple' }),
      pollOf({ id: 'rating', kind: 'rating', options: [] }),
      pollOf({ id: 'text', kind: 'text', options: [] }),
    ]);
    expect(block().hidden).toBe(false);
    expect(inputs('single').map((input) => input.type)).toEqual(['radio', 'radio']);
    expect(labels('single')).toEqual(['Berlin', 'Paris']);
    expect(card('single').querySelector('.lv-poll-hint')!.textContent).toBe('Choose one answer.');
    expect(card('single').querySelector('fieldset')!.getAttribute('aria-labelledby')).toBe(
      card('single').querySelector('h3')!.id,
    );
    expect(inputs('multiple').map((input) => input.type)).toEqual(['checkbox', 'checkbox']);
    expect(inputs('rating').map((input) => input.type)).toEqual(Array(5).fill('radio'));
    expect(labels('rating')).toEqual([
      '1 – Poor',
      '2 – Fair',
      '3 – Good',
      '4 – Very good',
      '5 – Excellent',
    ]);
    const [field] = inputs('text');
    expect(field!.maxLength).toBe(200);
    expect(card('text').querySelector('label')!.textContent).toBe('Your answer');
    field!.value = 'Ship it';
    field!.dispatchEvent(new Event('input'));
    expect(card('text').querySelector('.lv-poll-count')!.textContent).toBe('7 of 200 characters');
    for (const id of ['single', 'multiple', 'rating', 'text']) {
      expect(card(id).querySelector('button')!.textContent).toBe('Submit answer');
    }
  });

  it('sends the answer, shows it and lets the viewer change it', async () => {
    await start([pollOf()]);
    inputs()[0]!.checked = true;
    await submit();
    expect(votes()).toEqual([
      { url: '/launch/_polls/p1/vote', method: 'POST', body: { choices: ['a'] } },
    ]);
    expect(status()).toBe('Thank you! Your answer has been counted.');
    expect(card().querySelector('button')!.textContent).toBe('Change answer');
    expect(inputs().map((input) => input.checked)).toEqual([true, false]);

    inputs()[1]!.checked = true;
    await submit();
    expect(votes()[1]!.body).toEqual({ choices: ['b'] });
    expect(inputs().map((input) => input.checked)).toEqual([false, true]);
  });

  it('sends every checked option, a rating as a number and a trimmed text', async () => {
    await start([
      pollOf({ id: 'multiple', kind: 'multiple' }),
      pollOf({ id: 'rating', kind: 'rating', options: [] }),
      pollOf({ id: 'text', kind: 'text', options: [] }),
    ]);
    for (const input of inputs('multiple')) input.checked = true;
    await submit('multiple');
    inputs('rating')[3]!.checked = true;
    await submit('rating');
    inputs('text')[0]!.value = '  More demos ';
    voteAnswer = (body) =>
      json({ vote: voteOf({ ...body, textStatus: 'pending' }), poll: pollOf({ id: 'text' }) });
    await submit('text');
    expect(votes().map((request) => request.body)).toEqual([
      { choices: ['a', 'b'] },
      { rating: 4 },
      { text: 'More demos' },
    ]);
    expect(status('text')).toBe('Thanks, your answer waits for moderation.');
  });

  it('sends the answer of a channel page with its channel', async () => {
    await start([pollOf()], {}, 'hall-b');
    inputs()[1]!.checked = true;
    await submit();
    expect(votes()).toEqual([
      { url: '/launch/_polls/p1/vote?channel=hall-b', method: 'POST', body: { choices: ['b'] } },
    ]);
  });

  it('asks for a choice before sending anything', async () => {
    await start([pollOf()]);
    await submit();
    expect(votes()).toEqual([]);
    expect(status()).toBe('Please choose an answer first.');
  });

  it('says so when the poll closed meanwhile, and shows it closed', async () => {
    await start([pollOf()]);
    voteAnswer = () => json({ code: 409, message: 'pollClosed' }, 409);
    inputs()[0]!.checked = true;
    await submit();
    expect(status()).toBe('This poll has closed.');
    expect(card().querySelector('.lv-poll-status')!.classList).toContain('lv-error');
    expect(card().querySelector('form')).toBeNull();
    expect(card().querySelector('.lv-poll-head')!.textContent).toContain('Closed');
  });

  it('reads the polls again when the poll is gone', async () => {
    await start([pollOf()]);
    voteAnswer = () => json({ code: 404, message: 'notFound' }, 404);
    pollsAnswer = () => json({ polls: [], mine: {} });
    inputs()[0]!.checked = true;
    await submit();
    await settle();
    expect(sent.filter((request) => request.method === 'GET')).toHaveLength(2);
    expect(block().hidden).toBe(true);
  });

  it('shows a closed poll with the viewer’s answer and no form', async () => {
    await start([pollOf({ status: 'closed' })], { p1: voteOf({ choices: ['b'] }) });
    expect(card().querySelector('form')).toBeNull();
    expect(card().querySelector('.lv-poll-mine')!.textContent).toBe('Your answer: Paris');
  });
});

describe('the polls block on the live stream', () => {
  it('shows a launched poll and announces it; removes a removed one', async () => {
    await start([]);
    live('poll', pollOf());
    expect(block().hidden).toBe(false);
    expect(card().querySelector('h3')!.textContent).toBe('Where next year?');
    expect(news()).toBe('New poll: Where next year?');
    live('poll-removed', { id: 'p1' });
    expect(document.querySelector('.lv-poll')).toBeNull();
    expect(block().hidden).toBe(true);
  });

  it('shows the results as text and bars, announced when they appear, not on every tick', async () => {
    await start([pollOf()]);
    live('poll', pollOf({ resultsShown: true, results: resultsOf() }));
    const rows = () => Array.from(card().querySelectorAll('.lv-poll-result'));
    expect(rows().map((row) => row.querySelector('.lv-poll-result-label')!.textContent)).toEqual([
      'Berlin60% · 3 votes',
      'Paris40% · 2 votes',
    ]);
    expect(card().querySelector('.lv-poll-summary')!.textContent).toBe('5 answers');
    const bar = () => rows()[0]!.querySelector<HTMLElement>('.lv-poll-bar > span')!;
    expect(bar().style.width).toBe('60%');
    expect(rows()[0]!.querySelector('.lv-poll-bar')!.getAttribute('aria-hidden')).toBe('true');
    expect(news()).toBe('Results updated: Where next year?');

    document.querySelector('.lv-poll-news')!.textContent = '';
    const first = bar();
    const tick = resultsOf({ responses: 10, options: [{ id: 'a', votes: 1 }] });
    live('poll', pollOf({ resultsShown: true, results: tick }));
    expect(news()).toBe('');
    expect(bar()).toBe(first); // updated in place: the bar glides
    expect(bar().style.width).toBe('10%');
    expect(rows()[1]!.textContent).toContain('0% · 0 votes');
    expect(card().querySelector('.lv-poll-summary')!.textContent).toBe('10 answers');
  });

  it('keeps the viewer’s unsent choice and focus across a results tick', async () => {
    await start([pollOf({ resultsShown: true, results: resultsOf() })]);
    inputs()[1]!.checked = true;
    inputs()[1]!.focus();
    live('poll', pollOf({ resultsShown: true, results: resultsOf({ responses: 6 }) }));
    expect(inputs()[1]!.checked).toBe(true);
    expect(document.activeElement).toBe(inputs()[1]);
  });

  it('reveals a quiz: the correct options, the share who got it right and the viewer’s verdict', async () => {
    await start([pollOf({ quiz: true })], { p1: voteOf({ choices: ['b'] }) });
    expect(card().querySelector('.lv-poll-head')!.textContent).toContain('Quiz');
    expect(card().textContent).not.toContain('Correct');
    live(
      'poll',
      pollOf({
        quiz: true,
        status: 'closed',
        resultsShown: true,
        options: [options[0]!, { ...options[1]!, correct: true }],
        results: resultsOf({ correctShare: 0.4 }),
      }),
    );
    const correct = card().querySelectorAll('.lv-poll-result.lv-correct');
    expect(correct).toHaveLength(1);
    expect(correct[0]!.textContent).toContain('Paris✓ CorrectYour answer');
    expect(card().querySelector('.lv-poll-summary')!.textContent).toBe(
      '5 answers · 40% answered correctly',
    );
    expect(card().textContent).toContain('You got it right.');
    expect(news()).toBe('Results updated: Where next year?');
  });

  it('shows a rating’s average and the word cloud of approved answers', async () => {
    await start([
      pollOf({
        id: 'rating',
        kind: 'rating',
        options: [],
        resultsShown: true,
        results: resultsOf({ options: [], rating: { average: 4.5, counts: [0, 0, 0, 1, 1] } }),
      }),
      pollOf({
        id: 'text',
        kind: 'text',
        options: [],
        resultsShown: true,
        results: resultsOf({
          options: [],
          words: [
            { word: 'demos', count: 4 },
            { word: 'coffee', count: 2 },
          ],
        }),
      }),
    ]);
    expect(card('rating').querySelector('.lv-poll-summary')!.textContent).toBe(
      '5 answers · Average: 4.5 of 5',
    );
    expect(card('rating').querySelectorAll('.lv-poll-result')[3]!.textContent).toContain(
      '20% · 1 vote',
    );
    const cloud = card('text').querySelector('.lv-poll-words')!;
    expect(cloud.getAttribute('aria-label')).toBe('Answers from the audience');
    expect(Array.from(cloud.children, (word) => word.textContent)).toEqual(['demos4', 'coffee2']);
  });

  it('reads the polls again after a reset', async () => {
    await start([]);
    pollsAnswer = () => json({ polls: [pollOf()], mine: { p1: voteOf({ choices: ['a'] }) } });
    live('reset', {});
    await settle();
    expect(sent.filter((request) => request.method === 'GET')).toHaveLength(2);
    expect(inputs()[0]!.checked).toBe(true);
    expect(news()).toBe('New poll: Where next year?');
  });
});
