import {
  ERROR_MESSAGES,
  hasFeature,
  SSO_DEFAULT_SCOPES,
  validationMessage,
  type SsoSettings,
  type ssoSettingsPatchSchema,
} from '@livent/shared';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import * as oidc from 'openid-client';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { deriveKey, hmacSha256, safeEqual } from '../../lib/crypto.js';
import { forbidden, validationFailed } from '../../lib/errors.js';
import { namesInternalAddress, type OutboundAllowList } from '../../lib/outbound/address-policy.js';
import type { OutboundFetch } from '../../lib/outbound/outbound-fetch.js';
import { diffSettings, type AuditActor, type AuditLog } from '../audit/index.js';
import type { AuthContext } from '../auth/index.js';
import { ownerPlanOf } from '../plans/index.js';
import { readEventSettings, requireEventRole } from '../events/index.js';
import { SecretBox } from '../../lib/secret-box.js';
import {
  announcedIssuerOf,
  CLOCK_TOLERANCE_S,
  clientAuthentication,
  contactOf,
  failureOf,
  isNetworkError,
  requiresPar,
  SsoFailedError,
  type ServerMetadata,
  type SsoFailure,
  type SsoIdentity,
} from './sso-provider.js';
import { findEventSso, saveEventSso, type EventSsoRow } from './sso.repository.js';

/** The cookie that carries one sign-in from its start to the provider's callback. */
export const SSO_FLOW_COOKIE = 'lvnt.sso';
/** Long enough to sign in at the provider, short enough that a forgotten tab expires. */
export const SSO_FLOW_MAX_AGE_S = 10 * 60;
/** Discovery documents per issuer, trusted this long (providers rotate keys rarely). */
const DISCOVERY_TTL_MS = 5 * 60_000;
/** Seconds before a provider that does not answer counts as down. */
const PROVIDER_TIMEOUT_S = 5;

export interface SsoDependencies {
  db: Kysely<Database>;
  now: Clock;
  appSecret: string;
  eventsUrl: string;
  /**
   * Whether a plain-http issuer on loopback is accepted: only where the development tools are on
   * (tests, `npm run dev`), so that `npm start` never fetches from the server's own loopback.
   */
  allowLoopbackHttp: boolean;
  /** Every request to a provider goes through the outbound client (ADR 041). */
  outbound: OutboundFetch;
  /** The operator's exceptions (`OUTBOUND_ALLOW`), for refusing an internal issuer when saved. */
  outboundAllow: OutboundAllowList;
  /** After a new provider ended the viewers' access (ADR 044), as the events' settings save. */
  accessEnded?: (eventId: string) => void;
  /** Records a changed provider as a change of the event's access (ADR 069). */
  audit: AuditLog;
}

/** What the flow cookie carries between the start and the callback (signed, not encrypted). */
interface FlowClaims {
  eventId: string;
  state: string;
  nonce: string;
  verifier: string;
  /** Where to go after the sign-in: the page or channel it started from. */
  location: string;
  expiresAt: number;
}

export type { SsoFailure, SsoIdentity } from './sso-provider.js';

const isFlow = (value: unknown): value is FlowClaims => {
  if (value === null || typeof value !== 'object') return false;
  const claims = value as Record<string, unknown>;
  return (
    ['eventId', 'state', 'nonce', 'verifier', 'location'].every(
      (name) => typeof claims[name] === 'string',
    ) && typeof claims.expiresAt === 'number'
  );
};

/** The key purpose of the client secrets' SecretBox (ADR 026). */
export const SSO_SECRET_PURPOSE = 'livent sso client secret v1';

/**
 * Single sign-on of viewers with OpenID Connect (ADR 026): the organiser's provider settings
 * (the client secret write-only and encrypted) and the authorization code flow with PKCE through
 * `openid-client`, which also validates the ID token (issuer, audience, nonce, expiry).
 */
export class SsoService {
  private readonly box: SecretBox;
  private readonly flowKey: Uint8Array;
  /** Discovery per issuer; concurrent sign-ins share one request. */
  private readonly discovered: LRUCache<string, ServerMetadata>;
  /** States already used once on this instance: a replayed callback is refused at once. */
  private readonly usedStates: LRUCache<string, true>;

