import type {
  AuthResponse,
  LoginRequest,
  LoginResponse,
  RegisterRequest,
  TwoFactorLoginRequest,
} from '@livent/shared';
import { API_BASE, setApiAuth, type ApiAuth } from '../api-client';
import { api } from '../api/typed-api';
import {
  getAccessToken,
  getAuthState,
  setSignedIn,
  setSignedOut,
  setUser,
  type AuthState,
} from './auth-store';

/** The channel and lock names other tabs of the dashboard share (docs/product-spec.md section 4). */
export const AUTH_CHANNEL = 'lvnt.auth';
export const REFRESH_LOCK = 'lvnt.auth.refresh';

type AuthMessage = { type: 'login' } | { type: 'logout' };

interface MessageChannelLike {
  postMessage(message: AuthMessage): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<AuthMessage>) => void): void;
}

interface LocksLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export interface SessionDependencies {
  fetch: typeof fetch;
  /** Tells the other tabs about sign-in and sign-out; absent where BroadcastChannel is missing. */
  channel?: MessageChannelLike;
  /** The Web Locks API: one refresh at a time across tabs; absent in older browsers. */
  locks?: LocksLike;
}

/** Why the sign-in state changed without this tab asking: the router re-runs its guards. */
export type RemoteChange = 'expired' | 'login' | 'logout';

export interface SessionClient {
  /**
   * The first session restore (refresh cookie → access token and user); one promise for all.
   * The refresh answer carries the user already (ADR 014), so no `GET /auth/self` follows on
   * every page load; `reloadUser` makes that call when the user may have changed elsewhere.
   */
  restoreSession(): Promise<AuthState>;
  /** Renews the access token with the refresh cookie; one request at a time, across tabs too. */
  refresh(): Promise<boolean>;
  /** Signs in, or answers the challenge of the second step when the account has two-factor sign-in. */
  signIn(credentials: LoginRequest): Promise<LoginResponse>;
  /** The sign-in's second step (ADR 071): the challenge and a code start the session. */
  verifyTwoFactor(body: TwoFactorLoginRequest): Promise<AuthResponse>;
  register(input: RegisterRequest): Promise<AuthResponse>;
  /** Takes over a fresh session the server answered (e.g. after a password change). */
  acceptSession(response: AuthResponse): void;
  /**
   * Ends the session on the server and here; other tabs follow. It waits for a refresh in
   * flight (the refresh lock) and takes no refresh answer that arrives after it began.
   */
  signOut(): Promise<void>;
  /** Forgets the session after the server ended it (e.g. account deletion); other tabs follow. */
  endSession(): void;
  /** `GET /auth/self`: the current user again, e.g. after the email was verified elsewhere. */
  reloadUser(): Promise<void>;
  onRemoteChange(listener: (change: RemoteChange) => void): () => void;
  /** What `setApiAuth` gets. */
  apiAuth: ApiAuth;
}

const bearer = (token: string | null): Record<string, string> =>
  token ? { Authorization: `Bearer ${token}` } : {};

