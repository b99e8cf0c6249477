import Bowser from 'bowser';

const MAX_LENGTH = 80;

/**
 * "Firefox 128 on Linux" for the sessions list, read by bowser (a maintained parser) rather than
 * by patterns of our own; the dashboard only splits it at " on " to translate the joining word.
 * An agent bowser does not recognise (curl, scripts) is shortened to its first characters.
 */
export function describeUserAgent(userAgent: string): string {
  const { browser, os } = Bowser.parse(userAgent);
  if (browser.name) {
    const major = browser.version?.split('.')[0];
    const name = major ? `${browser.name} ${major}` : browser.name;
    return os.name ? `${name} on ${os.name}` : name;
  }
  const trimmed = userAgent.trim();
  return trimmed.length > MAX_LENGTH ? `${trimmed.slice(0, MAX_LENGTH - 1)}…` : trimmed;
}
