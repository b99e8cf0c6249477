import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshCookieOf, register } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import * as repository from './sessions.repository.js';

// The refresh's first read of its token is wrapped, so that a test can land a logout exactly
// between that read and the rest of the refresh: the race two tabs produce when one signs out
// while the other (or the same page's session restore) refreshes.
vi.mock('./sessions.repository.js', async (importOriginal) => {
  const actual = await importOriginal<typeof repository>();
  return { ...actual, findRefreshToken: vi.fn(actual.findRefreshToken) };
});

const { findRefreshToken } = vi.mocked(repository);
const realFindRefreshToken = (await vi.importActual<typeof repository>('./sessions.repository.js'))
  .findRefreshToken;

describe('a logout wins over a refresh in flight', () => {
  let testApp: TestApp | undefined;
  afterEach(async () => {
    await testApp?.cleanup();
    testApp = undefined;
  });

  const refresh = (cookie: string) =>
    testApp!.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-tokens',
      cookies: { 'lvnt.auth.refresh': cookie },
    });
  const logout = (cookie: string) =>
    testApp!.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { 'lvnt.auth.refresh': cookie },
    });

  /** The next token read finds the session live, then the session is logged out. */
  function logoutRightAfterTheNextRead(cookie: string) {
    findRefreshToken.mockImplementationOnce(async (...args) => {
      const record = await realFindRefreshToken(...args);
      expect(record?.sessionRevokedAt).toBeNull();
      expect((await logout(cookie)).statusCode).toBe(204);
      return record;
    });
  }

  it.each([
    ['rotating a current token', false],
    ['repeating a rotated token within the grace window', true],
  ])('answers no tokens and sets no cookie when %s', async (_case, alreadyRotated) => {
    testApp = await buildTestApp();
    const { refreshCookie } = await register(testApp.app);
    if (alreadyRotated) expect((await refresh(refreshCookie)).statusCode).toBe(200);

    logoutRightAfterTheNextRead(refreshCookie);
    const late = await refresh(refreshCookie);

    expect(findRefreshToken).toHaveBeenCalled();
    expect(late.statusCode).toBe(401);
    expect(late.body).not.toContain('token');
    // The one cookie it sets is the clearing one, never a successor for the ended session.
    expect(refreshCookieOf(late)).toBe('');
  });
});
