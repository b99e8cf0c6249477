import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth/use-auth';

/** How much of an instant a screen shows. */
export type DateTimeStyle = 'date' | 'dateTime' | 'exact' | 'time';

const STYLES: Record<DateTimeStyle, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: 'medium' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  exact: { dateStyle: 'medium', timeStyle: 'medium' },
  time: { timeStyle: 'medium' },
};

/**
 * An instant in the user's time zone setting (docs/product-spec.md section 3, "Settings"), in the
 * interface language: every date the dashboard shows goes through here (ADR 054). The browser's
 * zone only when the setting is unknown or not one this browser knows; an invalid date as given.
 */
export function formatDateTime(
  value: string | Date,
  language: string,
  timeZone: string | undefined,
  style: DateTimeStyle = 'date',
): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const options = STYLES[style];
  try {
    return new Intl.DateTimeFormat(language, { ...options, timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat(language, options).format(date);
  }
}

/** The formatters of one style each, as {@link useDateTimeFormat} answers them. */
export type DateTimeFormatters = Record<DateTimeStyle, (value: string | Date) => string>;

/** {@link formatDateTime} with the interface language and the signed-in user's time zone. */
export function useDateTimeFormat(): DateTimeFormatters {
  const { i18n } = useTranslation();
  const timeZone = useAuth().user?.settings.timezone;
  const language = i18n.language;
  return useMemo(() => {
    const style = (name: DateTimeStyle) => (value: string | Date) =>
      formatDateTime(value, language, timeZone, name);
    return {
      date: style('date'),
      dateTime: style('dateTime'),
      exact: style('exact'),
      time: style('time'),
    };
  }, [language, timeZone]);
}
