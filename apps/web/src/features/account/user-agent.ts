/**
 * The server describes a session's browser as "Firefox 128 on Linux" (parsed there by bowser,
 * `apps/server/src/modules/account/user-agent.ts`) or as the shortened raw agent. The parts are
 * product names; only the joining word is translated, so the description is split at its last
 * " on " rather than parsed a second time.
 */
export function deviceParts(description: string | null): { browser: string; system?: string } {
  if (!description) return { browser: '' };
  const at = description.lastIndexOf(' on ');
  if (at <= 0) return { browser: description };
  return { browser: description.slice(0, at), system: description.slice(at + ' on '.length) };
}

/** Phones and tablets get a phone icon in the sessions list. */
export const isMobileSystem = (system: string | undefined): boolean =>
  system === 'Android' || system === 'iOS' || system === 'iPadOS';
