import type { Feature } from '@livent/shared/plans';
import { createMemoryHistory } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppRouter } from '../../router';
import { authResponse, json, testUser } from '../../test/users';
import { resetAuthStore, setSignedIn, setSignedOut } from './auth-store';
import { guestRedirect, signedInRedirect, verifyEmailRedirect } from './guards';
import { safeRedirectTarget } from './redirect-target';
import { stubFetch } from '../../test/fetch-stub';

const signedOut = { status: 'signedOut', user: null } as const;
const verified = { status: 'signedIn', user: testUser() } as const;
const unverified = { status: 'signedIn', user: testUser({ emailVerified: false }) } as const;

describe('guard rules (spec section 2, "Redirects"; section 5)', () => {
  it('sends signed-out visitors of signed-in pages to /login, keeping the wanted page', () => {
    expect(signedInRedirect(signedOut, '/account/security')).toEqual({
      to: '/login',
      redirect: '/account/security',
    });
    expect(signedInRedirect(signedOut, '/')).toEqual({ to: '/login', redirect: undefined });
  });

  it('sends unverified users to /verify-email and lets verified ones through', () => {
    expect(signedInRedirect(unverified, '/events')).toEqual({ to: '/verify-email' });
    expect(signedInRedirect(verified, '/events')).toBeUndefined();
  });

  it('sends signed-in users away from guest pages to /', () => {
    expect(guestRedirect(verified)).toEqual({ to: '/' });
    expect(guestRedirect(unverified)).toEqual({ to: '/' });
    expect(guestRedirect(signedOut)).toBeUndefined();
  });

  it('opens /verify-email with a mailed token for anyone, without one for the signed-in only', () => {
    expect(verifyEmailRedirect(signedOut, true, '/verify-email?token=x')).toBeUndefined();
    expect(verifyEmailRedirect(unverified, false, '/verify-email')).toBeUndefined();
    expect(verifyEmailRedirect(verified, false, '/verify-email')).toBeUndefined();
    expect(verifyEmailRedirect(signedOut, false, '/verify-email')).toEqual({
      to: '/login',
      redirect: '/verify-email',
    });
  });
});

describe('redirect after sign-in', () => {
  it.each([
    ['/events', '/events'],
    ['/account/profile?tab=1#email', '/account/profile?tab=1#email'],
    ['/', undefined],
    ['//evil.example/x', undefined],
    ['/\\evil.example', undefined],
    ['https://evil.example/', undefined],
    ['javascript:alert(1)', undefined],
    ['/events\n/x', undefined],
    [42, undefined],
  ])('%j → %j', (value, expected) => {
    expect(safeRedirectTarget(value)).toBe(expected);
  });
});

describe('guards in the router', () => {
  beforeEach(() => resetAuthStore());
  afterEach(() => vi.unstubAllGlobals());

  async function open(url: string) {
    const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [url] }) });
    await router.load();
    return router.state.location;
  }

  it('restores the session once, then sends a signed-out visitor to /login?redirect=…', async () => {
    stubFetch(() => json(401));
    setSignedOut();
    const location = await open('/account/security');
    expect(location.pathname).toBe('/login');
    expect(location.search).toEqual({ redirect: '/account/security' });
  });

  it('sends a signed-in user from /login to / (and on to /events)', async () => {
    setSignedIn(testUser(), 'token');
    stubFetch(() => json(200, authResponse()));
    const location = await open('/login');
    expect(location.pathname).toBe('/events');
  });

  it('sends an unverified user from a signed-in page to /verify-email', async () => {
    setSignedIn(testUser({ emailVerified: false }), 'token');
    stubFetch(() => json(200, authResponse()));
    const location = await open('/settings');
    expect(location.pathname).toBe('/verify-email');
  });

  it('answers /enterprise with the not-found page unless the plan has ENTERPRISE_ADMIN', async () => {
    stubFetch(() => json(200, []));
    const withFeature = (features: Feature[]) =>
      testUser({ planAllowance: { ...testUser().planAllowance, features } });
    setSignedIn(withFeature([]), 'token');
    const without = createAppRouter({
      history: createMemoryHistory({ initialEntries: ['/enterprise'] }),
    });
    await without.load();
    expect(without.state.matches.some((match) => match.status === 'notFound')).toBe(true);

    setSignedIn(withFeature(['ENTERPRISE_ADMIN']), 'token');
    const allowed = createAppRouter({
      history: createMemoryHistory({ initialEntries: ['/enterprise'] }),
    });
    await allowed.load();
    expect(allowed.state.matches.some((match) => match.status === 'notFound')).toBe(false);
    expect(allowed.state.location.pathname).toBe('/enterprise');
  });
});
