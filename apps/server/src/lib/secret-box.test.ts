import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box.js';

const SECRET = 'provider-client-secret';

describe('SecretBox (secrets at rest, ADRs 026 and 071)', () => {
  const box = new SecretBox('app-secret-one-app-secret-one-0123456789', 'purpose one');

  it('opens what it sealed for the same event, and never stores the plain text', () => {
    const sealed = box.seal(SECRET, 'event-1');
    expect(sealed).not.toContain(SECRET);
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(box.open(sealed, 'event-1')).toBe(SECRET);
    // A fresh IV each time: the same secret never looks the same twice.
    expect(box.seal(SECRET, 'event-1')).not.toBe(sealed);
  });

  it("refuses another event's value, another APP_SECRET or purpose, and tampering", () => {
    const sealed = box.seal(SECRET, 'event-1');
    expect(box.open(sealed, 'event-2')).toBeUndefined();
    expect(
      new SecretBox('another-app-secret-0123456789-abcdef', 'purpose one').open(sealed, 'event-1'),
    ).toBe(undefined);
    expect(
      new SecretBox('app-secret-one-app-secret-one-0123456789', 'purpose two').open(
        sealed,
        'event-1',
      ),
    ).toBeUndefined();
    const [version, iv, body, tag] = sealed.split('.');
    const flipped = Buffer.from(body ?? '', 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(
      box.open([version, iv, flipped.toString('base64url'), tag].join('.'), 'event-1'),
    ).toBeUndefined();
    expect(box.open('v1.garbage', 'event-1')).toBeUndefined();
    expect(box.open(`v2.${iv ?? ''}.${body ?? ''}.${tag ?? ''}`, 'event-1')).toBeUndefined();
  });
});
