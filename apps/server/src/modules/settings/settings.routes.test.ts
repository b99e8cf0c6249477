import { DEFAULT_SETTINGS, ERROR_MESSAGES, settingsSchema } from '@livent/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { register, type SignedInUser } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

describe('PATCH /api/settings', () => {
  let testApp: TestApp | undefined;
  afterEach(async () => {
    await testApp?.cleanup();
    testApp = undefined;
  });

  async function signedIn(): Promise<SignedInUser> {
    testApp = await buildTestApp();
    return register(testApp.app);
  }
  const patch = (user: SignedInUser | undefined, payload: unknown) =>
    testApp!.app.inject({
      method: 'PATCH',
      url: '/api/settings',
      headers: user?.headers ?? {},
      payload: payload as object,
    });

  it('changes only the fields sent and answers every setting', async () => {
    const user = await signedIn();
    const response = await patch(user, { newsletter: true });
    expect(response.statusCode).toBe(200);
    expect(settingsSchema.parse(response.json())).toEqual({
      ...DEFAULT_SETTINGS,
      newsletter: true,
    });

    const second = await patch(user, {
      timezone: 'America/New_York',
      emailLanguage: 'de',
      alwaysShowHelp: false,
      csvDelimiter: ';',
      whatsnewSeen: '2026-11-22',
    });
    const expected = {
      timezone: 'America/New_York',
      emailLanguage: 'de',
      alwaysShowHelp: false,
      csvDelimiter: ';',
      newsletter: true,
      whatsnewSeen: '2026-11-22',
    };
    expect(second.json()).toEqual(expected);
    const self = await testApp!.app.inject({
      method: 'GET',
      url: '/api/auth/self',
      headers: user.headers,
    });
    expect(self.json().user.settings).toEqual(expected);

    expect((await patch(user, { whatsnewSeen: null })).json().whatsnewSeen).toBeNull();
    expect((await patch(user, {})).json()).toEqual({ ...expected, whatsnewSeen: null });
  });

  it.each([
    [{ plan: 'tester' }, { plan: 'validation.unknownField' }],
    [{ timezone: 'Mars/Olympus_Mons' }, { timezone: 'validation.invalid' }],
    [{ csvDelimiter: '|' }, { csvDelimiter: 'validation.invalid' }],
    [{ emailLanguage: 'fr' }, { emailLanguage: 'validation.invalid' }],
    [{ whatsnewSeen: '2026-13-01' }, { whatsnewSeen: 'validation.date' }],
    [{ newsletter: 'yes' }, { newsletter: 'validation.invalid' }],
  ])('refuses %j', async (payload, errors) => {
    const user = await signedIn();
    const response = await patch(user, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 400,
      message: ERROR_MESSAGES.validationFailed,
      errors,
    });
  });

  it('needs sign-in', async () => {
    await signedIn();
    const response = await patch(undefined, { newsletter: true });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 401, message: ERROR_MESSAGES.unauthorized });
  });
});
