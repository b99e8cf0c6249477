import { ERROR_MESSAGES, type EventListItem } from '@livent/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, type SignedInUser } from '../../test/accounts.js';
import { callAs, createEvent } from '../../test/events.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { requireMessagesGuest } from './guest-access.js';

describe('requireMessagesGuest', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let owner: SignedInUser;
  let event: EventListItem;
  let other: EventListItem;

  beforeAll(async () => {
    testApp = await buildTestApp();
    app = testApp.app;
    owner = await registerVerified(app);
    event = await createEvent(app, owner, 'Guests');
    other = await createEvent(app, owner, 'Other');
  });
  afterAll(async () => testApp.cleanup());

  const setToken = async (eventId: string, token: 'renew' | null) => {
    const response = await callAs(app, owner, 'PATCH', `/event-settings/${eventId}`, {
      messagesGuestToken: token,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ messagesGuestToken: string | null }>().messagesGuestToken;
  };
  const refusal = async (eventId: string, token: string | undefined) => {
    try {
      await requireMessagesGuest(app.db, eventId, token);
    } catch (error) {
      const { statusCode, message } = error as { statusCode: number; message: string };
      return { statusCode, message };
    }
    throw new Error('the token was accepted');
  };

  it('opens the event for its current token only, and says which refused token once worked', async () => {
    expect(await refusal(event.id, 'anything')).toEqual({
      statusCode: 404,
      message: ERROR_MESSAGES.tokenNotFound,
    });
    const first = await setToken(event.id, 'renew');
    const otherToken = await setToken(other.id, 'renew');
    if (!first || !otherToken) throw new Error('no token made');

    expect(await requireMessagesGuest(app.db, event.id, first)).toEqual({
      eventId: event.id,
      title: 'Guests',
      messagesMode: 'messages',
    });
    const notFound = { statusCode: 404, message: ERROR_MESSAGES.tokenNotFound };
    expect(await refusal(event.id, undefined)).toEqual(notFound);
    expect(await refusal(event.id, '')).toEqual(notFound);
    expect(await refusal(event.id, `${first}x`)).toEqual(notFound);
    expect(await refusal(event.id, otherToken)).toEqual(notFound);
    expect(await refusal('no-such-event', first)).toEqual(notFound);

    const second = await setToken(event.id, 'renew');
    if (!second) throw new Error('no token made');
    const expired = { statusCode: 404, message: ERROR_MESSAGES.tokenExpired };
    expect(await refusal(event.id, first)).toEqual(expired);
    expect((await requireMessagesGuest(app.db, event.id, second)).eventId).toBe(event.id);

    await setToken(event.id, null);
    expect(await refusal(event.id, second)).toEqual(expired);
    // Only the last replaced token is remembered.
    expect(await refusal(event.id, first)).toEqual(notFound);
  });
});
