import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import Provider, { type ClientMetadata, type Configuration } from 'oidc-provider';
import { onEventsHost, type TestEvent } from '../modules/public/public.fixtures.js';
import { SSO_FLOW_COOKIE } from '../modules/sso/sso.service.js';

// Single sign-on against a real OpenID provider (oidc-provider) on loopback, signed in through the
// provider's own development login and consent forms; the app admits the loopback provider with
// `OUTBOUND_ALLOW=127.0.0.1` (ADR 041).

export const CLIENT_ID = 'livent-viewers';
export const CLIENT_SECRET = 'provider-client-secret-0123456789';

export interface TestProvider {
  /** The provider's issuer, `http://127.0.0.1:<port>`. */
  issuer: string;
  close(): Promise<void>;
}

export interface TestProviderOptions {
  /** The callbacks of the events that sign in here. */
  redirectUris: string[];
  /** The client's registration beyond id, secret and redirect URIs (its default auth: basic). */
  client?: Partial<ClientMetadata>;
  /** The provider's configuration beyond the development forms, PKCE and the cookie keys. */
  configuration?: Configuration;
  /** The account's claims; by default an email and a name. */
  claims?: (sub: string) => Record<string, unknown>;
}

/** The callback URL of an event's single sign-on on the app's events origin. */
export const callbackUrl = (app: FastifyInstance, slug: string): string =>
  new URL(`/${slug}/_access/sso/callback`, app.config.eventsUrl).href;

/** An OpenID provider on a loopback port of its own with one client, PKCE required. */
export async function startProvider(options: TestProviderOptions): Promise<TestProvider> {
  // The provider's issuer holds its port, so the server listens before the provider exists.
  let handle: ReturnType<Provider['callback']> | undefined = undefined;
  const server: Server = createServer((request, response) => handle?.(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  const { configuration = {} } = options;
  const claims =
    options.claims ?? ((sub: string) => ({ email: `${sub}@example.com`, name: 'Ada Lovelace' }));
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: options.redirectUris,
        ...options.client,
      },
    ],
    pkce: { required: () => true },
    cookies: { keys: ['provider-cookie-key'] },
    // The standard claims of the scopes Livent asks for (OpenID Connect Core section 5.4).
    claims: {
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username'],
    },
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ ...claims(sub), sub }) }),
    ...configuration,
    features: { devInteractions: { enabled: true }, ...configuration.features },
  });
  handle = provider.callback();
  return {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The answer's cookies by name, as `name=value`. */
export function setCookies(response: { headers: Record<string, unknown> }): Map<string, string> {
  const header = response.headers['set-cookie'];
  const list = (header === undefined ? [] : Array.isArray(header) ? header : [header]) as string[];
  return new Map(list.map((cookie) => [cookie.split('=')[0] ?? '', cookie.split(';')[0] ?? '']));
}

/** Cookies for the provider, kept across its redirects as a browser would. */
class Jar {
  private readonly cookies = new Map<string, string>();
  take(response: Response) {
    for (const cookie of response.headers.getSetCookie()) {
      const pair = cookie.split(';')[0] ?? '';
      this.cookies.set(pair.split('=')[0] ?? '', pair);
    }
  }
  header = () => [...this.cookies.values()].join('; ');
}

/** The fields of the first form on a provider page, with `fill` over them. */
function formOf(html: string, base: string, fill: Record<string, string>) {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1] ?? '';
  const fields = new URLSearchParams();
  for (const [tag] of html.matchAll(/<input[^>]*>/g)) {
    const name = /name="([^"]+)"/.exec(tag)?.[1];
    if (name) fields.set(name, /value="([^"]*)"/.exec(tag)?.[1] ?? '');
  }
  for (const [name, value] of Object.entries(fill)) fields.set(name, value);
  return { url: new URL(action, base).href, body: fields.toString() };
}

/**
 * Walks the provider's pages like a browser from the authorization URL: the login form as
 * `account`, then the consent, until it redirects away from the provider; answers that URL.
 */
export async function signInAtProvider(authorizationUrl: string, account: string): Promise<URL> {
  const providerOrigin = new URL(authorizationUrl).origin;
  const jar = new Jar();
  let next: { url: string; method: 'GET' | 'POST'; body?: string } = {
    url: authorizationUrl,
    method: 'GET',
  };
  for (let step = 0; step < 12; step += 1) {
    const response = await fetch(next.url, {
      method: next.method,
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(next.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: next.body,
    });
    jar.take(response);
    const location = response.headers.get('location');
    if (location) {
      const target = new URL(location, next.url);
      if (target.origin !== providerOrigin) return target;
      next = { url: target.href, method: 'GET' };
      continue;
    }
    const html = await response.text();
    const fill: Record<string, string> = html.includes('name="login"')
      ? { login: account, password: 'any' }
      : {};
    next = { ...formOf(html, next.url, fill), method: 'POST' };
  }
  throw new Error('The provider never redirected back');
}

/** The start on the events origin: the provider's authorization URL and the flow cookie. */
export async function startSignIn(app: FastifyInstance, event: TestEvent, viewerCookie = '') {
  const response = await onEventsHost(app, `/${event.slug}/_access/sso/start`, {
    headers: viewerCookie ? { cookie: viewerCookie } : {},
  });
  return { response, flow: setCookies(response).get(SSO_FLOW_COOKIE) ?? '' };
}

/** The provider's redirect back, arriving on the events origin with the flow cookie. */
export const finishSignIn = (
  app: FastifyInstance,
  url: URL,
  cookie: string,
): Promise<LightMyRequestResponse> =>
  onEventsHost(app, `${url.pathname}${url.search}`, { headers: cookie ? { cookie } : {} });

/** A whole sign-in as `account`: start, the provider's forms, and the callback's answer. */
export async function signIn(
  app: FastifyInstance,
  event: TestEvent,
  account: string,
): Promise<LightMyRequestResponse> {
  const { response, flow } = await startSignIn(app, event);
  if (response.statusCode !== 302) return response;
  const back = await signInAtProvider(response.headers.location as string, account);
  return finishSignIn(app, back, flow);
}