  constructor(private readonly deps: SsoDependencies) {
    this.box = new SecretBox(deps.appSecret, SSO_SECRET_PURPOSE);
    this.flowKey = deriveKey(deps.appSecret, 'livent sso flow v1');
    const perf = { now: () => deps.now().getTime() };
    this.discovered = new LRUCache({
      max: 1_000,
      ttl: DISCOVERY_TTL_MS,
      perf,
      fetchMethod: (issuer) => this.discover(issuer),
    });
    this.usedStates = new LRUCache({ max: 100_000, ttl: SSO_FLOW_MAX_AGE_S * 1000, perf });
  }

  /**
   * The provider's discovery document. One that answers but is no usable document (another
   * issuer, not found, not JSON) is a misconfiguration, apart from one that cannot be reached.
   */
  private async discover(issuer: string): Promise<ServerMetadata> {
    try {
      const config = await oidc.discovery(new URL(issuer), 'discovery', undefined, undefined, {
        timeout: PROVIDER_TIMEOUT_S,
        execute: insecureOnLoopback(issuer),
        [oidc.customFetch]: this.deps.outbound,
      });
      return config.serverMetadata();
    } catch (error) {
      throw isNetworkError(error) ? error : new SsoFailedError('misconfigured', { cause: error });
    }
  }

  /**
   * The issuer must be exactly the one its discovery document announces (OpenID Connect
   * Discovery section 4.3): a mismatch, a trailing slash too, answers 400 naming the announced
   * one. A provider that cannot be reached now is saved all the same; the gate says so (ADR 048).
   */
  private async checkIssuer(issuer: string): Promise<void> {
    let announced: string | undefined;
    try {
      const server = await this.discover(issuer);
      if (server.issuer === issuer) {
        this.discovered.set(issuer, server);
        return;
      }
      announced = server.issuer;
    } catch (error) {
      announced = announcedIssuerOf(error instanceof SsoFailedError ? error.cause : error);
    }
    if (announced !== undefined) {
      throw validationFailed({
        issuer: validationMessage('issuerMismatch', { issuer: announced }),
      });
    }
  }

  redirectUri(slug: string): string {
    return new URL(`/${slug}/_access/sso/callback`, this.deps.eventsUrl).toString();
  }

  private view(slug: string, row: EventSsoRow | undefined): SsoSettings {
    return {
      issuer: row?.issuer ?? '',
      clientId: row?.client_id ?? '',
      clientSecretSet: Boolean(row?.client_secret),
      scopes: row?.scopes ?? SSO_DEFAULT_SCOPES,
      buttonLabel: row?.button_label ?? '',
      redirectUri: this.redirectUri(slug),
    };
  }

  async settings(auth: AuthContext, eventId: string): Promise<SsoSettings> {
    const event = await requireEventRole(this.deps.db, auth, eventId);
    return this.view(event.slug, await findEventSso(this.deps.db, event.id));
  }

