import type { EventSettings } from '@livent/shared';
import { describe, expect, it } from 'vitest';
import { deriveKey, hmacSha256 } from '../../lib/crypto.js';
import { codeMatches, ViewerAccess, type AccessClaims } from './viewer-access.js';

const access = new ViewerAccess('test secret');
const now = Date.parse('2026-11-24T10:00:00.000Z');
const claims = (generation: string): AccessClaims => ({
  eventId: 'event-1',
  way: 'code',
  subject: 'viewer-1',
  generation,
  issuedAt: now / 1000,
  expiresAt: now / 1000 + 3600,
});

describe('viewer access cookies (ADR 026)', () => {
  const generationOf = (
    id: string,
    settings: Pick<EventSettings, 'accessMode' | 'accessCode'>,
    accessGeneration = 0,
  ) => access.generation({ id, settings, accessGeneration });

  it('changes the generation with the mode and, in the code mode, with the code', () => {
    const code = generationOf('event-1', { accessMode: 'code', accessCode: 'a' });
    expect(generationOf('event-1', { accessMode: 'code', accessCode: 'a' })).toBe(code);
    expect(generationOf('event-1', { accessMode: 'code', accessCode: 'b' })).not.toBe(code);
    expect(generationOf('event-2', { accessMode: 'code', accessCode: 'a' })).not.toBe(code);
    // Another mode ignores the stored code, so editing it there ends nothing.
    const registration = generationOf('event-1', { accessMode: 'registration', accessCode: 'a' });
    expect(registration).not.toBe(code);
    expect(generationOf('event-1', { accessMode: 'registration', accessCode: 'b' })).toBe(
      registration,
    );
  });

  it('changes the generation with the stored one, and keeps the one before it was stored (ADR 044)', () => {
    const settings = { accessMode: 'code', accessCode: 'a' } as const;
    // The hash cookies issued before the stored generation carry (ADR 026).
    expect(generationOf('event-1', settings, 0)).toBe(
      hmacSha256(
        deriveKey('test secret', 'livent viewer access v1'),
        'generation\nevent-1\ncode\na',
      ).slice(0, 22),
    );
    const raised = generationOf('event-1', settings, 1);
    expect(raised).not.toBe(generationOf('event-1', settings, 0));
    expect(generationOf('event-1', settings, 2)).not.toBe(raised);
  });

  it('verifies its own cookie and nothing else', () => {
    const generation = generationOf('event-1', { accessMode: 'code', accessCode: 'a' });
    const cookie = access.issue(claims(generation));
    expect(cookie).not.toContain('"a"');
    expect(access.verify(cookie, 'event-1', generation, now)).toEqual(claims(generation));
    expect(access.verify(cookie, 'event-2', generation, now)).toBeUndefined();
    expect(access.verify(cookie, 'event-1', 'another', now)).toBeUndefined();
    expect(access.verify(cookie, 'event-1', generation, now + 3600 * 1000)).toBeUndefined();
    expect(access.verify(`${cookie}x`, 'event-1', generation, now)).toBeUndefined();
    expect(access.verify(`${cookie}.x`, 'event-1', generation, now)).toBeUndefined();
    expect(access.verify(undefined, 'event-1', generation, now)).toBeUndefined();
    const foreign = new ViewerAccess('other secret').issue(claims(generation));
    expect(access.verify(foreign, 'event-1', generation, now)).toBeUndefined();
    // Signed with the right key but not claims: refused as well.
    const partial = access.issue({ eventId: 'event-1', generation } as never);
    expect(access.verify(partial, 'event-1', generation, now)).toBeUndefined();
  });

  it('matches a code exactly, ignoring the white space around a typed one', () => {
    expect(codeMatches(' Open Sesame ', 'Open Sesame')).toBe(true);
    expect(codeMatches('open sesame', 'Open Sesame')).toBe(false);
    expect(codeMatches('Open Sesam', 'Open Sesame')).toBe(false);
    // No code set is never matched, not even by an empty one.
    expect(codeMatches('', '')).toBe(false);
  });
});
