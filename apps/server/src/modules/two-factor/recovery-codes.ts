import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@livent/shared';
import { hmacSha256 } from '../../lib/crypto.js';

/** Lowercase letters and digits without the look-alikes 0/o and 1/l/i. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const GROUP = 5;

/**
 * Ten recovery codes of two groups of five characters (about 49 bits each): read aloud or typed
 * from paper. They are stored as HMAC with a key derived from APP_SECRET, so that the table
 * alone does not allow trying them offline (ADR 071).
 */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 2 * GROUP }, () => ALPHABET[randomInt(ALPHABET.length)]);
    return `${chars.slice(0, GROUP).join('')}-${chars.slice(GROUP).join('')}`;
  });
}

/** The stored form: case, spaces and dashes do not matter when typing a code. */
export function recoveryCodeHash(key: Uint8Array, code: string): string {
  return hmacSha256(key, code.toLowerCase().replace(/[^a-z0-9]/g, ''));
}