  /** Changes the provider settings; only on plans with CUSTOM_ACCESS (403 otherwise). */
  async update(
    auth: AuthContext,
    eventId: string,
    patch: z.output<typeof ssoSettingsPatchSchema>,
    actor: AuditActor,
  ): Promise<SsoSettings> {
    const { db, now } = this.deps;
    const event = await requireEventRole(db, auth, eventId);
    if (!hasFeature(ownerPlanOf(event, now()).allowance, 'CUSTOM_ACCESS')) {
      throw forbidden(ERROR_MESSAGES.featureNotAvailable);
    }
    if (patch.issuer?.startsWith('http:') && !this.deps.allowLoopbackHttp) {
      throw validationFailed({ issuer: validationMessage('url') });
    }
    // An issuer that names an internal address outright is refused at once; names are checked
    // when the outbound client connects (ADR 041).
    if (patch.issuer && namesInternalAddress(new URL(patch.issuer), this.deps.outboundAllow)) {
      throw validationFailed({ issuer: validationMessage('internalAddress') });
    }
    if (patch.issuer) await this.checkIssuer(patch.issuer);
    const current = await findEventSso(db, event.id);
    const row: EventSsoRow = {
      event_id: event.id,
      issuer: patch.issuer ?? current?.issuer ?? '',
      client_id: patch.clientId ?? current?.client_id ?? '',
      client_secret:
        patch.clientSecret === undefined
          ? (current?.client_secret ?? null)
          : patch.clientSecret === null
            ? null
            : this.box.seal(patch.clientSecret, event.id),
      scopes: patch.scopes ?? current?.scopes ?? SSO_DEFAULT_SCOPES,
      button_label: patch.buttonLabel ?? current?.button_label ?? '',
      updated_at: now().toISOString(),
    };
    // Another provider's subjects are other people: what the old one let in ends (ADR 044).
    const endAccess =
      readEventSettings(event).accessMode === 'cip' &&
      (row.issuer !== (current?.issuer ?? '') || row.client_id !== (current?.client_id ?? ''));
    await saveEventSso(db, row, { endAccess });
    const changes = diffSettings(providerFields(current), providerFields(row), {
      secrets: new Set(['clientSecret']),
    });
    if (changes.length > 0) {
      await this.deps.audit.record({
        accountId: event.owner_id,
        eventId: event.id,
        actor,
        action: 'event.access_changed',
        details: {
          changes: changes.map((change) => ({ ...change, field: `sso.${change.field}` })),
        },
      });
    }
    if (endAccess) this.deps.accessEnded?.(event.id);
    return this.view(event.slug, row);
  }

  /**
   * What the gate shows: whether a provider is set up at all (else the gate says so instead of
   * offering a sign-in that cannot work) and the button label (empty when the organiser set none).
   */
  async gate(eventId: string): Promise<{ configured: boolean; buttonLabel: string }> {
    const row = await findEventSso(this.deps.db, eventId);
    return {
      configured: Boolean(row?.issuer && row.client_id),
      buttonLabel: row?.button_label ?? '',
    };
  }

  /**
   * The event's client at its provider, with the client authentication the provider announces.
   * Throws what `failureOf` classifies, e.g. when the provider is not configured or cannot be
   * reached.
   */
  private async client(eventId: string): Promise<oidc.Configuration> {
    const row = await findEventSso(this.deps.db, eventId);
    if (!row?.issuer || !row.client_id) throw new SsoFailedError('misconfigured');
    const server = await this.discovered.fetch(row.issuer);
    if (!server) throw new SsoFailedError('unavailable');
    const secret = row.client_secret ? this.box.open(row.client_secret, eventId) : undefined;
    const authentication = clientAuthentication(server, secret);
    if (!authentication) throw new SsoFailedError('misconfigured');
    const config = new oidc.Configuration(
      server,
      row.client_id,
      {
        // The ID token's times are judged by the server's clock, with an explicit tolerance.
        [oidc.clockSkew]: (this.deps.now().getTime() - Date.now()) / 1000,
        [oidc.clockTolerance]: CLOCK_TOLERANCE_S,
      },
      authentication,
    );
    config.timeout = PROVIDER_TIMEOUT_S;
    config[oidc.customFetch] = this.deps.outbound;
    for (const option of insecureOnLoopback(row.issuer)) option(config);
    return config;
  }

  private scopesOf = async (eventId: string) =>
    (await findEventSso(this.deps.db, eventId))?.scopes ?? SSO_DEFAULT_SCOPES;

  /**
   * The start of a sign-in: the provider's authorization URL (state, nonce, PKCE S256) and the
   * signed flow cookie that keeps the verifier, state and nonce until the callback.
   */
  async start(
    eventId: string,
    slug: string,
    location: string,
  ): Promise<{ url: string; cookie: string } | SsoFailure | 'notConfigured'> {
    if (!(await this.gate(eventId)).configured) return 'notConfigured';
    const verifier = oidc.randomPKCECodeVerifier();
    const flow: FlowClaims = {
      eventId,
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier,
      location,
      expiresAt: Math.floor(this.deps.now().getTime() / 1000) + SSO_FLOW_MAX_AGE_S,
    };
    const parameters = {
      redirect_uri: this.redirectUri(slug),
      scope: await this.scopesOf(eventId),
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
    };
    try {
      const config = await this.client(eventId);
      // A provider that requires it gets the parameters pushed first (RFC 9126, ADR 048).
      const url = requiresPar(config.serverMetadata())
        ? await oidc.buildAuthorizationUrlWithPAR(config, parameters)
        : oidc.buildAuthorizationUrl(config, parameters);
      return { url: url.href, cookie: this.signFlow(flow) };
    } catch (error) {
      return settingsFailure(error);
    }
  }

