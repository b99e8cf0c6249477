import { formatDateTime } from '../../lib/format/date-time';

/** A date in the user's time zone setting, in the interface language (ADR 054). */
export const formatDate = (iso: string, language: string, timeZone: string | undefined): string =>
  formatDateTime(iso, language, timeZone);

/** The public link without its scheme, as people read and type it. */
export const displayUrl = (url: string): string => url.replace(/^https?:\/\//, '');
