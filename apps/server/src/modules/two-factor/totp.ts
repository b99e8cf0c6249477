import { TWO_FACTOR_DIGITS, TWO_FACTOR_PERIOD_SECONDS } from '@livent/shared';
import { Secret, TOTP } from 'otpauth';

/** 160 bits, the HMAC-SHA1 key size RFC 4226 recommends. */
const SECRET_BYTES = 20;
/** One step before and after the current one: a phone's clock may be off by up to 30 s. */
const WINDOW_STEPS = 1;

/**
 * TOTP as RFC 6238 and the authenticator apps read it (ADR 071): SHA-1, 6 digits, 30 s steps.
 * `otpauth` computes; this decides the parameters and which time step a code belongs to.
 */
function totpOf(secretBase32: string, email = ''): TOTP {
  return new TOTP({
    issuer: 'Livent',
    label: email,
    algorithm: 'SHA1',
    digits: TWO_FACTOR_DIGITS,
    period: TWO_FACTOR_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new secret, base32 (what apps take for manual entry). */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The `otpauth://totp/…` URI the QR code carries. */
export function totpUri(secretBase32: string, email: string): string {
  return totpOf(secretBase32, email).toString();
}

/** Whether a string has the form of an authenticator code (else it may be a recovery code). */
export function looksLikeTotpCode(code: string): boolean {
  return new RegExp(`^\\d{${TWO_FACTOR_DIGITS}}$`).test(code);
}

/** The time step (counter) whose code this is, within ±1 step of `at`; undefined if none. */
export function totpStepOf(secretBase32: string, code: string, at: Date): number | undefined {
  const timestamp = at.getTime();
  const delta = totpOf(secretBase32).validate({ token: code, timestamp, window: WINDOW_STEPS });
  if (delta === null) return undefined;
  return Math.floor(timestamp / (TWO_FACTOR_PERIOD_SECONDS * 1000)) + delta;
}