  /**
   * The provider's callback: the flow cookie must be genuine, of this event, unexpired and not
   * used before; the code is exchanged and the ID token validated by `openid-client`.
   */
  async finish(
    eventId: string,
    slug: string,
    query: string,
    cookie: string | undefined,
  ): Promise<{ identity: SsoIdentity; location: string } | SsoFailure> {
    const flow = this.verifyFlow(cookie);
    if (!flow || flow.eventId !== eventId) return 'refused';
    if (this.usedStates.has(flow.state)) return 'refused';
    this.usedStates.set(flow.state, true);
    let config: oidc.Configuration;
    try {
      config = await this.client(eventId);
    } catch (error) {
      return settingsFailure(error);
    }
    const callback = new URL(this.redirectUri(slug));
    callback.search = query;
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims?.sub) return 'refused';
      // openid-client checks `exp` and `nbf` but not whether `iat` lies in the future (ADR 048).
      if (claims.iat > this.deps.now().getTime() / 1000 + CLOCK_TOLERANCE_S) return 'refused';
      return {
        identity: await this.identityOf(config, tokens.access_token, claims),
        location: flow.location,
      };
    } catch (error) {
      // A provider that cannot be reached or refuses the client differs from a refused answer
      // (denied, bad code).
      return failureOf(error);
    }
  }

  /**
   * Who signed in: the ID token's claims, completed from the userinfo endpoint when they lack the
   * email or the name (many providers put them only there; ADR 048).
   */
  private async identityOf(
    config: oidc.Configuration,
    accessToken: string,
    claims: oidc.IDToken,
  ): Promise<SsoIdentity> {
    let contact = contactOf(claims);
    if ((!contact.email || !contact.name) && config.serverMetadata().userinfo_endpoint) {
      // openid-client refuses an answer about another subject (OpenID Connect Core 5.3.2).
      const more = contactOf(await oidc.fetchUserInfo(config, accessToken, claims.sub));
      contact = { email: contact.email ?? more.email, name: contact.name ?? more.name };
    }
    return { subject: claims.sub, ...contact };
  }

  private signFlow(flow: FlowClaims): string {
    const payload = Buffer.from(JSON.stringify(flow)).toString('base64url');
    return `${payload}.${hmacSha256(this.flowKey, payload)}`;
  }

  private verifyFlow(cookie: string | undefined): FlowClaims | undefined {
    if (!cookie || cookie.length > 4096) return undefined;
    const [payload, signature, extra] = cookie.split('.');
    if (!payload || !signature || extra !== undefined) return undefined;
    if (!safeEqual(signature, hmacSha256(this.flowKey, payload))) return undefined;
    let flow: unknown;
    try {
      flow = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return undefined;
    }
    if (!isFlow(flow)) return undefined;
    return flow.expiresAt * 1000 > this.deps.now().getTime() ? flow : undefined;
  }
}

/** http is allowed for loopback issuers only (tests, development; `isAcceptableIssuer`). */
function insecureOnLoopback(issuer: string): ((config: oidc.Configuration) => void)[] {
  return new URL(issuer).protocol === 'http:' ? [oidc.allowInsecureRequests] : [];
}

/**
 * A failure before the viewer's answer: nothing in it is the viewer's, so what the provider
 * refuses is the settings.
 */
function settingsFailure(error: unknown): SsoFailure {
  const failure = failureOf(error);
  return failure === 'refused' ? 'misconfigured' : failure;
}

/** The provider as the audit log compares it; the sealed secret differs whenever it is set anew. */
function providerFields(row: EventSsoRow | undefined): Record<string, unknown> {
  return {
    issuer: row?.issuer ?? '',
    clientId: row?.client_id ?? '',
    clientSecret: row?.client_secret ?? null,
    scopes: row?.scopes ?? SSO_DEFAULT_SCOPES,
    buttonLabel: row?.button_label ?? '',
  };
}
