import { randomUUID } from 'node:crypto';
import type { Poll, PollInput, PollKind, PollStatus } from '@livent/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { SignedInUser } from './accounts.js';
import { callAs } from './events.js';

/** Test helpers of the polls API tests (organisers, guests and viewers). */

export const choicePoll = (question = 'Which talk next?', extra: Partial<PollInput> = {}) => ({
  kind: 'single' as const,
  question,
  options: [{ text: 'Keynote' }, { text: 'Panel' }, { text: 'Workshop' }],
  ...extra,
});

/** `POST /api/events/{id}/polls` expecting 201. */
export async function addPoll(
  app: FastifyInstance,
  user: SignedInUser,
  eventId: string,
  input: object = choicePoll(),
): Promise<Poll> {
  const response = await callAs(app, user, 'POST', `/events/${eventId}/polls`, input);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Poll>();
}

/** `POST .../launch` (or `close`) expecting 200. */
export async function movePoll(
  app: FastifyInstance,
  user: SignedInUser,
  eventId: string,
  pollId: string,
  to: 'launch' | 'close',
): Promise<Poll> {
  const response = await callAs(app, user, 'POST', `/events/${eventId}/polls/${pollId}/${to}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Poll>();
}

/** The page log's entries of an event, oldest first, their data read. */
export async function pageEntriesOf(app: FastifyInstance, eventId: string) {
  const rows = await app.db
    .selectFrom('page_log')
    .select(['kind', 'channel_id', 'data'])
    .where('event_id', '=', eventId)
    .orderBy('seq')
    .execute();
  return rows.map((row) => ({
    kind: row.kind,
    channelId: row.channel_id,
    data: JSON.parse(row.data) as Record<string, unknown>,
  }));
}

/** A poll straight into the table (as the matrix and the fuzz tier need many), answering its id. */
export async function seedPoll(
  app: FastifyInstance,
  eventId: string,
  fields: { kind?: PollKind; status?: PollStatus } = {},
): Promise<string> {
  const id = randomUUID();
  const at = new Date().toISOString();
  const kind = fields.kind ?? 'single';
  const options =
    kind === 'single' || kind === 'multiple'
      ? [
          { id: randomUUID(), text: 'Yes', correct: false },
          { id: randomUUID(), text: 'No', correct: false },
        ]
      : [];
  const last = await app.db
    .selectFrom('polls')
    .select((eb) => eb.fn.max('position').as('last'))
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  await app.db
    .insertInto('polls')
    .values({
      id,
      event_id: eventId,
      channel_id: null,
      kind,
      question: 'Seeded?',
      options: JSON.stringify(options),
      quiz: 0,
      status: fields.status ?? 'draft',
      results_shown: 0,
      position: last?.last === null || last?.last === undefined ? 0 : Number(last.last) + 1,
      launched_at: fields.status && fields.status !== 'draft' ? at : null,
      closed_at: fields.status === 'closed' ? at : null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

/** A live text poll with one open answer, pending moderation. */
export async function seedPollAnswer(
  app: FastifyInstance,
  eventId: string,
): Promise<{ pollId: string; answerId: string }> {
  const pollId = await seedPoll(app, eventId, { kind: 'text', status: 'live' });
  const answerId = randomUUID();
  const at = new Date().toISOString();
  await app.db
    .insertInto('poll_votes')
    .values({
      id: answerId,
      poll_id: pollId,
      viewer_id: randomUUID(),
      text: 'Seeded answer',
      text_status: 'pending',
      created_at: at,
      updated_at: at,
    })
    .execute();
  return { pollId, answerId };
}
