import { formatDateTime } from '../../lib/format/date-time';

/** A date in the user's time zone setting, in the interface language (ADR 054). */
export const formatDate = (iso: string, language: string, timeZone: string | undefined): string =>
  formatDateTime(iso, language, timeZone);