export function createSessionClient(deps: SessionDependencies): SessionClient {
  let restoring: Promise<AuthState> | undefined;
  let refreshing: Promise<boolean> | undefined;
  /**
   * Sign-outs so far, this tab's and the other tabs' (their broadcast). A refresh answer that
   * comes back after a sign-out began speaks for the ended session and is not taken: the logout
   * wins over any refresh in flight.
   */
  let signOuts = 0;
  const remoteListeners = new Set<(change: RemoteChange) => void>();
  const tellRemote = (change: RemoteChange) => {
    for (const listener of remoteListeners) listener(change);
  };
  const broadcast = (message: AuthMessage) => {
    try {
      deps.channel?.postMessage(message);
    } catch {
      // A closed channel (the tab is going away) has nobody left to tell.
    }
  };

  const accept = (response: AuthResponse) =>
    setSignedIn(response.user, response.tokens.access.token);

  /**
   * One `POST /auth/refresh-tokens` with the HttpOnly cookie. 204 (no cookie: no session) and
   * a 4xx answer mean signed out; a network failure or 5xx keeps the state and reports `false`.
   */
  async function refreshOnce(): Promise<boolean> {
    const signOutsBefore = signOuts;
    let response: Response;
    try {
      response = await deps.fetch(`${API_BASE}/auth/refresh-tokens`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { Accept: 'application/json' },
      });
    } catch {
      return false;
    }
    if (response.status === 200) {
      const answer = (await response.json()) as AuthResponse;
      if (signOuts !== signOutsBefore) return false;
      accept(answer);
      return true;
    }
    if (signOuts !== signOutsBefore) return false;
    if (
      response.status === 204 ||
      (response.status >= 400 && response.status < 500 && response.status !== 429)
    ) {
      const wasSignedIn = getAuthState().status === 'signedIn';
      setSignedOut();
      if (wasSignedIn) tellRemote('expired');
    }
    return false;
  }

  function refresh(): Promise<boolean> {
    refreshing ??= (
      deps.locks ? deps.locks.request(REFRESH_LOCK, refreshOnce) : refreshOnce()
    ).finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  }

  function restoreSession(): Promise<AuthState> {
    restoring ??= refresh().then(
      (ok) => {
        const current = getAuthState();
        // Not reached (offline, server down): try again at the next navigation.
        if (!ok && current.status === 'unknown') restoring = undefined;
        if (current.status === 'unknown') setSignedOut();
        return getAuthState();
      },
      () => {
        restoring = undefined;
        setSignedOut();
        return getAuthState();
      },
    );
    return restoring;
  }

  deps.channel?.addEventListener('message', (event) => {
    if (event.data?.type === 'logout') {
      signOuts += 1;
      setSignedOut();
      tellRemote('logout');
    } else if (event.data?.type === 'login') {
      // The other tab's sign-in set a new refresh cookie: take the session from it.
      restoring = undefined;
      void restoreSession().then(() => tellRemote('login'));
    }
  });

  /** Sign-in and sign-up: both answer a new session, which the other tabs then take over. */
  async function startSession(request: Promise<AuthResponse>): Promise<AuthResponse> {
    const response = await request;
    accept(response);
    broadcast({ type: 'login' });
    return response;
  }

  const apiAuth: ApiAuth = {
    headers: () => bearer(getAccessToken()),
    async refresh(sentHeaders) {
      const current = bearer(getAccessToken());
      // Another request renewed the token after this one left: retry with the new token.
      if (current.Authorization && current.Authorization !== sentHeaders.Authorization) {
        return true;
      }
      if (getAuthState().status !== 'signedIn') return false;
      return refresh();
    },
  };

  return {
    restoreSession,
    refresh,
    apiAuth,
    async signIn(credentials) {
      const response = await api.post('/auth/login', { body: credentials, anonymous: true });
      return 'twoFactor' in response ? response : startSession(Promise.resolve(response));
    },
    verifyTwoFactor: (body) =>
      startSession(api.post('/auth/two-factor', { body, anonymous: true })),
    register: (input) => startSession(api.post('/auth/register', { body: input, anonymous: true })),
    acceptSession: accept,
    async signOut() {
      signOuts += 1;
      const logout = async () => {
        try {
          await deps.fetch(`${API_BASE}/auth/logout`, {
            method: 'POST',
            credentials: 'same-origin',
            headers: { Accept: 'application/json' },
          });
        } catch {
          // Offline: the local sign-out still happens; the session ends when it expires.
        }
        setSignedOut();
        broadcast({ type: 'logout' });
      };
      // Under the refresh lock no tab's refresh is in flight while the session ends: the logout
      // carries the newest refresh cookie, and no rotation answered later sets it again.
      if (deps.locks) return deps.locks.request(REFRESH_LOCK, logout);
      await refreshing?.catch(() => false);
      return logout();
    },
    endSession() {
      signOuts += 1;
      setSignedOut();
      broadcast({ type: 'logout' });
    },
    async reloadUser() {
      const response = await api.get('/auth/self');
      setUser(response.user);
    },
    onRemoteChange(listener) {
      remoteListeners.add(listener);
      return () => remoteListeners.delete(listener);
    },
  };
}

function browserChannel(): MessageChannelLike | undefined {
  return typeof BroadcastChannel === 'function' ? new BroadcastChannel(AUTH_CHANNEL) : undefined;
}

function browserLocks(): LocksLike | undefined {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? { request: (name, callback) => locks.request(name, callback) } : undefined;
}

/** The dashboard's one session client, wired into the API client. */
export const session = createSessionClient({
  fetch: (input, init) => globalThis.fetch(input, init),
  channel: browserChannel(),
  locks: browserLocks(),
});
setApiAuth(session.apiAuth);
