import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

interface Operation {
  operationId?: string;
  tags?: string[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, unknown> }>;
}

/**
 * The events origin's routes in the OpenAPI document say what goes over the wire (ADR 036): HTML
 * pages as `text/html`, the gates' forms as form bodies, the beacons as `text/plain`, and every
 * operation under a stable name that generated clients use.
 */
describe("the events origin's routes in the OpenAPI document", () => {
  let testApp: TestApp;
  let operations: Map<string, Operation>;
  beforeAll(async () => {
    testApp = await buildTestApp();
    const document = (await testApp.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    operations = new Map(
      Object.entries(document.paths).flatMap(([path, item]) =>
        Object.entries(item)
          .filter(([, operation]) => operation.tags?.[0] === 'public')
          .map(([method, operation]) => [`${method.toUpperCase()} ${path}`, operation] as const),
      ),
    );
  });
  afterAll(() => testApp.cleanup());

  const contentTypes = (content: Record<string, unknown> | undefined) => Object.keys(content ?? {});

  it('names every operation', () => {
    // Caddy's on-demand TLS question is the domains module's, on every host.
    const names = [...operations]
      .filter(([key]) => key !== 'GET /_livent/tls-ask')
      .map(([key, operation]) => [key, operation.operationId]);
    expect(Object.fromEntries(names)).toEqual({
      'GET /{slug}': 'getEventPage',
      'GET /{slug}/{channelSlug}': 'getChannelPage',
      'GET /{slug}/_calendar.ics': 'getEventCalendarFile',
      'GET /{slug}/{channelSlug}/_calendar.ics': 'getChannelCalendarFile',
      'GET /favicon.ico': 'getFavicon',
      'GET /_livent/{file}': 'getPageAsset',
      'POST /{slug}/_access/code': 'submitAccessCode',
      'POST /{slug}/_access/invitation': 'signInWithInvitation',
      'POST /{slug}/_access/register': 'registerForEvent',
      'GET /{slug}/_access/r/{token}': 'openRegistrationLink',
      'GET /{slug}/_access/i/{token}': 'openInvitationLink',
      'GET /{slug}/_access/sso/start': 'startSingleSignOn',
      'GET /{slug}/_access/sso/callback': 'finishSingleSignOn',
      'GET /{slug}/_state': 'getPageState',
      'POST /{slug}/_messages': 'postViewerMessage',
      'GET /{slug}/_messages': 'listViewerMessages',
      'GET /{slug}/_polls': 'listViewerPolls',
      'POST /{slug}/_messages/{messageId}/vote': 'voteForQuestion',
      'POST /{slug}/_polls/{pollId}/vote': 'voteInPoll',
      'POST /{slug}/_reactions': 'postViewerReactions',
      'GET /{slug}/_live': 'streamPage',
      'GET /{slug}/_live/since': 'listPageEntries',
      'POST /{slug}/_stats/view': 'sendPageview',
      'POST /{slug}/_stats/beat': 'sendHeartbeat',
      'GET /_unsubscribe': 'getMailUnsubscribe',
      'POST /_unsubscribe': 'postMailUnsubscribe',
      'GET /{slug}/_accessibility': 'getAccessibilityStatement',
      'POST /{slug}/_accessibility': 'sendAccessibilityFeedback',
    });
  });

  it('declares the pages, gates and 404 pages as text/html', () => {
    for (const key of ['GET /{slug}', 'GET /{slug}/{channelSlug}']) {
      const { responses } = operations.get(key)!;
      expect(contentTypes(responses['200']?.content), key).toEqual(['text/html']);
      expect(contentTypes(responses['404']?.content), key).toEqual(['text/html']);
    }
    for (const [key, operation] of operations) {
      if (!key.includes('/_access/')) continue;
      for (const [status, response] of Object.entries(operation.responses)) {
        const expected = /^30\d$/.test(status) ? [] : ['text/html'];
        expect(contentTypes(response.content), `${key} ${status}`).toEqual(expected);
      }
    }
    // The state is JSON; an unknown event is the 404 page all the same.
    const state = operations.get('GET /{slug}/_state')!.responses;
    expect(contentTypes(state['200']?.content)).toEqual(['application/json']);
    expect(contentTypes(state['404']?.content)).toEqual(['text/html']);
    // The live stream is Server-Sent Events; its fallback is JSON.
    const stream = operations.get('GET /{slug}/_live')!.responses;
    expect(contentTypes(stream['200']?.content)).toEqual(['text/event-stream']);
    const since = operations.get('GET /{slug}/_live/since')!.responses;
    expect(contentTypes(since['200']?.content)).toEqual(['application/json']);
    // The "add to calendar" files are iCalendar (ADR 064).
    for (const key of ['GET /{slug}/_calendar.ics', 'GET /{slug}/{channelSlug}/_calendar.ics']) {
      const { responses } = operations.get(key)!;
      expect(contentTypes(responses['200']?.content), key).toEqual(['text/calendar']);
      expect(contentTypes(responses['404']?.content), key).toEqual(['text/html']);
    }
  });

  it('declares form bodies for the gates, text/plain for the beacons and JSON for messages', () => {
    const body = (key: string) => contentTypes(operations.get(key)?.requestBody?.content);
    for (const form of ['code', 'invitation', 'register']) {
      expect(body(`POST /{slug}/_access/${form}`)).toEqual(['application/x-www-form-urlencoded']);
    }
    expect(body('POST /{slug}/_stats/view')).toEqual(['text/plain']);
    expect(body('POST /{slug}/_stats/beat')).toEqual(['text/plain']);
    expect(body('POST /{slug}/_messages')).toEqual(['application/json']);
    // RFC 8058: a mail client posts the one-click body in either form encoding.
    expect(body('POST /_unsubscribe')).toEqual([
      'application/x-www-form-urlencoded',
      'multipart/form-data',
    ]);
  });

  it("keeps the events origin's root out of the document", () => {
    expect(operations.has('GET /')).toBe(false);
  });
});
