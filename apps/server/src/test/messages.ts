import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Insertable } from 'kysely';
import { expect } from 'vitest';
import type { MessagesTable } from '../db/schema.js';
import type { SignedInUser } from './accounts.js';
import { callAs } from './events.js';

/** Test helpers of the inbox API tests. */

let clock = Date.parse('2026-11-24T10:00:00.000Z');

/**
 * A viewer message straight into the table, each one a second after the one before (so that
 * newest/oldest are well defined); `fields` replace the defaults.
 */
export async function seedMessage(
  app: FastifyInstance,
  eventId: string,
  fields: Partial<Insertable<MessagesTable>> = {},
): Promise<string> {
  clock += 1000;
  const at = new Date(clock).toISOString();
  const id = randomUUID();
  await app.db
    .insertInto('messages')
    .values({
      id,
      event_id: eventId,
      channel_id: null,
      kind: 'viewer',
      author_name: 'Viewer',
      text: 'A question',
      answer: null,
      created_at: at,
      updated_at: at,
      viewer_id: randomUUID(),
      ...fields,
    })
    .execute();
  return id;
}

/** Makes (or renews) the event's messages guest-access token and answers it. */
export async function renewGuestToken(
  app: FastifyInstance,
  owner: SignedInUser,
  eventId: string,
): Promise<string> {
  const response = await callAs(app, owner, 'PATCH', `/event-settings/${eventId}`, {
    messagesGuestToken: 'renew',
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ messagesGuestToken: string }>().messagesGuestToken;
}

/** The change log's entries of an event, oldest first. */
export const logOf = async (app: FastifyInstance, eventId: string) =>
  (
    await app.db
      .selectFrom('message_log')
      .select(['message_id', 'change'])
      .where('event_id', '=', eventId)
      .orderBy('seq')
      .execute()
  ).map((entry) => [entry.message_id, entry.change]);
