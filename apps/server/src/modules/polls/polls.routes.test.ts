import { randomUUID } from 'node:crypto';
import {
  ERROR_MESSAGES,
  FREE_PLAN_POLLS,
  type EventListItem,
  type Poll,
  type PollResultsDetail,
} from '@livent/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerVerified, type SignedInUser } from '../../test/accounts.js';
import { callAs, createEvent, setPlan, type Method } from '../../test/events.js';
import { addPoll, choicePoll, movePoll, pageEntriesOf } from '../../test/polls.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

// The organisers' polls (ADR 058): writing, launching and closing them, validation, plan
// gating, and the page entries that tell open pages (ADR 057).

describe('polls API (organisers)', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let owner: SignedInUser;
  let event: EventListItem;

  beforeAll(async () => {
    testApp = await buildTestApp();
    app = testApp.app;
    owner = await registerVerified(app);
  });
  afterAll(async () => testApp.cleanup());
  beforeEach(async () => {
    await setPlan(app, owner.user.id, 'professional');
    await app.db.deleteFrom('events').where('owner_id', '=', owner.user.id).execute();
    event = await createEvent(app, owner, 'Polls');
  });

  const call = (method: Method, path: string, payload?: object) =>
    callAs(app, owner, method, `/events/${event.id}/polls${path}`, payload);
  const add = (input: object = choicePoll()) => addPoll(app, owner, event.id, input);
  const move = (pollId: string, to: 'launch' | 'close') =>
    movePoll(app, owner, event.id, pollId, to);
  const questions = async () =>
    (await call('GET', '')).json<{ polls: Poll[] }>().polls.map((poll) => poll.question);

  it('creates, lists in order, changes, reorders and deletes polls', async () => {
    const first = await add(choicePoll('First?'));
    expect(first).toMatchObject({
      kind: 'single',
      question: 'First?',
      quiz: false,
      channelId: null,
      status: 'draft',
      resultsShown: false,
      position: 0,
      responses: 0,
      launchedAt: null,
      closedAt: null,
    });
    expect(first.options.map((option) => [option.text, option.correct])).toEqual([
      ['Keynote', false],
      ['Panel', false],
      ['Workshop', false],
    ]);
    const second = await add({ kind: 'rating', question: 'How was it?' });
    const third = await add({ kind: 'text', question: 'One word?' });
    expect(await questions()).toEqual(['First?', 'How was it?', 'One word?']);

    // Kept ids keep their options; a new one gets a fresh id.
    const [keynote, panel] = first.options;
    const changed = await call('PATCH', `/${first.id}`, {
      question: 'Which one?',
      kind: 'multiple',
      options: [
        { id: panel!.id, text: 'Panel talk' },
        { id: keynote!.id, text: 'Keynote' },
        { text: 'Lunch' },
      ],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const options = changed.json<Poll>().options;
    expect(options.slice(0, 2).map((option) => option.id)).toEqual([panel!.id, keynote!.id]);
    expect(options[2]!.id).not.toEqual(first.options[2]!.id);
    expect(changed.json<Poll>()).toMatchObject({ kind: 'multiple', question: 'Which one?' });

    const ordered = await call('PUT', '/order', { ids: [third.id, first.id, second.id] });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect(ordered.json<{ polls: Poll[] }>().polls.map((poll) => [poll.id, poll.position])).toEqual(
      [
        [third.id, 0],
        [first.id, 1],
        [second.id, 2],
      ],
    );
    for (const ids of [
      [third.id, first.id],
      [third.id, first.id, first.id],
      [third.id, first.id, randomUUID()],
    ]) {
      const refused = await call('PUT', '/order', { ids });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({ ids: 'validation.invalid' });
    }

    expect((await call('DELETE', `/${third.id}`)).statusCode).toBe(204);
    const rest = (await call('GET', '')).json<{ polls: Poll[] }>().polls;
    expect(rest.map((poll) => [poll.id, poll.position])).toEqual([
      [first.id, 0],
      [second.id, 1],
    ]);
    // A poll of another event, or none, is not found.
    const other = await createEvent(app, owner, 'Other');
    const foreign = await addPoll(app, owner, other.id);
    for (const id of [foreign.id, randomUUID()]) {
      const response = await call('PATCH', `/${id}`, { question: 'Mine?' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 404, message: ERROR_MESSAGES.pollNotFound });
    }
  });

  it('validates the kind, the options and quiz mode', async () => {
    const cases: [object, Record<string, string>][] = [
      [
        { ...choicePoll(), options: [{ text: 'Only' }] },
        { options: 'validation.minEntries?min=2' },
      ],
      [
        { ...choicePoll(), options: [{ text: 'Same' }, { text: 'same' }] },
        { 'options.1.text': 'validation.inUse' },
      ],
      [
        { kind: 'rating', question: 'Rate', options: [{ text: 'A' }, { text: 'B' }] },
        { options: 'validation.maxEntries?max=0' },
      ],
      [{ kind: 'text', question: 'Say', quiz: true }, { quiz: 'validation.invalid' }],
      [{ ...choicePoll(), quiz: true }, { options: 'validation.quizCorrectOption' }],
      [
        {
          ...choicePoll(),
          quiz: true,
          options: [
            { text: 'A', correct: true },
            { text: 'B', correct: true },
          ],
        },
        { options: 'validation.maxEntries?max=1' },
      ],
      [{ ...choicePoll(), channelId: randomUUID() }, { channelId: 'validation.invalid' }],
      [{ ...choicePoll(), question: ' ' }, { question: 'validation.required' }],
      [
        { ...choicePoll(), options: Array.from({ length: 11 }, (_, i) => ({ text: `O${i}` })) },
        { options: 'validation.maxEntries?max=10' },
      ],
      [{ ...choicePoll(), status: 'live' }, { status: 'validation.unknownField' }],
    ];
    for (const [payload, errors] of cases) {
      const response = await call('POST', '', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors, JSON.stringify(payload)).toEqual(errors);
    }
    expect(await questions()).toEqual([]);
    // A quiz keeps its correct options; a poll outside quiz mode has none.
    const quiz = await add({
      kind: 'multiple',
      question: 'Which are prime?',
      quiz: true,
      options: [{ text: '2', correct: true }, { text: '3', correct: true }, { text: '4' }],
    });
    expect(quiz.options.map((option) => option.correct)).toEqual([true, true, false]);
    const plain = await add({
      ...choicePoll(),
      options: [{ text: 'A', correct: true }, { text: 'B' }],
    });
    expect(plain.options.map((option) => option.correct)).toEqual([false, false]);
  });

  it('launches and closes, refusing the wrong state and shape changes after launch', async () => {
    const poll = await add();
    expect((await call('POST', `/${poll.id}/close`)).statusCode).toBe(409);
    const live = await move(poll.id, 'launch');
    expect(live).toMatchObject({ status: 'live', closedAt: null });
    expect(live.launchedAt).toEqual(expect.any(String));
    const again = await call('POST', `/${poll.id}/launch`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 409, message: ERROR_MESSAGES.pollTransitionNotAllowed });

    for (const patch of [
      { kind: 'multiple' },
      { options: [{ text: 'A' }, { text: 'B' }] },
      { quiz: true },
    ]) {
      const refused = await call('PATCH', `/${poll.id}`, patch);
      expect(refused.statusCode, JSON.stringify(patch)).toBe(409);
      expect(refused.json()).toEqual({ code: 409, message: ERROR_MESSAGES.pollLaunched });
    }
    // Sent as stored (a form sends what it shows), with the question changed: fine.
    const same = await call('PATCH', `/${poll.id}`, {
      kind: 'single',
      options: poll.options,
      quiz: false,
      question: 'Which talk is next?',
      resultsShown: true,
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json<Poll>()).toMatchObject({
      question: 'Which talk is next?',
      resultsShown: true,
    });

    const closed = await move(poll.id, 'close');
    expect(closed.status).toBe('closed');
    expect(closed.closedAt).toEqual(expect.any(String));
    expect((await move(poll.id, 'launch')).status).toBe('live');
  });

  it('counts results with every open answer and moderates them', async () => {
    const poll = await add({ kind: 'text', question: 'One word?' });
    await move(poll.id, 'launch');
    const at = new Date().toISOString();
    await app.db
      .insertInto('poll_votes')
      .values(
        ['Great talks', 'great food', 'Too long'].map((text, index) => ({
          id: randomUUID(),
          poll_id: poll.id,
          viewer_id: `viewer-${index}`,
          text,
          text_status: 'pending',
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    const results = (await call('GET', `/${poll.id}/results`)).json<PollResultsDetail>();
    expect(results).toMatchObject({ pollId: poll.id, responses: 3, words: [], rating: null });
    expect(results.answers.map((answer) => [answer.text, answer.status])).toHaveLength(3);
    for (const answer of results.answers.filter((one) => one.text !== 'Too long')) {
      const approved = await call('PATCH', `/${poll.id}/answers/${answer.id}`, {
        status: 'approved',
      });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json()).toMatchObject({ id: answer.id, status: 'approved' });
    }
    const after = (await call('GET', `/${poll.id}/results`)).json<PollResultsDetail>();
    expect(after.words).toEqual([
      { word: 'great', count: 2 },
      { word: 'food', count: 1 },
      { word: 'talks', count: 1 },
    ]);
    expect(
      (await call('PATCH', `/${poll.id}/answers/${randomUUID()}`, { status: 'approved' }))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', '')).json<{ polls: Poll[] }>().polls[0]!.responses).toBe(3);
  });

  it('tells open pages of launches, changes, closes and deletes, on the poll’s channel', async () => {
    const channel = await callAs(app, owner, 'POST', `/events/${event.id}/channels`, {
      slug: 'de',
      title: 'Deutsch',
    });
    const channelId = channel.json<{ id: string }>().id;
    const poll = await add(choicePoll('Where?', { channelId }));
    const draftOnly = await add(choicePoll('Draft'));
    await call('PATCH', `/${draftOnly.id}`, { question: 'Still a draft' });
    expect(await pageEntriesOf(app, event.id)).toEqual([]);

    await move(poll.id, 'launch');
    await call('PATCH', `/${poll.id}`, { resultsShown: true });
    await move(poll.id, 'close');
    await call('PATCH', `/${poll.id}`, { resultsShown: false });
    await move(poll.id, 'launch');
    await call('PATCH', `/${poll.id}`, { channelId: null });
    await call('DELETE', `/${poll.id}`);
    const entries = await pageEntriesOf(app, event.id);
    expect(
      entries.map((entry) => [entry.kind, entry.channelId, entry.data.status ?? null]),
    ).toEqual([
      ['poll', channelId, 'live'],
      ['poll', channelId, 'live'],
      ['poll', channelId, 'closed'],
      // A closed poll without its results shown leaves the page.
      ['poll-removed', channelId, null],
      ['poll', channelId, 'live'],
      // Moved to every page: first off the channel's page.
      ['poll-removed', channelId, null],
      ['poll', null, 'live'],
      ['poll-removed', null, null],
    ]);
    expect(entries[0]!.data).toMatchObject({ id: poll.id, results: null, resultsShown: false });
    expect(entries[1]!.data).toMatchObject({
      resultsShown: true,
      results: { pollId: poll.id, responses: 0 },
    });
    expect(entries[3]!.data).toEqual({ id: poll.id });
  });

  it(`allows ${FREE_PLAN_POLLS} polls and no quiz without a paid plan`, async () => {
    await setPlan(app, owner.user.id, 'free');
    const quiz = {
      ...choicePoll(),
      quiz: true,
      options: [{ text: 'A', correct: true }, { text: 'B' }],
    };
    const refusedQuiz = await call('POST', '', quiz);
    expect(refusedQuiz.statusCode).toBe(400);
    expect(refusedQuiz.json()).toEqual({
      code: 400,
      message: ERROR_MESSAGES.featureNotAvailable,
      errors: { quiz: 'validation.planQuiz' },
    });
    const polls = [];
    for (let index = 0; index < FREE_PLAN_POLLS; index += 1) polls.push(await add());
    const refused = await call('POST', '', choicePoll());
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: 400,
      message: ERROR_MESSAGES.featureNotAvailable,
      errors: { polls: `validation.planPolls?max=${FREE_PLAN_POLLS}` },
    });
    const patched = await call('PATCH', `/${polls[0]!.id}`, { quiz: true, options: quiz.options });
    expect(patched.statusCode).toBe(400);
    expect(patched.json().errors).toEqual({ quiz: 'validation.planQuiz' });

    await setPlan(app, owner.user.id, 'professional');
    await add();
    expect(
      (await call('PATCH', `/${polls[0]!.id}`, { quiz: true, options: quiz.options })).statusCode,
    ).toBe(200);
    // A quiz kept after the plan lapsed may still be edited.
    await setPlan(app, owner.user.id, 'free');
    expect(
      (await call('PATCH', `/${polls[0]!.id}`, { question: 'Still a quiz?' })).statusCode,
    ).toBe(200);
  });
  it("exports every poll's results as CSV in the user's delimiter and language, formulas neutralised", async () => {
    const quiz = await add({
      kind: 'multiple',
      question: '=Which are prime?',
      quiz: true,
      options: [{ text: '2', correct: true }, { text: '3', correct: true }, { text: '+4' }],
    });
    const rating = await add({ kind: 'rating', question: 'How was it?' });
    const text = await add({ kind: 'text', question: 'One word?' });
    await add({ kind: 'text', question: 'Nobody answered' });
    const at = new Date().toISOString();
    const [two, three, four] = quiz.options.map((option) => option.id);
    const votes = [
      { poll_id: quiz.id, choices: JSON.stringify([two, three]) },
      { poll_id: quiz.id, choices: JSON.stringify([two, four]) },
      { poll_id: quiz.id, choices: JSON.stringify([two]) },
      { poll_id: rating.id, rating: 5 },
      { poll_id: rating.id, rating: 4 },
      { poll_id: text.id, text: 'Great', text_status: 'approved' },
      { poll_id: text.id, text: 'great ', text_status: 'approved' },
      { poll_id: text.id, text: '@mention', text_status: 'approved' },
      { poll_id: text.id, text: 'Not shown', text_status: 'pending' },
    ];
    await app.db
      .insertInto('poll_votes')
      .values(
        votes.map((vote) => ({
          id: randomUUID(),
          viewer_id: randomUUID(),
          created_at: at,
          updated_at: at,
          ...vote,
        })),
      )
      .execute();
    await callAs(app, owner, 'PATCH', '/settings', { csvDelimiter: ';' });
    try {
      const response = await app.inject({
        method: 'GET',
        url: `/api/events/${event.id}/polls.csv`,
        headers: { ...owner.headers, 'accept-language': 'en' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="polls-${event.slug}.csv"`,
      );
      const lines = response.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines).toEqual([
        'Question;Kind;Status;Answer;Votes;Share;Correct',
        "'=Which are prime?;Multiple choice;Draft;2;3;100%;yes",
        "'=Which are prime?;Multiple choice;Draft;3;1;33.3%;yes",
        "'=Which are prime?;Multiple choice;Draft;'+4;1;33.3%;no",
        'How was it?;Rating;Draft;1;0;0%;',
        'How was it?;Rating;Draft;2;0;0%;',
        'How was it?;Rating;Draft;3;0;0%;',
        'How was it?;Rating;Draft;4;1;50%;',
        'How was it?;Rating;Draft;5;1;50%;',
        // Identical answers count together, spelt as the first one read.
        expect.stringMatching(/^One word\?;Open text;Draft;(Great|great);2;50%;$/),
        "One word?;Open text;Draft;'@mention;1;25%;",
        'Nobody answered;Open text;Draft;;0;;',
      ]);
      const german = await app.inject({
        method: 'GET',
        url: `/api/events/${event.id}/polls.csv`,
        headers: { ...owner.headers, 'accept-language': 'de' },
      });
      const [header, first] = german.body.replace(/^\uFEFF/, '').split('\r\n');
      expect(header).toBe('Frage;Art;Status;Antwort;Stimmen;Anteil;Richtig');
      expect(first).toBe("'=Which are prime?;Mehrfachauswahl;Entwurf;2;3;100\u00a0%;ja");
    } finally {
      await callAs(app, owner, 'PATCH', '/settings', { csvDelimiter: ',' });
    }
  });
});
