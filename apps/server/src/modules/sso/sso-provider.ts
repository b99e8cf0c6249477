import * as oidc from 'openid-client';

/** What an OpenID provider announces in its discovery document. */
export type ServerMetadata = ReturnType<oidc.Configuration['serverMetadata']>;

/**
 * Why a sign-in failed (ADR 048): the provider cannot be reached (network, DNS, an address the
 * outbound client refuses), it answers but does not work with the settings (wrong issuer, client
 * refused, no usable client authentication), or it refused this viewer's answer.
 */
export type SsoFailure = 'unavailable' | 'misconfigured' | 'refused';

/** A failure already classified where it happened. */
export class SsoFailedError extends Error {
  constructor(
    readonly failure: SsoFailure,
    options?: ErrorOptions,
  ) {
    super(`single sign-on ${failure}`, options);
    this.name = 'SsoFailedError';
  }
}

/**
 * Seconds the provider's clock may be ahead of or behind ours for the ID token's `exp`, `nbf`
 * and `iat` (openid-client's default, made explicit; ADR 048).
 */
export const CLOCK_TOLERANCE_S = 30;

/**
 * OAuth error codes (RFC 6749 sections 4.1.2.1 and 5.2) that mean the provider does not accept
 * the settings, as opposed to this viewer's attempt (`access_denied`, `invalid_grant`).
 */
const SETTINGS_ERRORS = new Set([
  'invalid_client',
  'unauthorized_client',
  'invalid_scope',
  'unsupported_response_type',
  'unsupported_grant_type',
]);

/**
 * The token endpoint's client authentication from discovery (ADR 048): `client_secret_basic` when
 * listed or when the list is absent (its default in OpenID Connect Discovery section 3),
 * `client_secret_post` when only that is listed; undefined when the provider offers neither. A
 * client without a secret is a public client (PKCE alone).
 */
export function clientAuthentication(
  server: Pick<ServerMetadata, 'token_endpoint_auth_methods_supported'>,
  secret: string | undefined,
): oidc.ClientAuth | undefined {
  if (!secret) return oidc.None();
  const methods = server.token_endpoint_auth_methods_supported;
  if (!methods || methods.includes('client_secret_basic')) return oidc.ClientSecretBasic(secret);
  if (methods.includes('client_secret_post')) return oidc.ClientSecretPost(secret);
  return undefined;
}

/** Whether the provider requires pushed authorization requests (RFC 9126 section 5). */
export const requiresPar = (server: ServerMetadata): boolean =>
  server.require_pushed_authorization_requests === true;

/** What went wrong, from an error of `openid-client` or of the outbound client. */
export function failureOf(error: unknown): SsoFailure {
  if (error instanceof SsoFailedError) return error.failure;
  if (isNetworkError(error)) return 'unavailable';
  const code = oauthErrorOf(error);
  return code !== undefined && SETTINGS_ERRORS.has(code) ? 'misconfigured' : 'refused';
}

/** The OAuth error code of a provider's error answer (body, redirect or `WWW-Authenticate`). */
function oauthErrorOf(error: unknown): string | undefined {
  if (error instanceof oidc.ResponseBodyError || error instanceof oidc.AuthorizationResponseError) {
    return error.error;
  }
  if (error instanceof oidc.WWWAuthenticateChallengeError) {
    return error.cause[0]?.parameters.error;
  }
  return undefined;
}

/** A request that never got an answer: the provider is down or cannot be reached from here. */
export function isNetworkError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const cause = (error as { cause?: unknown }).cause;
  return (
    // The outbound client refused the provider's address: unreachable from here (ADR 041).
    error.name === 'OutboundRefusedError' ||
    error.name === 'TimeoutError' ||
    error.name === 'AbortError' ||
    // A system error of the connection: refused, reset, a name that does not resolve.
    typeof (error as { syscall?: unknown }).syscall === 'string' ||
    (error instanceof TypeError && error.message === 'fetch failed') ||
    (cause instanceof Error && isNetworkError(cause))
  );
}

/**
 * The issuer a discovery document announced when openid-client refused it as not matching the
 * issuer asked for (`OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED`, carrying the document as `body`).
 */
export function announcedIssuerOf(error: unknown): string | undefined {
  if (
    !(error instanceof oidc.ClientError) ||
    error.code !== 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED'
  ) {
    return undefined;
  }
  const detail = error.cause as { attribute?: unknown; body?: unknown } | undefined;
  if (detail?.attribute !== 'issuer') return undefined;
  const issuer = (detail.body as { issuer?: unknown } | undefined)?.issuer;
  return typeof issuer === 'string' ? issuer : undefined;
}

/** Who signed in, from the ID token and, where it lacks them, the userinfo answer. */
export interface SsoIdentity {
  subject: string;
  email: string | null;
  name: string | null;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

/**
 * The viewer's email and name from the provider's claims: the name, else given and family name,
 * else the preferred username (OpenID Connect Core section 5.1).
 */
export function contactOf(claims: Record<string, unknown>): Omit<SsoIdentity, 'subject'> {
  const fullName = [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ');
  return {
    email: text(claims.email),
    name: text(claims.name) ?? (fullName || text(claims.preferred_username)),
  };
}
