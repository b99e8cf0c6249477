import { DEFAULT_SETTINGS, PLAN_ALLOWANCES, type AuthResponse, type User } from '@livent/shared';

/** A signed-in user as the server answers it (docs/product-spec.md section 3, "Account / user"). */
export function testUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    initials: 'AL',
    emailVerified: true,
    company: null,
    plan: 'free',
    planExpires: null,
    planExpiresInDays: null,
    planAllowance: PLAN_ALLOWANCES.free,
    planConsumption: { events: 0, domains: 0 },
    settings: DEFAULT_SETTINGS,
    pendingEmail: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export function authResponse(token = 'access-1', user: User = testUser()): AuthResponse {
  const expires = '2026-12-01T10:00:00.000Z';
  return { user, tokens: { access: { token, expires }, refresh: { token: 'r', expires } } };
}

export const json = (status: number, body?: unknown): Response =>
  body === undefined
    ? new Response(null, { status })
    : new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
