import { validationMessage } from './validation.js';

/**
 * The access code's minimum strength (ADR 044): with the per-event budget of wrong codes, guessing
 * the weakest code allowed (6 digits: a million) takes longer than is practical, while a code an
 * audience reads off an invitation stays short enough to type.
 */
export const ACCESS_CODE_MIN_LENGTH = 6;

/** Codes short lists of guesses start with, compared without case (besides runs and repeats). */
const COMMON_CODES = new Set([
  'password',
  'passwort',
  'qwerty',
  'qwertz',
  'azerty',
  'letmein',
  'welcome',
  'willkommen',
  'secret',
  'geheim',
  'access',
  'zugang',
  'livestream',
]);

/**
 * Why `code` is too easy to guess, as a validation message (`validation.accessCodeWeak?min=6`),
 * or undefined when it is strong enough: shorter than {@link ACCESS_CODE_MIN_LENGTH}, one short
 * unit repeated (`111111`, `121212`, `abcabc`), a run up or down (`123456`, `fedcba`), or a common
 * word. The server refuses a new weak code; a stored one keeps working and the form warns.
 */
export function accessCodeWeakness(code: string): string | undefined {
  const normal = code.trim().toLowerCase();
  const weak =
    [...normal].length < ACCESS_CODE_MIN_LENGTH ||
    isRepeatedUnit(normal) ||
    isRun(normal) ||
    COMMON_CODES.has(normal);
  return weak ? validationMessage('accessCodeWeak', { min: ACCESS_CODE_MIN_LENGTH }) : undefined;
}

/** One unit of up to 3 characters, repeated: `aaaaaa`, `121212`, `abcabc`. */
function isRepeatedUnit(code: string): boolean {
  for (let size = 1; size <= 3; size += 1) {
    const unit = code.slice(0, size);
    if (code.length > size && unit.repeat(Math.ceil(code.length / size)).startsWith(code)) {
      return true;
    }
  }
  return false;
}

/** Every character one after the one before, or one before it: `345678`, `987654`, `cdefgh`. */
function isRun(code: string): boolean {
  const points = [...code].map((character) => character.codePointAt(0) ?? 0);
  const step = (points[1] ?? 0) - (points[0] ?? 0);
  if (step !== 1 && step !== -1) return false;
  return points.every((point, index) => index === 0 || point - (points[index - 1] ?? 0) === step);
}
