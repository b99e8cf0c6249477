import { ERROR_MESSAGES, type Poll, type ViewerPolls, type ViewerVoteAnswer } from '@livent/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { abuseLimits } from '../../../lib/abuse-limits.js';
import { registerVerified, type SignedInUser } from '../../../test/accounts.js';
import { callAs, setPlan } from '../../../test/events.js';
import { addPoll, choicePoll, movePoll, pageEntriesOf } from '../../../test/polls.js';
import { testClock } from '../../../test/clock.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { insertChannel, insertEvent, onEventsHost, type TestEvent } from '../public.fixtures.js';

// The viewers' side of polls (ADR 058): what a page shows, votes of every kind, one answer per
// viewer, quiz reveal, and results that reach open pages at most once a second.

const RESULTS_INTERVAL_MS = 300;

describe('viewer polls', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let owner: SignedInUser;
  let event: TestEvent;
  // The counts pages read are reused by this clock's time; the results' timer runs in real time.
  const clock = testClock(new Date());

  beforeAll(async () => {
    testApp = await buildTestApp(
      {},
      {
        abuseLimits: abuseLimits({ viewerVotesPerViewer: 200, viewerVotesPerAddress: 1000 }),
        pollResults: { intervalMs: RESULTS_INTERVAL_MS },
        now: clock.now,
      },
    );
    app = testApp.app;
    owner = await registerVerified(app);
    await setPlan(app, owner.user.id, 'professional');
  });
  afterAll(async () => testApp.cleanup());
  beforeEach(async () => {
    event = await insertEvent(app, owner.user.id);
  });

  const add = (input: object = choicePoll()) => addPoll(app, owner, event.id, input);
  const move = (pollId: string, to: 'launch' | 'close') =>
    movePoll(app, owner, event.id, pollId, to);
  const patch = async (pollId: string, body: object) => {
    const response = await callAs(app, owner, 'PATCH', `/events/${event.id}/polls/${pollId}`, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Poll>();
  };
  const vote = (pollId: string, body: object, cookie?: string, channel?: string) =>
    onEventsHost(
      app,
      `/${event.slug}/_polls/${pollId}/vote${channel ? `?channel=${channel}` : ''}`,
      {
        method: 'POST',
        payload: body,
        headers: cookie ? { cookie } : {},
      },
    );
  const read = async (cookie?: string, channel?: string) => {
    const response = await onEventsHost(
      app,
      `/${event.slug}/_polls${channel ? `?channel=${channel}` : ''}`,
      { headers: cookie ? { cookie } : {} },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    // The dashboard's sandboxed preview reads it from an opaque origin, never with cookies.
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    return response.json<ViewerPolls>();
  };
  /** A vote that must be stored, with the viewer cookie it set (or was given). */
  const voted = async (pollId: string, body: object, cookie?: string) => {
    const response = await vote(pollId, body, cookie);
    expect(response.statusCode, response.body).toBe(200);
    const set = response.headers['set-cookie'];
    return {
      answer: response.json<ViewerVoteAnswer>(),
      cookie: cookie ?? String(set).split(';')[0]!,
    };
  };
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('shows live polls and closed ones with results shown, per channel, with my answers', async () => {
    const channelId = await insertChannel(app, event.id, { slug: 'de', title: 'Deutsch' });
    const everywhere = await add(choicePoll('Everywhere'));
    const onChannel = await add(choicePoll('Channel only', { channelId }));
    const draft = await add(choicePoll('Draft'));
    const closedHidden = await add(choicePoll('Closed, hidden'));
    const closedShown = await add(choicePoll('Closed, shown'));
    for (const poll of [everywhere, onChannel, closedHidden, closedShown])
      await move(poll.id, 'launch');
    for (const poll of [closedHidden, closedShown]) await move(poll.id, 'close');
    await patch(closedShown.id, { resultsShown: true });

    const main = await read();
    expect(main.polls.map((poll) => poll.question)).toEqual(['Everywhere', 'Closed, shown']);
    expect(main.mine).toEqual({});
    expect((await read(undefined, 'de')).polls.map((poll) => poll.question)).toEqual([
      'Everywhere',
      'Channel only',
      'Closed, shown',
    ]);
    expect(main.polls[1]).toMatchObject({
      status: 'closed',
      resultsShown: true,
      results: { responses: 0 },
    });
    expect(main.polls[0]).toMatchObject({ status: 'live', results: null });

    // The channel's poll takes votes on its page only; a draft takes none.
    const choice = { choices: [onChannel.options[0]!.id] };
    expect((await vote(onChannel.id, choice)).statusCode).toBe(404);
    expect((await vote(onChannel.id, choice, undefined, 'de')).statusCode).toBe(200);
    const refused = await vote(draft.id, { choices: [draft.options[0]!.id] });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ code: 404, message: ERROR_MESSAGES.pollNotFound });

    const { cookie } = await voted(everywhere.id, { choices: [everywhere.options[1]!.id] });
    expect((await read(cookie)).mine).toEqual({
      [everywhere.id]: {
        choices: [everywhere.options[1]!.id],
        rating: null,
        text: null,
        textStatus: null,
      },
    });
  });

  it('takes one answer per viewer of each kind, changeable until the poll closes', async () => {
    const single = await add();
    const multiple = await add(choicePoll('Which?', { kind: 'multiple' }));
    const rating = await add({ kind: 'rating', question: 'How was it?' });
    const text = await add({ kind: 'text', question: 'One word?' });
    for (const poll of [single, multiple, rating, text]) await move(poll.id, 'launch');
    const [a, b] = single.options;

    const first = await voted(single.id, { choices: [a!.id] });
    expect(first.answer.vote).toEqual({
      choices: [a!.id],
      rating: null,
      text: null,
      textStatus: null,
    });
    expect(first.answer.poll).toMatchObject({ id: single.id, status: 'live', results: null });
    const { cookie } = first;
    await voted(single.id, { choices: [b!.id] }, cookie);
    const multi = await voted(
      multiple.id,
      { choices: multiple.options.slice(0, 2).map((o) => o.id) },
      cookie,
    );
    expect(multi.answer.vote.choices).toHaveLength(2);
    expect((await voted(rating.id, { rating: 4 }, cookie)).answer.vote.rating).toBe(4);
    expect((await voted(text.id, { text: 'Inspiring' }, cookie)).answer.vote).toEqual({
      choices: [],
      rating: null,
      text: 'Inspiring',
      textStatus: 'pending',
    });

    const bad: [string, object, Record<string, string>][] = [
      [single.id, { choices: [a!.id, b!.id] }, { choices: 'validation.invalid' }],
      [single.id, { choices: ['nope'] }, { choices: 'validation.invalid' }],
      [multiple.id, { choices: [] }, { choices: 'validation.required' }],
      [rating.id, { rating: 6 }, { rating: 'validation.maxValue?max=5' }],
      [rating.id, { choices: [a!.id] }, { rating: 'validation.required' }],
      [text.id, {}, { text: 'validation.required' }],
    ];
    for (const [pollId, body, errors] of bad) {
      const response = await vote(pollId, body, cookie);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors).toEqual(errors);
    }
    const results = await callAs(
      app,
      owner,
      'GET',
      `/events/${event.id}/polls/${single.id}/results`,
    );
    expect(results.json()).toMatchObject({
      responses: 1,
      options: [
        { id: a!.id, votes: 0 },
        { id: b!.id, votes: 1 },
        { id: single.options[2]!.id, votes: 0 },
      ],
    });

    await move(single.id, 'close');
    const closed = await vote(single.id, { choices: [a!.id] }, cookie);
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toEqual({ code: 409, message: ERROR_MESSAGES.pollNotLive });
    // A relaunch keeps the votes.
    await move(single.id, 'launch');
    expect((await read(cookie)).mine[single.id]!.choices).toEqual([b!.id]);
  });

  it('stores one answer per viewer under concurrent votes', async () => {
    const poll = await add();
    await move(poll.id, 'launch');
    const { cookie } = await voted(poll.id, { choices: [poll.options[0]!.id] });
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        vote(poll.id, { choices: [poll.options[index % 3]!.id] }, cookie),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(12).fill(200));
    const rows = await app.db
      .selectFrom('poll_votes')
      .selectAll()
      .where('poll_id', '=', poll.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('reveals a quiz’s correct options only when closed with results shown', async () => {
    const quiz = await add({
      kind: 'multiple',
      question: 'Which are prime?',
      quiz: true,
      options: [{ text: '2', correct: true }, { text: '3', correct: true }, { text: '4' }],
    });
    await move(quiz.id, 'launch');
    const [two, three, four] = quiz.options.map((option) => option.id);
    const right = await voted(quiz.id, { choices: [three!, two!] });
    await voted(quiz.id, { choices: [two!] });
    await voted(quiz.id, { choices: [two!, three!, four!] });
    expect(right.answer.poll.options.map((option) => option.correct)).toEqual([
      false,
      false,
      false,
    ]);
    await patch(quiz.id, { resultsShown: true });
    const live = (await read()).polls[0]!;
    expect(live.options.map((option) => option.correct)).toEqual([false, false, false]);
    await move(quiz.id, 'close');
    clock.advance(RESULTS_INTERVAL_MS);
    const revealed = (await read()).polls[0]!;
    expect(revealed.options.map((option) => option.correct)).toEqual([true, true, false]);
    expect(revealed.results).toMatchObject({
      responses: 3,
      correctShare: 1 / 3,
      options: [
        { id: two, votes: 3 },
        { id: three, votes: 2 },
        { id: four, votes: 1 },
      ],
    });
  });

  it('sends results to open pages at most once an interval, however many vote', async () => {
    const poll = await add({ kind: 'rating', question: 'How was it?' });
    await move(poll.id, 'launch');
    await patch(poll.id, { resultsShown: true });
    const before = (await pageEntriesOf(app, event.id)).length;
    const started = Date.now();
    for (let index = 0; index < 50; index += 1) {
      await voted(poll.id, { rating: (index % 5) + 1 });
    }
    const elapsed = Date.now() - started;
    await sleep(RESULTS_INTERVAL_MS + 100);
    const entries = (await pageEntriesOf(app, event.id)).slice(before);
    expect(entries.length).toBeGreaterThanOrEqual(1);
    expect(entries.length).toBeLessThanOrEqual(Math.ceil(elapsed / RESULTS_INTERVAL_MS) + 1);
    const last = entries.at(-1)!;
    expect(last.kind).toBe('poll');
    expect(last.data).toMatchObject({
      id: poll.id,
      results: { responses: 50, rating: { average: 3, counts: [10, 10, 10, 10, 10] } },
    });
    // Results not shown: votes write no entries.
    await patch(poll.id, { resultsShown: false });
    const hidden = (await pageEntriesOf(app, event.id)).length;
    await voted(poll.id, { rating: 5 });
    await sleep(RESULTS_INTERVAL_MS + 100);
    expect(await pageEntriesOf(app, event.id)).toHaveLength(hidden);
  });

  it('reuses the counts pages read for an interval', async () => {
    const poll = await add({ kind: 'rating', question: 'Rate it' });
    await move(poll.id, 'launch');
    await patch(poll.id, { resultsShown: true });
    await voted(poll.id, { rating: 5 });
    clock.advance(RESULTS_INTERVAL_MS);
    expect((await read()).polls[0]!.results!.responses).toBe(1);
    await voted(poll.id, { rating: 1 });
    // Counted a moment ago: a burst of pages reading their state counts the poll once.
    expect((await read()).polls[0]!.results!.responses).toBe(1);
    clock.advance(RESULTS_INTERVAL_MS);
    expect((await read()).polls[0]!.results).toMatchObject({
      responses: 2,
      rating: { average: 3 },
    });
  });

  it('shows approved open answers as words once moderated', async () => {
    const poll = await add({ kind: 'text', question: 'One word?' });
    await move(poll.id, 'launch');
    await patch(poll.id, { resultsShown: true });
    const { cookie } = await voted(poll.id, { text: 'Brilliant speakers' });
    await voted(poll.id, { text: 'The speakers were great' });
    const detail = await callAs(app, owner, 'GET', `/events/${event.id}/polls/${poll.id}/results`);
    const answers = detail.json<{ answers: { id: string }[] }>().answers;
    for (const answer of answers) {
      const response = await callAs(
        app,
        owner,
        'PATCH',
        `/events/${event.id}/polls/${poll.id}/answers/${answer.id}`,
        {
          status: 'approved',
        },
      );
      expect(response.statusCode).toBe(200);
    }
    const entries = await pageEntriesOf(app, event.id);
    expect(entries.at(-1)!.data).toMatchObject({
      results: {
        words: [
          { word: 'speakers', count: 2 },
          { word: 'brilliant', count: 1 },
          { word: 'great', count: 1 },
        ],
      },
    });
    expect((await read(cookie)).mine[poll.id]!.textStatus).toBe('approved');
    // A changed answer waits for moderation again.
    await voted(poll.id, { text: 'Brilliant' }, cookie);
    expect((await read(cookie)).mine[poll.id]!.textStatus).toBe('pending');
  });

  it('keeps polls behind the event’s gate and limits votes', async () => {
    const gated = await insertEvent(app, owner.user.id, { accessMode: 'code', accessCode: 'x1' });
    const response = await onEventsHost(app, `/${gated.slug}/_polls`);
    expect(response.statusCode).toBe(403);
    expect((await onEventsHost(app, '/no-such-event/_polls')).statusCode).toBe(404);

    const limited = await buildTestApp(
      {},
      { abuseLimits: abuseLimits({ viewerVotesPerViewer: 2, viewerVotesPerAddress: 1000 }) },
    );
    try {
      const limitedOwner = await registerVerified(limited.app);
      const limitedEvent = await insertEvent(limited.app, limitedOwner.user.id);
      const poll = await addPoll(limited.app, limitedOwner, limitedEvent.id);
      await movePoll(limited.app, limitedOwner, limitedEvent.id, poll.id, 'launch');
      const url = `/${limitedEvent.slug}/_polls/${poll.id}/vote`;
      const payload = { choices: [poll.options[0]!.id] };
      const first = await onEventsHost(limited.app, url, { method: 'POST', payload });
      const cookie = String(first.headers['set-cookie']).split(';')[0]!;
      const codes = [];
      for (let index = 0; index < 2; index += 1) {
        codes.push(
          (await onEventsHost(limited.app, url, { method: 'POST', payload, headers: { cookie } }))
            .statusCode,
        );
      }
      expect([first.statusCode, ...codes]).toEqual([200, 200, 429]);
    } finally {
      await limited.cleanup();
    }
  });
});
