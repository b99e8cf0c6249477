import { changelogFor } from '@livent/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { register } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

describe('GET /api/changelog', () => {
  let testApp: TestApp | undefined;
  afterEach(async () => {
    await testApp?.cleanup();
    testApp = undefined;
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    testApp!.app.inject({ method: 'GET', url, headers });

  it('answers the entries newest first, in English by default', async () => {
    testApp = await buildTestApp();
    const response = await get('/api/changelog');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(changelogFor('en'));
    expect(response.json().length).toBeGreaterThanOrEqual(4);
    for (const entry of response.json()) expect(entry.date).toMatch(/^2026-\d{2}-\d{2}$/);
  });

  it('answers the language asked for, else the signed-in user’s email language', async () => {
    testApp = await buildTestApp();
    const german = await register(testApp.app, {}, { headers: { cookie: 'lvnt.locale=de' } });
    expect((await get('/api/changelog?language=de')).json()).toEqual(changelogFor('de'));
    expect((await get('/api/changelog', german.headers)).json()).toEqual(changelogFor('de'));
    expect((await get('/api/changelog?language=en', german.headers)).json()).toEqual(
      changelogFor('en'),
    );
    // A stale token makes the request anonymous, not an error.
    expect((await get('/api/changelog', { authorization: 'Bearer stale' })).json()).toEqual(
      changelogFor('en'),
    );
  });

  it.each(['/api/changelog?language=fr', '/api/changelog?lang=de'])('refuses %s', async (url) => {
    testApp = await buildTestApp();
    expect((await get(url)).statusCode).toBe(400);
  });
});
