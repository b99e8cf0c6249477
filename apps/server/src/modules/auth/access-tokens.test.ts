import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { testClock } from '../../test/clock.js';
import { deriveKey } from '../../lib/crypto.js';
import { AccessTokens } from './access-tokens.js';

const SECRET = 'a-test-secret-of-enough-length-0123456789';
const ISSUER = 'https://app.example.test';
const key = deriveKey(SECRET, 'livent access token v1');

describe('AccessTokens', () => {
  const clock = testClock('2026-11-22T10:00:00.000Z');
  const tokens = new AccessTokens(SECRET, ISSUER, clock.now);

  async function forge(
    header: { alg?: string; typ?: string } = {},
    claims: { iss?: string; aud?: string; exp?: number; sid?: string } = {},
    signingKey: Uint8Array = key,
  ): Promise<string> {
    const now = Math.floor(clock.now().getTime() / 1000);
    return new SignJWT({ sid: 'sid' in claims ? claims.sid : 'session-1' })
      .setProtectedHeader({ alg: header.alg ?? 'HS256', typ: header.typ ?? 'at+jwt' })
      .setSubject('user-1')
      .setIssuer(claims.iss ?? ISSUER)
      .setAudience(claims.aud ?? 'livent-api')
      .setIssuedAt(now)
      .setExpirationTime(claims.exp ?? now + 900)
      .sign(signingKey);
  }

  it('signs HS256 JWTs of type at+jwt with iss, aud, sub, sid and a 15-minute exp', async () => {
    const issued = await tokens.sign({ userId: 'user-1', sessionId: 'session-1' });
    const [header, payload] = issued.token
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    expect(header).toEqual({ alg: 'HS256', typ: 'at+jwt' });
    expect(payload).toMatchObject({
      iss: ISSUER,
      aud: 'livent-api',
      sub: 'user-1',
      sid: 'session-1',
      iat: Date.parse('2026-11-22T10:00:00.000Z') / 1000,
      exp: Date.parse('2026-11-22T10:15:00.000Z') / 1000,
    });
    expect(issued.expires).toBe('2026-11-22T10:15:00.000Z');
    expect(tokens.verify(issued.token)).toEqual({
      userId: 'user-1',
      sessionId: 'session-1',
      expires: issued.expires,
    });
  });

  it('accepts a well-formed forged token only with the right key (sanity check of the helper)', async () => {
    expect(tokens.verify(await forge())).toBeDefined();
  });

  it.each([
    ['another key', () => forge({}, {}, deriveKey(SECRET, 'something else'))],
    ['the raw APP_SECRET as key', () => forge({}, {}, new TextEncoder().encode(SECRET))],
    ['another type', () => forge({ typ: 'JWT' })],
    ['another issuer', () => forge({}, { iss: 'https://evil.example' })],
    ['another audience', () => forge({}, { aud: 'livent-viewer' })],
    ['no session id', () => forge({}, { sid: undefined })],
    ['an expired token', () => forge({}, { exp: Math.floor(clock.now().getTime() / 1000) - 1 })],
    [
      'a token at its exp second',
      () => forge({}, { exp: Math.floor(clock.now().getTime() / 1000) }),
    ],
    ['another algorithm with the same key', () => forge({ alg: 'HS512' })],
    [
      'alg none',
      async () => new UnsecuredJWT({ sid: 's', sub: 'u', iss: ISSUER, aud: 'livent-api' }).encode(),
    ],
    ['garbage', async () => 'a.b.c'],
  ])('refuses %s', async (_case, make) => {
    expect(tokens.verify(await make())).toBeUndefined();
  });

  it('answers a token verified before the same way, and refuses a forgery of it', async () => {
    const { token } = await tokens.sign({ userId: 'user-1', sessionId: 'session-1' });
    const first = tokens.verify(token);
    expect(first).toBeDefined();
    expect(tokens.verify(token)).toEqual(first);
    const [header, payload] = token.split('.');
    expect(tokens.verify(`${header}.${payload}.${'A'.repeat(43)}`)).toBeUndefined();
  });

  it("checks exp against the service's clock, not the machine's", async () => {
    const moving = testClock('2026-11-22T10:00:00.000Z');
    const timed = new AccessTokens(SECRET, ISSUER, moving.now);
    const { token } = await timed.sign({ userId: 'user-1', sessionId: 'session-1' });
    moving.advance(15 * 60_000 - 1000);
    expect(timed.verify(token)).toBeDefined();
    moving.advance(1000);
    expect(timed.verify(token)).toBeUndefined();
  });
});
