import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, setApiAuth } from '../api-client';
import { authResponse, json, testUser } from '../../test/users';
import { getAccessToken, getAuthState, resetAuthStore } from './auth-store';
import { createSessionClient, REFRESH_LOCK, type SessionDependencies } from './session';
import { stubFetch } from '../../test/fetch-stub';

type Listener = (event: MessageEvent) => void;

/** Two tabs' BroadcastChannels: what one posts, the other receives. */
function channelPair() {
  const listeners: [Listener[], Listener[]] = [[], []];
  const make = (self: 0 | 1) => ({
    posted: [] as unknown[],
    postMessage(message: unknown) {
      this.posted.push(message);
      for (const listener of listeners[self === 0 ? 1 : 0]) {
        listener(new MessageEvent('message', { data: message }));
      }
    },
    addEventListener(_type: 'message', listener: Listener) {
      listeners[self].push(listener);
    },
  });
  return [make(0), make(1)] as const;
}

/** The global fetch, answering by path; records every call. */
function fakeServer(routes: Record<string, (init: RequestInit) => Response | Promise<Response>>) {
  const calls: { path: string; init: RequestInit }[] = [];
  const fetch = stubFetch((path, init) => {
    calls.push({ path, init });
    return routes[path]?.(init);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const authHeader = (init: RequestInit) =>
  (init.headers as Record<string, string> | undefined)?.Authorization;

describe('session client (spec section 4, "Authentication")', () => {
  beforeEach(() => resetAuthStore());
  afterEach(() => {
    setApiAuth(undefined);
    vi.unstubAllGlobals();
  });

  function client(
    routes: Parameters<typeof fakeServer>[0],
    extra: Partial<SessionDependencies> = {},
  ) {
    const server = fakeServer(routes);
    const session = createSessionClient({ fetch: server.fetch, ...extra });
    setApiAuth(session.apiAuth);
    return { session, server };
  }

  it('restores the session from the refresh cookie: one request for all callers', async () => {
    const { session, server } = client({
      '/api/auth/refresh-tokens': () => json(200, authResponse('fresh')),
    });
    const [first, second] = await Promise.all([session.restoreSession(), session.restoreSession()]);
    expect(first).toBe(second);
    expect(first).toEqual({ status: 'signedIn', user: testUser() });
    expect(getAccessToken()).toBe('fresh');
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]?.init).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    await session.restoreSession();
    expect(server.calls).toHaveLength(1);
  });

  it('is signed out when the refresh cookie is dead', async () => {
    const { session } = client({ '/api/auth/refresh-tokens': () => json(401) });
    await expect(session.restoreSession()).resolves.toEqual({ status: 'signedOut', user: null });
    expect(getAccessToken()).toBeNull();
  });

  it('is signed out, once, when there is no refresh cookie (204)', async () => {
    const { session, server } = client({
      '/api/auth/refresh-tokens': () => new Response(null, { status: 204 }),
    });
    await expect(session.restoreSession()).resolves.toEqual({ status: 'signedOut', user: null });
    await session.restoreSession();
    expect(server.calls).toHaveLength(1);
  });

  it('tries again at the next navigation after a network failure', async () => {
    let attempts = 0;
    const { session } = client({
      '/api/auth/refresh-tokens': () => {
        attempts += 1;
        if (attempts === 1) throw new TypeError('Failed to fetch');
        return json(200, authResponse());
      },
    });
    expect((await session.restoreSession()).status).toBe('signedOut');
    expect((await session.restoreSession()).status).toBe('signedIn');
    expect(attempts).toBe(2);
  });

  it('keeps the access token in memory only', async () => {
    const { session } = client({
      '/api/auth/refresh-tokens': () => json(200, authResponse('secret-token')),
    });
    await session.restoreSession();
    expect(JSON.stringify({ ...localStorage })).not.toContain('secret-token');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('secret-token');
    expect(document.cookie).not.toContain('secret-token');
  });

  it('refreshes once for two concurrent 401s and retries each call once', async () => {
    let refreshes = 0;
    const { session, server } = client({
      '/api/auth/refresh-tokens': async () => {
        refreshes += 1;
        await new Promise((resolve) => setTimeout(resolve, 10));
        return json(200, authResponse(`token-${refreshes + 1}`));
      },
      '/api/things': (init) =>
        authHeader(init) === 'Bearer token-2' ? json(200, { ok: true }) : json(401),
    });
    session.acceptSession(authResponse('expired'));
    const results = await Promise.all([apiFetch('/things'), apiFetch('/things')]);
    expect(results).toEqual([{ ok: true }, { ok: true }]);
    expect(refreshes).toBe(1);
    const thingCalls = server.calls.filter((call) => call.path === '/api/things');
    expect(thingCalls.map((call) => authHeader(call.init))).toEqual([
      'Bearer expired',
      'Bearer expired',
      'Bearer token-2',
      'Bearer token-2',
    ]);
  });

  it('retries without another refresh when the token was renewed meanwhile', async () => {
    let refreshes = 0;
    const { session } = client({
      '/api/auth/refresh-tokens': () => {
        refreshes += 1;
        return json(200, authResponse('new'));
      },
      '/api/things': (init) =>
        authHeader(init) === 'Bearer new' ? json(200, { ok: true }) : json(401),
    });
    session.acceptSession(authResponse('old'));
    await apiFetch('/things');
    expect(refreshes).toBe(1);
    // A call that left with the old token before the refresh gets its 401 late.
    const late = await session.apiAuth.refresh({ Authorization: 'Bearer old' });
    expect(late).toBe(true);
    expect(refreshes).toBe(1);
  });

  it('takes the refresh lock across tabs (Web Locks)', async () => {
    const names: string[] = [];
    const { session } = client(
      { '/api/auth/refresh-tokens': () => json(200, authResponse()) },
      {
        locks: {
          request: (name, callback) => {
            names.push(name);
            return callback();
          },
        },
      },
    );
    await session.refresh();
    expect(names).toEqual([REFRESH_LOCK]);
  });

  it('signs out when a refresh fails while signed in, and says the session expired', async () => {
    const { session } = client({
      '/api/auth/refresh-tokens': () => json(401, { code: 401, message: 'Please authenticate' }),
      '/api/things': () => json(401),
    });
    const changes: string[] = [];
    session.onRemoteChange((change) => changes.push(change));
    session.acceptSession(authResponse('old'));
    await expect(apiFetch('/things')).rejects.toMatchObject({ code: 401 });
    expect(getAuthState()).toEqual({ status: 'signedOut', user: null });
    expect(changes).toEqual(['expired']);
  });

  it('tells the other tabs about sign-out, and they follow', async () => {
    const [tabA, tabB] = channelPair();
    const server = fakeServer({
      '/api/auth/logout': () => json(204),
      '/api/auth/refresh-tokens': () => json(401),
    });
    const a = createSessionClient({ fetch: server.fetch, channel: tabA });
    const b = createSessionClient({ fetch: server.fetch, channel: tabB });
    const changesInB: string[] = [];
    b.onRemoteChange((change) => changesInB.push(change));
    a.acceptSession(authResponse());
    await a.signOut();
    expect(server.calls.map((call) => call.path)).toEqual(['/api/auth/logout']);
    expect(tabA.posted).toEqual([{ type: 'logout' }]);
    expect(changesInB).toEqual(['logout']);
    expect(getAuthState().status).toBe('signedOut');
  });

  it('follows a sign-in in another tab by restoring from the shared cookie', async () => {
    const [tabA, tabB] = channelPair();
    const server = fakeServer({
      '/api/auth/login': () => json(200, authResponse('a-token')),
      '/api/auth/refresh-tokens': () => json(200, authResponse('b-token')),
    });
    const a = createSessionClient({ fetch: server.fetch, channel: tabA });
    const b = createSessionClient({ fetch: server.fetch, channel: tabB });
    const followed = new Promise<string>((resolve) => b.onRemoteChange(resolve));
    await a.signIn({ email: 'ada@example.com', password: 'Secret123' });
    expect(tabA.posted).toEqual([{ type: 'login' }]);
    await expect(followed).resolves.toBe('login');
    expect(server.calls.map((call) => call.path)).toEqual([
      '/api/auth/login',
      '/api/auth/refresh-tokens',
    ]);
  });

  describe('a sign-out wins over a refresh in flight', () => {
    /** A refresh answer that the test releases when it wants. */
    function pendingRefresh() {
      let release: (response: Response) => void = () => undefined;
      const answer = new Promise<Response>((resolve) => {
        release = resolve;
      });
      return { route: () => answer, release };
    }

    /** Web Locks as the browser grants them: one holder per name, the others wait in line. */
    function serialLocks() {
      let queue: Promise<unknown> = Promise.resolve();
      return {
        request<T>(_name: string, callback: () => Promise<T>): Promise<T> {
          const turn = queue.then(callback);
          queue = turn.catch(() => undefined);
          return turn;
        },
      };
    }

    it('does not take a refresh answer that arrives after another tab signed out', async () => {
      const [tabA, tabB] = channelPair();
      const refresh = pendingRefresh();
      const server = fakeServer({
        '/api/auth/logout': () => json(204),
        '/api/auth/refresh-tokens': refresh.route,
      });
      const a = createSessionClient({ fetch: server.fetch, channel: tabA });
      const b = createSessionClient({ fetch: server.fetch, channel: tabB });
      a.acceptSession(authResponse('a-token'));
      const refreshInB = b.refresh();

      await a.signOut();
      refresh.release(json(200, authResponse('late-token')));

      await expect(refreshInB).resolves.toBe(false);
      expect(getAuthState()).toEqual({ status: 'signedOut', user: null });
      expect(getAccessToken()).toBeNull();
    });

    // The page's own session restore and its /logout screen start together (main.tsx): with
    // Web Locks through the lock, without them by waiting for the tab's own refresh.
    it.each([
      ['with Web Locks', serialLocks()],
      ['without Web Locks', undefined],
    ])(
      'sends the logout only once the refresh in flight has answered, and stays signed out (%s)',
      async (_case, locks) => {
        const refresh = pendingRefresh();
        const { session, server } = client(
          {
            '/api/auth/logout': () => json(204),
            '/api/auth/refresh-tokens': refresh.route,
          },
          { locks },
        );
        const restored = session.restoreSession();
        const signedOut = session.signOut();
        await new Promise((resolve) => setTimeout(resolve, 0));
        expect(server.calls.map((call) => call.path)).toEqual(['/api/auth/refresh-tokens']);

        refresh.release(json(200, authResponse('rotated')));
        await signedOut;

        expect(server.calls.map((call) => call.path)).toEqual([
          '/api/auth/refresh-tokens',
          '/api/auth/logout',
        ]);
        await expect(restored).resolves.toEqual({ status: 'signedOut', user: null });
        expect(getAccessToken()).toBeNull();
      },
    );
  });

  it('signs out locally even when the server cannot be reached', async () => {
    const { session } = client({
      '/api/auth/logout': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    session.acceptSession(authResponse());
    await session.signOut();
    expect(getAuthState().status).toBe('signedOut');
  });
});
