import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { onEventsHost, type TestEvent } from '../modules/public/public.fixtures.js';

/** Test helpers of the statistics: beacons as the viewer script sends them (ADR 027, ADR 045). */

export const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

export interface BeaconOptions {
  channel?: string;
  playing?: boolean;
  userAgent?: string;
  ip?: string;
  /** The raw body, instead of the JSON of the beacon's fields. */
  body?: string;
  contentType?: string;
}

/** A beacon on the events host, text/plain JSON as `sendBeacon` sends it. */
export function sendBeacon(
  app: FastifyInstance,
  event: TestEvent,
  kind: 'view' | 'beat',
  body: object,
  options: BeaconOptions = {},
): Promise<LightMyRequestResponse> {
  return onEventsHost(app, `/${event.slug}/_stats/${kind}`, {
    method: 'POST',
    payload: options.body ?? JSON.stringify(body),
    remoteAddress: options.ip ?? '198.51.100.7',
    headers: {
      'content-type': options.contentType ?? 'text/plain;charset=UTF-8',
      // An empty header rather than none: the injector would send its own (a bot's) otherwise.
      'user-agent': options.userAgent ?? BROWSER,
    },
  });
}

/** The view token in a page's body (`data-stats`), where the viewer script reads it. */
export function tokenInPage(body: string): string | undefined {
  return /data-stats="([^"]+)"/.exec(body)?.[1];
}

/** The view token in the event's page (or its channel's), loaded as a viewer loads it. */
export async function loadToken(
  app: FastifyInstance,
  event: TestEvent,
  channel?: string,
): Promise<string> {
  const page = await onEventsHost(app, `/${event.slug}${channel ? `/${channel}` : ''}`);
  const token = tokenInPage(page.body);
  expect(token, page.body).toBeDefined();
  return token!;
}

/** The view token an event's page (`channelId` for a channel page) carries now. */
export function pageTokenOf(app: FastifyInstance, event: { id: string }, channelId = ''): string {
  const tokens = app.services.statsViewTokens;
  return tokens.pageToken(event.id, channelId, tokens.window());
}
