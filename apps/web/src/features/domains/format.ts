import { formatDateTime } from '../../lib/format/date-time';
import type { FieldError } from 'react-hook-form';

/**
 * A check's date and time in the user's time zone (their setting), the browser's when the
 * setting is not one this browser knows.
 */
export function formatCheckTime(
  iso: string,
  language: string,
  timeZone: string | undefined,
): string {
  return formatDateTime(iso, language, timeZone, 'dateTime');
}

/**
 * A name with exactly two labels (example.com) is most likely a zone apex, where DNS allows no
 * CNAME; the records table then mentions the A/AAAA alternative. Names under a two-label public
 * suffix (example.co.uk) are missed, which only leaves the hint out.
 */
export const isLikelyApex = (name: string): boolean => name.split('.').length === 2;

/**
 * A field's error with the shared schema's generic message for `key` (e.g. `validation.url`,
 * "URL not valid") replaced by this screen's hint of what to enter (`hint`); other messages,
 * such as the server's, stay as they are.
 */
export function errorWithHint(
  error: Pick<FieldError, 'message'> | undefined,
  key: string,
  hint: string,
): string | undefined {
  if (!error?.message) return undefined;
  const [messageKey] = error.message.split('?', 1);
  return messageKey === key ? `text:${hint}` : error.message;
}

/** Why "Check again" failed with 429, in seconds to wait when the server said. */
export function waitSeconds(retryAfter: number | undefined): number | undefined {
  return retryAfter === undefined ? undefined : Math.max(1, Math.ceil(retryAfter));
}
