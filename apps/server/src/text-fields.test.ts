import { ERROR_MESSAGES, validationMessage } from '@livent/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  postRegistration,
  registerVerified,
  registration,
  type SignedInUser,
} from './test/accounts.js';
import { callAs, createEvent } from './test/events.js';
import { buildTestApp, type TestApp } from './test/test-app.js';

// Every route family refuses broken text with the field's message and stores nothing
// (packages/shared/src/validation.ts, singleLineText and multiLineText).
describe('text fields of the API', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let user: SignedInUser;

  beforeAll(async () => {
    testApp = await buildTestApp();
    app = testApp.app;
    user = await registerVerified(app);
  });
  afterAll(async () => testApp.cleanup());

  const refused = (response: LightMyRequestResponse, field: string, message: string) => {
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({
      code: 400,
      message: ERROR_MESSAGES.validationFailed,
      errors: { [field]: message },
    });
  };
  const invalidCharacters = validationMessage('invalidCharacters');

  it('auth: sign-up with a name of two lines creates no account', async () => {
    const payload = registration({ name: 'Ada\r\nBcc: x@example.com' });
    refused(await postRegistration(app, payload), 'name', validationMessage('singleLine'));
    const rows = await app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', String(payload.email))
      .execute();
    expect(rows).toEqual([]);
  });

  it('account: a profile name with NUL or an unpaired surrogate changes nothing', async () => {
    for (const name of ['Ada\u0000Lovelace', 'x\ud800y']) {
      refused(
        await callAs(app, user, 'PATCH', '/account/profile', { name }),
        'name',
        invalidCharacters,
      );
    }
    const row = await app.db
      .selectFrom('users')
      .select('name')
      .where('id', '=', user.user.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe(user.user.name);
  });

  it('events: a title of invisible characters creates no event; bad settings are not saved', async () => {
    for (const title of ['\u200b\u200b', '\u2060']) {
      refused(
        await callAs(app, user, 'POST', '/events', { title }),
        'title',
        validationMessage('visibleText'),
      );
    }
    const list = await callAs(app, user, 'GET', '/events');
    expect(list.json()).toHaveLength(0);

    const event = await createEvent(app, user, 'Launch');
    refused(
      await callAs(app, user, 'PATCH', `/event-settings/${event.id}`, {
        headline: 'Welcome',
        description: 'Line one\nline two\u0007',
      }),
      'description',
      invalidCharacters,
    );
    const settings = (await callAs(app, user, 'GET', `/event-settings/${event.id}`)).json();
    expect(settings).toMatchObject({ headline: '', description: '' });
  });

  it('highlights and channels: broken titles store nothing', async () => {
    const event = await createEvent(app, user, 'Highlights and channels');
    refused(
      await callAs(app, user, 'POST', `/events/${event.id}/highlights`, {
        group: '',
        title: 'Talk\nTwo',
        description: '',
        link: '',
        image: null,
      }),
      'title',
      validationMessage('singleLine'),
    );
    expect((await callAs(app, user, 'GET', `/events/${event.id}/highlights`)).json()).toEqual([]);

    refused(
      await callAs(app, user, 'POST', `/events/${event.id}/channels`, {
        slug: 'de',
        title: 'Deutsch\u0000',
      }),
      'title',
      invalidCharacters,
    );
    const channels = await app.db
      .selectFrom('channels')
      .select('id')
      .where('event_id', '=', event.id)
      .execute();
    expect(channels).toEqual([]);
  });

  it('feedback: a message of invisible characters sends no mail', async () => {
    const before = await app.db.selectFrom('mails').select('id').execute();
    refused(
      await callAs(app, user, 'POST', '/feedback', {
        email: user.email,
        message: '\u200b\u2060',
      }),
      'message',
      validationMessage('visibleText'),
    );
    expect(await app.db.selectFrom('mails').select('id').execute()).toHaveLength(before.length);
  });
});
