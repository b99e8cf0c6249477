/** Money in minor units as the language writes it ("49,00 €", "€49.00"). */
export function formatMoney(minor: number, currency: string, language: string): string {
  const format = new Intl.NumberFormat(language, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}

/** A whole price without cents when it has none ("€49", "49 €"). */
export function formatPrice(minor: number, currency: string, language: string): string {
  const whole = minor % 100 === 0;
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(minor / 100);
}

/**
 * A date (and time) in the user's time zone; the browser's when the setting is not one this
 * browser knows.
 */
export function formatDate(
  iso: string,
  language: string,
  timeZone: string | undefined,
  withTime = false,
): string {
  const options: Intl.DateTimeFormatOptions = withTime
    ? { dateStyle: 'medium', timeStyle: 'short' }
    : { dateStyle: 'long' };
  try {
    return new Intl.DateTimeFormat(language, { ...options, timeZone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat(language, options).format(new Date(iso));
  }
}
