import { createHmac, timingSafeEqual } from 'node:crypto';

/** "A few seconds of clock tolerance" between the provider's signing and our check (ADR 028). */
export const SIGNATURE_TOLERANCE_SECONDS = 5;

/** `Paddle-Signature: ts=…;h1=…` for `body`, made at `now` with `secret`. */
export function signPaddleBody(body: string | Buffer, secret: string, now: Date): string {
  const ts = Math.floor(now.getTime() / 1000);
  return `ts=${ts};h1=${hmac(secret, ts, body)}`;
}

function hmac(secret: string, ts: number | string, body: string | Buffer): string {
  return createHmac('sha256', secret).update(`${ts}:`).update(body).digest('hex');
}

/**
 * Paddle's webhook signature check on the raw bytes: HMAC-SHA256 over `ts:body` with the
 * endpoint's secret. Any `h1` may match any configured secret, so that deliveries signed with
 * the old and the new secret both pass while a secret rotates; the timestamp must be within
 * {@link SIGNATURE_TOLERANCE_SECONDS} of `now` (a replayed old delivery fails); the comparison
 * takes constant time.
 */
export function verifyPaddleSignature(
  header: string | undefined,
  rawBody: Buffer,
  secrets: readonly string[],
  now: Date,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): boolean {
  if (!header || secrets.length === 0) return false;
  let ts: string | undefined;
  const signatures: Buffer[] = [];
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 'ts') ts = value;
    else if (key === 'h1' && /^[0-9a-f]{64}$/i.test(value)) {
      signatures.push(Buffer.from(value, 'hex'));
    }
  }
  if (ts === undefined || !/^\d{1,12}$/.test(ts) || signatures.length === 0) return false;
  if (Math.abs(now.getTime() / 1000 - Number(ts)) > toleranceSeconds) return false;
  let valid = false;
  for (const secret of secrets) {
    const expected = Buffer.from(hmac(secret, ts, rawBody), 'hex');
    // Every pair is compared, so that the time taken does not tell which one matched.
    for (const signature of signatures) {
      if (timingSafeEqual(expected, signature)) valid = true;
    }
  }
  return valid;
}
