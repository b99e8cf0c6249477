import { generateSync } from 'otplib';

/**
 * A code as a third-party TOTP implementation computes it (`otplib`, RFC 6238 with SHA-1, as
 * authenticator apps do), so that the tests check the server's `otpauth` against another
 * library's codes rather than its own (ADR 071). The RFC's test vectors check it in turn.
 */
export function referenceTotp(
  key: Buffer,
  atMs: number,
  digits: 6 | 8 = 6,
  periodSeconds = 30,
): string {
  return generateSync({
    secret: new Uint8Array(key),
    epoch: Math.floor(atMs / 1000),
    digits,
    period: periodSeconds,
  });
}

/** RFC 4648 base32, as authenticator apps take the secret. */
export function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`Not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => Number.parseInt(byte, 2)));
}
