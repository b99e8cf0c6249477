import type { ParsedLocation } from '@tanstack/react-router';

export interface GuardContext {
  location: ParsedLocation;
}

/**
 * Guard of the default layout (spec section 2: "it requires sign-in"). The accounts issue
 * fills it: not signed in -> redirect to /login; unverified -> /verify-email (spec "Redirects").
 * It runs in `beforeLoad`, so no signed-in screen renders before the check.
 */
export function requireSignedIn(_guard: GuardContext): void {
  // Intentionally empty until sign-in exists.
}

/** Guard of the centered (guest) layout: signed-in users go to / (spec section 5, "Guard guest"). */
export function requireGuest(_guard: GuardContext): void {
  // Intentionally empty until sign-in exists.
}
