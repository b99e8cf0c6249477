import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/** A token from the CSPRNG, base64url (URL- and cookie-safe). 32 bytes are 256 bits. */
export function randomToken(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

/**
 * How tokens are stored: SHA-256, base64url. Tokens carry at least 128 random bits, so a plain
 * hash suffices (no salt or stretching): a leaked table reveals no usable token.
 */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

export function hmacSha256(key: Uint8Array, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url');
}

/**
 * A key of its own for each purpose, derived from APP_SECRET with HKDF-SHA256 (RFC 5869), so that
 * no two mechanisms ever share key material.
 */
export function deriveKey(secret: string, purpose: string, length = 32): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', secret, 'livent', purpose, length));
}

/** Compares two strings in time independent of where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** How many ids {@link timeOrderedIds} hands out in order for one instant (a 42-bit counter). */
const ORDERED_IDS_MAX = 2 ** 42;

/**
 * UUIDs (version 7, RFC 9562) of one instant that sort in the order they are handed out: the
 * time, then a counter where the RFC allows one, then 32 random bits. Rows written together with
 * one `created_at` thus list in the order they came, not by chance.
 */
export function timeOrderedIds(at: Date): () => string {
  const time = Math.max(0, at.getTime()).toString(16).padStart(12, '0');
  let counter = 0;
  return () => {
    if (counter >= ORDERED_IDS_MAX) throw new RangeError('Too many ids for one instant');
    const high = Math.floor(counter / 2 ** 30);
    const low = counter % 2 ** 30;
    counter += 1;
    const variantAndLow = (0x8000_0000 + low).toString(16);
    const random = randomBytes(4).toString('hex');
    return [
      time.slice(0, 8),
      time.slice(8),
      `7${high.toString(16).padStart(3, '0')}`,
      variantAndLow.slice(0, 4),
      `${variantAndLow.slice(4)}${random}`,
    ].join('-');
  };
}
