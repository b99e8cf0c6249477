import { randomUUID } from 'node:crypto';
import type { EventListItem, PlanName } from '@livent/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { SignedInUser } from './accounts.js';

/** Test helpers of the events, highlights and uploads API tests. */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An API call as `user` (`/api` is prepended). */
export function callAs(
  app: FastifyInstance,
  user: SignedInUser,
  method: Method,
  path: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `/api${path}`,
    headers: user.headers,
    ...(payload === undefined ? {} : { payload }),
  });
}

/** Puts the account on a plan, as billing will. */
export async function setPlan(app: FastifyInstance, userId: string, plan: PlanName): Promise<void> {
  await app.db.updateTable('users').set({ plan }).where('id', '=', userId).execute();
}

/** `POST /api/events` expecting 201. */
export async function createEvent(
  app: FastifyInstance,
  user: SignedInUser,
  title = 'Launch',
  slug?: string,
): Promise<EventListItem> {
  const response = await callAs(app, user, 'POST', '/events', { title, slug });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<EventListItem>();
}

export const eventRow = (app: FastifyInstance, id: string) =>
  app.db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** `count` highlights straight into the table (faster than the API for limits and counts). */
export async function insertHighlights(
  app: FastifyInstance,
  eventId: string,
  count: number,
): Promise<void> {
  const at = new Date().toISOString();
  await app.db
    .insertInto('highlights')
    .values(
      Array.from({ length: count }, (_, position) => ({
        id: randomUUID(),
        event_id: eventId,
        position,
        group_name: '',
        title: `H${position}`,
        description: '',
        link: '',
        image: null,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
}
