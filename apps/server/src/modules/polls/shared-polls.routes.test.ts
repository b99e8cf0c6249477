import { ERROR_MESSAGES, type EventListItem, type Poll } from '@livent/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerVerified, type SignedInUser } from '../../test/accounts.js';
import { callAs, createEvent, setPlan } from '../../test/events.js';
import { renewGuestToken } from '../../test/messages.js';
import { choicePoll, pageEntriesOf } from '../../test/polls.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

// Guest moderators run an event's polls with the messages share link's token (ADR 025, ADR 058):
// the organisers' operations, on that event only, every refusal a 404.

describe('shared polls API (guest moderators)', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let owner: SignedInUser;
  let event: EventListItem;
  let token: string;

  beforeAll(async () => {
    testApp = await buildTestApp();
    app = testApp.app;
    owner = await registerVerified(app);
  });
  afterAll(async () => testApp.cleanup());
  beforeEach(async () => {
    await setPlan(app, owner.user.id, 'free');
    await app.db.deleteFrom('events').where('owner_id', '=', owner.user.id).execute();
    event = await createEvent(app, owner, 'Town hall');
    token = await renewGuestToken(app, owner, event.id);
  });

  const guest = (
    method: InjectOptions['method'],
    path: string,
    options: { token?: string; payload?: object } = {},
  ) =>
    app.inject({
      method,
      url: `/api/shared/polls/${event.id}${path}`,
      headers: { 'token-authorization': options.token ?? token },
      ...(options.payload ? { payload: options.payload } : {}),
    });

  it('writes, launches, closes and moderates polls like the organisers', async () => {
    const created = await guest('POST', '', { payload: choicePoll() });
    expect(created.statusCode, created.body).toBe(201);
    const poll = created.json<Poll>();
    const text = (
      await guest('POST', '', { payload: { kind: 'text', question: 'Word?' } })
    ).json<Poll>();
    expect(
      (await guest('PUT', '/order', { payload: { ids: [text.id, poll.id] } })).statusCode,
    ).toBe(200);
    expect(
      (await guest('PATCH', `/${poll.id}`, { payload: { resultsShown: true } })).statusCode,
    ).toBe(200);
    expect((await guest('POST', `/${poll.id}/launch`)).json<Poll>().status).toBe('live');
    expect((await guest('POST', `/${poll.id}/close`)).json<Poll>().status).toBe('closed');
    expect((await guest('POST', `/${poll.id}/close`)).statusCode).toBe(409);
    expect((await guest('GET', `/${poll.id}/results`)).json()).toMatchObject({
      pollId: poll.id,
      answers: [],
    });
    expect((await guest('DELETE', `/${text.id}`)).statusCode).toBe(204);

    // The organisers see the guest's work; open pages were told.
    const list = await callAs(app, owner, 'GET', `/events/${event.id}/polls`);
    expect(list.json<{ polls: Poll[] }>().polls.map((one) => [one.id, one.status])).toEqual([
      [poll.id, 'closed'],
    ]);
    expect((await pageEntriesOf(app, event.id)).map((entry) => entry.kind)).toEqual([
      'poll',
      'poll',
    ]);
    // The owner's plan holds for guests too: no quiz on the free plan.
    const quiz = await guest('POST', '', {
      payload: {
        ...choicePoll(),
        quiz: true,
        options: [{ text: 'A', correct: true }, { text: 'B' }],
      },
    });
    expect(quiz.statusCode).toBe(400);
    expect(quiz.json().errors).toEqual({ quiz: 'validation.planQuiz' });
  });

  it('answers 404 to a wrong, renewed or other event’s token', async () => {
    const renewed = await renewGuestToken(app, owner, event.id);
    const expired = await guest('GET', '', { token });
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual({ code: 404, message: ERROR_MESSAGES.tokenExpired });
    const wrong = await guest('POST', '', { token: 'not-the-token', payload: choicePoll() });
    expect(wrong.json()).toEqual({ code: 404, message: ERROR_MESSAGES.tokenNotFound });
    const other = await createEvent(app, owner, 'Other');
    const otherToken = await renewGuestToken(app, owner, other.id);
    expect((await guest('GET', '', { token: otherToken })).json()).toEqual({
      code: 404,
      message: ERROR_MESSAGES.tokenNotFound,
    });
    expect((await guest('GET', '', { token: renewed })).statusCode).toBe(200);
    const rows = await app.db
      .selectFrom('polls')
      .select('id')
      .where('event_id', '=', event.id)
      .execute();
    expect(rows).toEqual([]);
  });
});
