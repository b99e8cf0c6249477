import { hasFeature, type Feature } from '@livent/shared/plans';
import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { pageNotFound } from '../router/not-found';
import { getAuthState, type AuthState } from './auth-store';
import { safeRedirectTarget } from './redirect-target';
import { session } from './session';

export interface GuardContext {
  location: ParsedLocation;
}

/** Where a guard sends the visitor instead, or nothing when the page may show. */
export type GuardRedirect =
  { to: '/login'; redirect: string | undefined } | { to: '/verify-email' } | { to: '/' };

/**
 * The default layout's rule (docs/product-spec.md section 2, "Redirects"; section 5, "Guard verified"): signed
 * out → /login, keeping the wanted page; signed in with an unverified email → /verify-email.
 */
export function signedInRedirect(state: AuthState, wanted: string): GuardRedirect | undefined {
  if (!state.user) return { to: '/login', redirect: safeRedirectTarget(wanted) };
  if (!state.user.emailVerified) return { to: '/verify-email' };
  return undefined;
}

/** Guest pages (login, sign-up, reset): signed-in users go to / (docs/product-spec.md section 5, "Guard guest"). */
export function guestRedirect(state: AuthState): GuardRedirect | undefined {
  return state.user ? { to: '/' } : undefined;
}

/** /verify-email: open with a mailed token; without one it is about the signed-in user. */
export function verifyEmailRedirect(
  state: AuthState,
  hasToken: boolean,
  wanted: string,
): GuardRedirect | undefined {
  if (hasToken || state.user) return undefined;
  return { to: '/login', redirect: safeRedirectTarget(wanted) };
}

function follow(target: GuardRedirect | undefined): void {
  if (!target) return;
  if (target.to === '/login') {
    throw redirect({
      to: '/login',
      search: target.redirect ? { redirect: target.redirect } : {},
      replace: true,
    });
  }
  throw redirect({ to: target.to, replace: true });
}

/** `beforeLoad` of the default layout: no signed-in screen renders before this check. */
export async function requireSignedIn({ location }: GuardContext): Promise<void> {
  await session.restoreSession();
  follow(signedInRedirect(getAuthState(), location.href));
}

/** `beforeLoad` of /login, /register and /reset-password. */
export async function requireGuest(_guard: GuardContext): Promise<void> {
  await session.restoreSession();
  follow(guestRedirect(getAuthState()));
}

/**
 * `beforeLoad` of a screen that a plan feature opens (docs/product-spec.md section 6, e.g. /enterprise with
 * ENTERPRISE_ADMIN): without it the address does not exist for the user, so hiding the link is
 * not the only thing that keeps them out. Runs below the default layout's sign-in guard.
 */
export function requireFeature(feature: Feature): void {
  if (!hasFeature(getAuthState().user?.planAllowance, feature)) throw pageNotFound();
}

/** `beforeLoad` of /verify-email. */
export async function requireVerifyEmailAccess({
  location,
  search,
}: GuardContext & { search: { token?: string } }): Promise<void> {
  await session.restoreSession();
  follow(verifyEmailRedirect(getAuthState(), Boolean(search.token), location.href));
}
