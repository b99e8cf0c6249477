const ORIGIN = 'http://livent.invalid';

/**
 * The `redirect` search parameter of /login, if it names a page of this app: a path starting
 * with one `/` (not `//host` or `/\host`, which browsers read as another site) that stays on
 * the same origin. Anything else is ignored, so a crafted link cannot send users elsewhere
 * after they sign in (open redirect).
 */
export function safeRedirectTarget(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || /^\/[/\\]/.test(value)) {
    return undefined;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return undefined;
  try {
    const url = new URL(value, ORIGIN);
    if (url.origin !== ORIGIN) return undefined;
    const target = `${url.pathname}${url.search}${url.hash}`;
    return target === '/' ? undefined : target;
  } catch {
    return undefined;
  }
}
