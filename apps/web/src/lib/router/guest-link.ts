/**
 * The token of a guest moderator's share link lives in the address's fragment (`#token=…`,
 * ADR 056): browsers send a fragment to no server and put it in no Referer, yet keep it in the
 * address bar, the history and bookmarks, so the link can be reloaded and reopened.
 */

/** The fragment (without `#`) that carries `token`. */
export function guestTokenFragment(token: string): string {
  return new URLSearchParams({ token }).toString();
}

/** The token in a fragment (with or without `#`), if any. */
export function guestTokenFromFragment(hash: string): string | undefined {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') || undefined;
}
