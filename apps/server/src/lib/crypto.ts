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
