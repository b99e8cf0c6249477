import { randomUUID } from 'node:crypto';
import type { EventSettings, HighlightInput } from '@livent/shared';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { hostOf } from '../../lib/events-origin.js';
import { ACCESS_COOKIE } from './viewer-access.js';

/** Test helpers of the public page: rows straight into the database, requests on the events host. */

export interface TestEvent {
  id: string;
  slug: string;
}

let counter = 0;

export async function insertEvent(
  app: FastifyInstance,
  ownerId: string,
  settings: Partial<EventSettings> = {},
): Promise<TestEvent> {
  counter += 1;
  const id = randomUUID();
  const {
    title = 'Launch Day',
    slug = `launch-${String(counter)}-${id.slice(0, 6)}`,
    ...rest
  } = settings;
  const now = new Date().toISOString();
  await app.db
    .insertInto('events')
    .values({
      id,
      owner_id: ownerId,
      slug,
      title,
      settings: JSON.stringify(rest),
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { id, slug };
}

/** Replaces settings the way a save does: the document changes and the version goes up. */
export async function saveSettings(
  app: FastifyInstance,
  eventId: string,
  settings: Partial<EventSettings>,
  options: { bump?: boolean } = {},
): Promise<void> {
  const row = await app.db
    .selectFrom('events')
    .select('settings')
    .where('id', '=', eventId)
    .executeTakeFirstOrThrow();
  const { title, ...rest } = settings;
  await app.db
    .updateTable('events')
    .set((eb) => ({
      settings: JSON.stringify({ ...(JSON.parse(row.settings) as object), ...rest }),
      ...(title ? { title } : {}),
      ...(options.bump === false ? {} : { version: eb('version', '+', 1) }),
    }))
    .where('id', '=', eventId)
    .execute();
}

export async function insertHighlight(
  app: FastifyInstance,
  eventId: string,
  position: number,
  highlight: Partial<HighlightInput> = {},
): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await app.db
    .insertInto('highlights')
    .values({
      id,
      event_id: eventId,
      position,
      group_name: highlight.group ?? '',
      title: highlight.title ?? `Highlight ${String(position)}`,
      description: highlight.description ?? '',
      link: highlight.link ?? '',
      image: highlight.image ?? null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export async function insertChannel(
  app: FastifyInstance,
  eventId: string,
  channel: {
    slug: string;
    title: string;
    visible?: boolean;
    overrides?: Partial<EventSettings>;
    highlightIds?: string[] | null;
  },
): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await app.db
    .insertInto('channels')
    .values({
      id,
      event_id: eventId,
      slug: channel.slug,
      title: channel.title,
      visible: channel.visible === false ? 0 : 1,
      overrides: JSON.stringify(channel.overrides ?? {}),
      highlight_ids: channel.highlightIds ? JSON.stringify(channel.highlightIds) : null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** A request on the events origin's host. */
export function onEventsHost(
  app: FastifyInstance,
  url: string,
  options: Partial<InjectOptions> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'GET',
    url,
    ...options,
    headers: { host: hostOf(app.config.eventsUrl), ...(options.headers ?? {}) },
  });
}

/** The `name=value` of the access cookie an answer sets (for a `cookie` header); empty when none. */
export function accessCookieSetBy(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const list = header === undefined ? [] : Array.isArray(header) ? header : [header];
  const cookie = list.find((candidate) => candidate.startsWith(`${ACCESS_COOKIE}=`));
  return cookie?.split(';')[0] ?? '';
}
