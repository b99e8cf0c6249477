/**
 * The server describes a session's browser as "Firefox 128 on Linux" (or the shortened raw
 * user agent). The parts are product names; only the joining word is translated.
 */
export function deviceParts(description: string | null): { browser: string; system?: string } {
  if (!description) return { browser: '' };
  const match = /^(.+?) on (Android|iOS|Windows|macOS|ChromeOS|Linux)$/.exec(description);
  return match ? { browser: match[1] ?? description, system: match[2] } : { browser: description };
}

/** Phones and tablets get a phone icon in the sessions list. */
export const isMobileSystem = (system: string | undefined): boolean =>
  system === 'Android' || system === 'iOS';
