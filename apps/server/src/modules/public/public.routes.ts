import { randomUUID } from 'node:crypto';
import {
  MESSAGE_STATUSES,
  messagesIdSchema,
  viewerMessageSchema,
  viewerMessagesSchema,
} from '@livent/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestCookie } from '../../lib/cookies.js';
import { errorResponses, noContent, publicAccess } from '../../lib/openapi.js';
import { PRIVATE_PAGE_HEADERS } from '../channels/channel-router.js';
import { publicPageCspDirectives, serializeCsp } from '../../lib/security-headers.js';
import { toFastifyTrustProxy } from '../../lib/trust-proxy.js';
import { pageFastPath } from './page-fast-path.js';
import { ASSET_PREFIX } from './public-assets.js';
import type { GateError } from './page/page-data.js';
import {
  type CodeAttempt,
  PAGE_CACHE_CONTROL,
  STATE_MAX_AGE_S,
  type PublicPageService,
  type RenderedPage,
} from './public.service.js';
import { ACCESS_COOKIE } from './viewer-access.js';
import type { DomainTable } from '../domains/domain-table.js';
import { SSO_FLOW_COOKIE, SSO_FLOW_MAX_AGE_S } from '../sso/sso.service.js';

const tags = ['public'];
/** The viewer's id for the message tool's abuse limit (not a session: it grants nothing). */
export const VIEWER_COOKIE = 'lvnt.viewer';
const VIEWER_COOKIE_MAX_AGE_S = 365 * 24 * 3600;
const IMMUTABLE = 'public, max-age=31536000, immutable';

// Any text: an unknown slug is simply not found (404 page), never a validation error.
const slugParam = z.string();
const pageParams = z.object({ slug: slugParam });
const channelParams = z.object({ slug: slugParam, channelSlug: slugParam });
const html = z.string().describe('The rendered HTML page');

const channelQuery = z.strictObject({
  /** The channel page asking; absent for the event's main page. */
  channel: z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/)
    .optional(),
});
const messageParams = z.object({ slug: slugParam, messageId: messagesIdSchema });
const submitted = z.object({ id: z.string(), status: z.enum(MESSAGE_STATUSES) });
/** Per viewer: never kept by a browser or CDN. */
const NO_STORE = 'no-store';
/** A page with what is behind a gate: for this viewer's browser only, never a shared cache. */
const GRANTED_CACHE_CONTROL = 'private, no-store';
/** The code form (application/x-www-form-urlencoded): a code and the channel page it came from. */
const codeForm = z.object({
  code: z.string().max(10_000).default(''),
  channel: z.string().max(100).optional(),
});
const CODE_FORM_MAX_BYTES = 16 * 1024;
/** The invitation sign-in form: username and password, and the channel page it came from. */
const invitationForm = z.object({
  username: z.string().max(1_000).default(''),
  password: z.string().max(1_000).default(''),
  channel: z.string().max(100).optional(),
});
/** The registration form: name, email, the additional fields (`field_<name>`) and the channel. */
const registrationForm = z
  .object({
    name: z.string().max(1_000).optional(),
    email: z.string().max(1_000).optional(),
    channel: z.string().max(100).optional(),
  })
  .catchall(z.string().max(1_000));
const personalLinkParams = z.object({ slug: slugParam, token: z.string().max(200) });

/** The access cookie of the request, read only when asked (open events never need it). */
const accessCookieOf = (request: FastifyRequest) => () => requestCookie(request, ACCESS_COOKIE);

/** The viewer cookie's id when the request carries a well-formed one. */
export function viewerIdOf(request: FastifyRequest): string | undefined {
  const id = requestCookie(request, VIEWER_COOKIE);
  return id && /^[0-9a-f-]{36}$/.test(id) ? id : undefined;
}

/** The viewer cookie's id, made and set on the answer when the request has none. */
function ensureViewerId(request: FastifyRequest, reply: FastifyReply): string {
  const known = viewerIdOf(request);
  if (known) return known;
  const id = randomUUID();
  reply.setCookie(VIEWER_COOKIE, id, {
    path: '/',
    maxAge: VIEWER_COOKIE_MAX_AGE_S,
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
  return id;
}

/** The host part of an origin (`events.localhost:3000`): requests for it get the public routes. */
export const hostOf = (origin: string): string => new URL(origin).host;

/** Whether a request's `Host` gets the public pages: the events origin's or an active custom domain. */
export function publicHostMatcher(
  eventsHost: string,
  domains: DomainTable,
): (host: string | undefined) => boolean {
  return (host) => host === eventsHost || domains.lookup(host) !== undefined;
}

type ConstraintStrategy = Parameters<FastifyInstance['addConstraintStrategy']>[0];
const PUBLIC_HOST = 'publicHost';
/** The route constraint of every public route: `{ publicHost: 'public' }`. */
export const PUBLIC_CONSTRAINTS = { [PUBLIC_HOST]: 'public' } as const;

/**
 * Fastify's route constraint for the public pages' hosts (ADR 030): the events origin, and the
 * active custom domains as the in-memory table knows them (never DNS or the database per
 * request). A request for any other host derives nothing, so the public routes do not match
 * and the dashboard's answer the path.
 */
export function registerPublicHostConstraint(app: FastifyInstance): void {
  if (app.hasConstraintStrategy(PUBLIC_HOST)) return;
  const isPublic = publicHostMatcher(hostOf(app.config.eventsUrl), app.services.domains.table);
  const strategy: ConstraintStrategy = {
    name: PUBLIC_HOST,
    storage() {
      const handlers = new Map<unknown, unknown>();
      return {
        get: (value: unknown) => handlers.get(value) ?? null,
        set: (value: unknown, store: unknown) => void handlers.set(value, store),
      } as ReturnType<ConstraintStrategy['storage']>;
    },
    deriveConstraint: (request: { headers: { host?: string } }) =>
      isPublic(request.headers.host) ? 'public' : undefined,
    mustMatchWhenDerived: false,
    validate(value: unknown) {
      if (value !== 'public') throw new Error(`${PUBLIC_HOST} constraint must be 'public'`);
    },
  } as ConstraintStrategy;
  app.addConstraintStrategy(strategy);
}

/**
 * The events origin's policy (ADR 017) with the origin itself named beside 'self': in the
 * dashboard's sandboxed preview (no allow-same-origin) the page's origin is opaque, and a browser
 * that matches 'self' against it would refuse the page's own stylesheet, script and workers
 * (ADR 021).
 */
export function eventsPageCsp(eventsUrl: string): string {
  const directives = publicPageCspDirectives();
  const origin = new URL(eventsUrl).origin;
  for (const name of ['default-src', 'script-src', 'style-src', 'worker-src']) {
    directives[name] = [...(directives[name] ?? []), origin];
  }
  return serializeCsp(directives);
}

/** What every answer of the events origin carries, pages, files, redirects and 404s alike. */
export const EVENTS_BASE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
} as const;

/**
 * The public event pages on the `EVENTS_URL` origin (ADR 017). Every route is constrained to
 * that host; on the dashboard's host the same paths stay the dashboard's.
 */
export const publicRoutes: FastifyPluginAsyncZod = async (app) => {
  const pages = app.services.publicPage;
  const router = app.services.channelRouter;
  const assets = pages.assets;
  registerPublicHostConstraint(app);
  const constraints = PUBLIC_CONSTRAINTS;
  const eventsHost = hostOf(app.config.eventsUrl);
  const domains = app.services.domains.table;
  const csp = eventsPageCsp(app.config.eventsUrl);
  if (!assets.viewerBuilt) {
    app.log.warn('The viewer script is not built (apps/viewer/dist): run `npm run build`.');
  }

  // Pages send these headers of their own instead of the dashboard's (lib/security-headers.ts).
  const pageHeaders = {
    'content-security-policy': csp,
    'cache-control': PAGE_CACHE_CONTROL,
    'content-type': 'text/html; charset=utf-8',
    ...EVENTS_BASE_HEADERS,
    'cross-origin-opener-policy': 'same-origin',
  };
  /**
   * The headers of a page's answer (besides HSTS, which the security hook adds to every answer
   * over https). The caching ones by what the page shows (ADR 026): an open page and a gate may be
   * kept by shared caches, the page behind a gate only by this viewer's browser; anything about a
   * protected event varies by Cookie, so that no CDN hands one answer to the other.
   */
  const pageAnswerHeaders = (page: RenderedPage): Record<string, string> => {
    const headers: Record<string, string> = { ...pageHeaders };
    const vary = [page.access === 'open' ? '' : 'Cookie', page.negotiated ? 'Accept-Language' : '']
      .filter(Boolean)
      .join(', ');
    if (vary) headers.vary = vary;
    if (page.access === 'granted') headers['cache-control'] = GRANTED_CACHE_CONTROL;
    else headers.etag = page.etag;
    return headers;
  };
  const sendRendered = (request: FastifyRequest, reply: FastifyReply, page: RenderedPage) => {
    reply.headers(pageAnswerHeaders(page));
    if (page.access !== 'granted' && request.headers['if-none-match'] === page.etag) {
      return reply.code(304).send();
    }
    return reply.send(page.body);
  };
  // The same answers for fresh pages in memory, before Fastify sees the request (ADR 035).
  app.earlyResponses.respond = pageFastPath({
    eventsHost,
    cachedPage: (slug, channelSlug, acceptLanguage, accessCookie) =>
      pages.cachedPage(slug, channelSlug, acceptLanguage, accessCookie),
    headersOf: pageAnswerHeaders,
    accessCookieIn: (header) => app.parseCookie(header)[ACCESS_COOKIE],
    trustProxy: toFastifyTrustProxy(app.config.trustProxy),
  });
  const sendPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    slug: string,
    channelSlug: string | null,
  ) => {
    const accessCookie = accessCookieOf(request);
    // Fast path: a fresh page in memory (never for a main page with routing rules).
    const cached = pages.cachedPage(
      slug,
      channelSlug,
      request.headers['accept-language'],
      accessCookie,
    );
    if (cached) return sendRendered(request, reply, cached);
    reply.headers(EVENTS_BASE_HEADERS);
    // Channel routing is decided before a cached page is served (ADR 018).
    const routable = channelSlug === null ? await pages.routable(slug) : undefined;
    const routing = routable ? router.route(request, reply, routable) : 'shared';
    if (routing === 'redirected') return reply;
    const acceptLanguage = request.headers['accept-language'];
    const page = await pages.page(slug, channelSlug, acceptLanguage, accessCookie);
    if (!page) return sendNotFound(request, reply);
    reply.headers(pageAnswerHeaders(page));
    if (routing === 'private') reply.headers(PRIVATE_PAGE_HEADERS);
    // A page behind the gate stays out of every cache, routed or not.
    if (page.access === 'granted') reply.header('cache-control', GRANTED_CACHE_CONTROL);
    else if (request.headers['if-none-match'] === page.etag) {
      return reply.code(304).send();
    }
    return reply.send(page.body);
  };

  /** The gate again after a failed try, with why; per request, so never stored anywhere. */
  const sendGate = async (
    request: FastifyRequest,
    reply: FastifyReply,
    slug: string,
    channelSlug: string | undefined,
    status: number,
    error: GateError | undefined,
  ) => {
    const acceptLanguage = request.headers['accept-language'];
    const cookie = accessCookieOf(request);
    const page =
      (channelSlug ? await pages.page(slug, channelSlug, acceptLanguage, cookie, error) : null) ??
      (await pages.page(slug, null, acceptLanguage, cookie, error));
    if (!page) return sendNotFound(request, reply);
    return reply
      .code(status)
      .headers(pageHeaders)
      .header('cache-control', NO_STORE)
      .header('vary', 'Cookie')
      .send(page.body);
  };

  const sendNotFound = eventsNotFoundHandler(pages);

  // On a custom domain, an event's paths answer only for the domain owner's events (and, when it
  // serves them, its enterprise members'); any other slug is the 404 page (ADR 030). The events
  // origin passes at once: its page answers stay synchronous.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.headers.host === eventsHost) return done();
    const slug = (request.params as { slug?: string } | undefined)?.slug;
    const domain = domains.lookup(request.headers.host);
    if (slug === undefined || !domain) return done();
    domains.serves(domain, slug).then((served) => {
      if (served) done();
      else sendNotFound(request, reply);
    }, done);
  });

  /** A try at the gate answered: 303 with the cookie, back to the page, or the gate with why. */
  const answerAttempt = (
    request: FastifyRequest,
    reply: FastifyReply,
    slug: string,
    channelSlug: string | undefined,
    attempt: CodeAttempt | undefined,
    wrong: GateError,
  ) => {
    reply.headers(EVENTS_BASE_HEADERS);
    if (!attempt) return sendNotFound(request, reply);
    switch (attempt.outcome) {
      case 'granted':
        reply.setCookie(ACCESS_COOKIE, attempt.cookie, {
          path: attempt.cookiePath,
          maxAge: attempt.maxAge,
          httpOnly: true,
          sameSite: 'lax',
          secure: request.protocol === 'https',
        });
        return reply.header('cache-control', NO_STORE).redirect(attempt.location, 303);
      case 'not-needed':
        return reply.header('cache-control', NO_STORE).redirect(attempt.location, 303);
      case 'wrong':
        return sendGate(request, reply, slug, channelSlug, 403, wrong);
      case 'limited':
        reply.header('retry-after', String(attempt.retryAfterSeconds));
        return sendGate(request, reply, slug, channelSlug, 429, {
          kind: 'tooMany',
          retryAfterSeconds: attempt.retryAfterSeconds,
        });
    }
  };

  app.get(
    '/',
    {
      constraints,
      schema: {
        security: publicAccess,
        tags,
        hide: true,
        summary:
          "The events origin itself has no page (404 page); a custom domain's redirect URL, if set",
        response: { 302: noContent, 404: html },
      },
    },
    async (request, reply) => {
      const domain =
        request.headers.host === eventsHost ? undefined : domains.lookup(request.headers.host);
      if (domain?.redirectUrl) {
        return reply
          .headers(EVENTS_BASE_HEADERS)
          .header('cache-control', PAGE_CACHE_CONTROL)
          .redirect(domain.redirectUrl, 302);
      }
      return sendNotFound(request, reply);
    },
  );

  app.get(
    '/:slug',
    {
      constraints,
      config: { securityHeaders: false },
      // Every viewer loads it: one line per page would be most of the log at an event and a
      // quarter of a cached page's cost (ADR 029). The proxy in front keeps the access log and
      // the statistics count the views; failures are still logged.
      logLevel: 'warn',
      schema: {
        operationId: 'getEventPage',
        security: publicAccess,
        tags,
        summary: "An event's public page (HTML), on the events origin",
        description:
          'Cached; `Cache-Control` lets browsers and CDNs keep it for a few seconds, `ETag` answers 304. Unknown slugs answer a 404 page.',
        params: pageParams,
        response: { 200: html, 304: noContent, 404: html },
      },
    },
    (request, reply) => sendPage(request, reply, request.params.slug, null),
  );

  app.get(
    '/:slug/:channelSlug',
    {
      constraints,
      config: { securityHeaders: false },
      // Every viewer loads it: one line per page would be most of the log at an event and a
      // quarter of a cached page's cost (ADR 029). The proxy in front keeps the access log and
      // the statistics count the views; failures are still logged.
      logLevel: 'warn',
      schema: {
        operationId: 'getChannelPage',
        security: publicAccess,
        tags,
        summary: "A visible channel's public page (HTML): its overrides over the event's settings",
        params: channelParams,
        response: { 200: html, 304: noContent, 404: html },
      },
    },
    (request, reply) => sendPage(request, reply, request.params.slug, request.params.channelSlug),
  );

  // The code form is an ordinary HTML form, so that the gate works without script (ADR 026).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: CODE_FORM_MAX_BYTES },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.post(
    '/:slug/_access/code',
    {
      constraints,
      bodyLimit: CODE_FORM_MAX_BYTES,
      config: { securityHeaders: false },
      schema: {
        operationId: 'enterAccessCode',
        security: publicAccess,
        tags,
        summary: "A viewer's access code for a protected event (the gate's form)",
        description:
          'Form fields `code` and, from a channel page, `channel`. The right code answers 303 back to the page with a signed access cookie for the event (`Path=/{slug}`, HttpOnly, SameSite=Lax, 30 days); a wrong one the gate again with an error (403), sets nothing. Limited per viewer (a cookie) and event, and generously per address and event: 429 with `Retry-After` and the gate saying when to retry. An event without the code mode answers 303 to its page.',
        params: pageParams,
        body: codeForm,
        response: { 303: noContent, 403: html, 404: html, 429: html },
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      const viewerId = ensureViewerId(request, reply);
      const attempt = await pages.enterCode(
        slug,
        { code: request.body.code, channel: request.body.channel },
        { id: viewerId, ip: request.ip },
      );
      return answerAttempt(request, reply, slug, request.body.channel, attempt, {
        kind: 'wrongCode',
      });
    },
  );

  app.post(
    '/:slug/_access/invitation',
    {
      constraints,
      bodyLimit: CODE_FORM_MAX_BYTES,
      config: { securityHeaders: false },
      schema: {
        operationId: 'enterInvitation',
        security: publicAccess,
        tags,
        summary: "A viewer's sign-in with an invitation (the gate's form)",
        description:
          'Form fields `username`, `password` and, from a channel page, `channel`. The right pair answers 303 back to the page with the access cookie (as the code form) and counts a login of the invitation; a wrong one the gate again with an error (403) and sets nothing. Limited like the code form (429 with `Retry-After`). An event without the invitation mode answers 303 to its page.',
        params: pageParams,
        body: invitationForm,
        response: { 303: noContent, 403: html, 404: html, 429: html },
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      const viewerId = ensureViewerId(request, reply);
      const attempt = await pages.enterInvitation(slug, request.body, {
        id: viewerId,
        ip: request.ip,
      });
      return answerAttempt(request, reply, slug, request.body.channel, attempt, {
        kind: 'wrongCredentials',
      });
    },
  );

  app.post(
    '/:slug/_access/register',
    {
      constraints,
      bodyLimit: CODE_FORM_MAX_BYTES,
      config: { securityHeaders: false },
      schema: {
        operationId: 'registerViewer',
        security: publicAccess,
        tags,
        summary: "A viewer's registration for a protected event (the gate's form)",
        description:
          'Form fields `name`, `email`, the additional fields as `field_<name>` and, from a channel page, `channel`. In the default and send modes a valid form answers 303 back to the page with the access cookie (the send mode also mails the personal link), also for an address registered before; in the verify mode the gate saying "check your inbox" (200) and a mail with the personal link, which alone gives access. An invalid form, or an address outside the allowed domains ("Email not allowed"), answers the gate with the errors (400) and stores nothing. Limited per viewer and per address like the code form (429 with `Retry-After`); mails to one address at most 3 an hour. An event without the registration mode answers 303 to its page.',
        params: pageParams,
        body: registrationForm,
        response: { 200: html, 303: noContent, 400: html, 404: html, 429: html },
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      const channel = request.body.channel;
      const viewerId = ensureViewerId(request, reply);
      const attempt = await pages.register(
        slug,
        request.body,
        { id: viewerId, ip: request.ip },
        request.headers['accept-language'],
      );
      if (attempt?.outcome === 'checkInbox') {
        reply.headers(EVENTS_BASE_HEADERS);
        return sendGate(request, reply, slug, channel, 200, { kind: 'checkInbox' });
      }
      if (attempt?.outcome === 'invalid') {
        reply.headers(EVENTS_BASE_HEADERS);
        return sendGate(request, reply, slug, channel, 400, {
          kind: 'registration',
          errors: attempt.errors,
          values: attempt.values,
        });
      }
      return answerAttempt(request, reply, slug, channel, attempt, { kind: 'invalidLink' });
    },
  );

  app.get(
    '/:slug/_access/r/:token',
    {
      constraints,
      config: { securityHeaders: false },
      schema: {
        operationId: 'openRegistrationLink',
        security: publicAccess,
        tags,
        summary: "A registration's personal link (in the verify mode also the verification)",
        description:
          'A valid token answers 303 to the page with the access cookie (the token leaves the address at once) and marks the registration verified; an unknown one the gate with an error (403), limited like the code form. An event without the registration mode answers 303 to its page.',
        params: personalLinkParams,
        response: { 303: noContent, 403: html, 404: html, 429: html },
      },
    },
    async (request, reply) => {
      const { slug, token } = request.params;
      const viewerId = ensureViewerId(request, reply);
      const attempt = await pages.openRegistrationLink(slug, token, {
        id: viewerId,
        ip: request.ip,
      });
      return answerAttempt(request, reply, slug, undefined, attempt, { kind: 'invalidLink' });
    },
  );

  app.get(
    '/:slug/_access/i/:token',
    {
      constraints,
      config: { securityHeaders: false },
      schema: {
        operationId: 'openInvitationLink',
        security: publicAccess,
        tags,
        summary: "An invitation's personal link",
        description:
          'A valid token answers 303 to the page with the access cookie (the token leaves the address at once) and counts a login; an unknown one the gate with an error (403), limited like the code form. An event without the invitation mode answers 303 to its page.',
        params: personalLinkParams,
        response: { 303: noContent, 403: html, 404: html, 429: html },
      },
    },
    async (request, reply) => {
      const { slug, token } = request.params;
      const viewerId = ensureViewerId(request, reply);
      const attempt = await pages.openPersonalLink(slug, token, { id: viewerId, ip: request.ip });
      return answerAttempt(request, reply, slug, undefined, attempt, { kind: 'invalidLink' });
    },
  );

  // Single sign-on (ADR 026): the start sends the viewer to the provider, the callback comes back.
  const sso = app.services.sso;
  const ssoCookiePath = (slug: string) => `/${slug}/_access/sso`;
  const ssoFailed = (failure: 'unavailable' | 'refused'): GateError => ({
    kind: failure === 'unavailable' ? 'ssoUnavailable' : 'ssoFailed',
  });

  app.get(
    '/:slug/_access/sso/start',
    {
      constraints,
      config: { securityHeaders: false },
      schema: {
        operationId: 'startSso',
        security: publicAccess,
        tags,
        summary: "The start of a viewer's single sign-on (OpenID Connect)",
        description:
          'Answers 302 to the provider with state, nonce and a PKCE challenge, and sets a signed short-lived cookie (`Path=/{slug}/_access/sso`) that carries them to the callback. A provider that is not set up answers the gate, which says so (503); one that cannot be reached answers the gate with an error (502). Limited like the code form (429). An event without the single sign-on mode answers 303 to its page.',
        params: pageParams,
        querystring: channelQuery,
        response: { 302: noContent, 303: noContent, 404: html, 429: html, 502: html, 503: html },
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      const channel = request.query.channel;
      const viewer = { id: ensureViewerId(request, reply), ip: request.ip };
      const target = await pages.ssoTarget(slug, channel);
      if (!target || 'outcome' in target) {
        return answerAttempt(request, reply, slug, channel, target, { kind: 'ssoFailed' });
      }
      const limited = await pages.countSsoTry(target, viewer);
      if (limited)
        return answerAttempt(request, reply, slug, channel, limited, { kind: 'ssoFailed' });
      const started = await sso.start(target.head.id, target.model.slug, target.location);
      if (started === 'notConfigured') {
        // The gate itself says that sign-in is not set up yet.
        reply.headers(EVENTS_BASE_HEADERS);
        return sendGate(request, reply, slug, channel, 503, undefined);
      }
      if (typeof started === 'string') {
        reply.headers(EVENTS_BASE_HEADERS);
        return sendGate(request, reply, slug, channel, 502, ssoFailed(started));
      }
      reply.setCookie(SSO_FLOW_COOKIE, started.cookie, {
        path: ssoCookiePath(target.model.slug),
        maxAge: SSO_FLOW_MAX_AGE_S,
        httpOnly: true,
        // The provider's redirect back is a top-level navigation from another site.
        sameSite: 'lax',
        secure: request.protocol === 'https',
      });
      return reply
        .headers(EVENTS_BASE_HEADERS)
        .header('cache-control', NO_STORE)
        .redirect(started.url, 302);
    },
  );

  app.get(
    '/:slug/_access/sso/callback',
    {
      constraints,
      config: { securityHeaders: false },
      schema: {
        operationId: 'finishSso',
        security: publicAccess,
        tags,
        summary: "The provider's answer to a viewer's single sign-on",
        description:
          "Checks the state against the start's cookie (once only), exchanges the code with the PKCE verifier and validates the ID token (issuer, audience, nonce, expiry). Success answers 303 to the page with the access cookie (way `cip`, subject the provider's `sub`); a denied, forged, replayed or expired answer the gate with an error (403), a provider that cannot be reached 502; nothing is granted. Limited like the code form (429).",
        params: pageParams,
        // The provider's parameters (RFC 6749 section 4.1.2, RFC 9207 `iss`); others pass on to
        // openid-client, which checks the answer as a whole.
        querystring: z.looseObject(
          Object.fromEntries(
            ['code', 'state', 'iss', 'error', 'error_description', 'session_state'].map((name) => [
              name,
              z.string().max(4096).optional(),
            ]),
          ),
        ),
        response: { 303: noContent, 403: html, 404: html, 429: html, 502: html },
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      const viewer = { id: ensureViewerId(request, reply), ip: request.ip };
      const target = await pages.ssoTarget(slug, undefined);
      if (!target || 'outcome' in target) {
        return answerAttempt(request, reply, slug, undefined, target, { kind: 'ssoFailed' });
      }
      // The flow cookie serves one callback, whatever comes of it.
      reply.clearCookie(SSO_FLOW_COOKIE, { path: ssoCookiePath(target.model.slug) });
      const query = new URLSearchParams(request.query as Record<string, string>).toString();
      const result = await sso.finish(
        target.head.id,
        target.model.slug,
        query,
        requestCookie(request, SSO_FLOW_COOKIE),
      );
      if (typeof result === 'string') {
        const limited = await pages.countSsoTry(target, viewer);
        if (limited) {
          return answerAttempt(request, reply, slug, undefined, limited, { kind: 'ssoFailed' });
        }
        reply.headers(EVENTS_BASE_HEADERS);
        return sendGate(
          request,
          reply,
          slug,
          undefined,
          result === 'unavailable' ? 502 : 403,
          ssoFailed(result),
        );
      }
      const granted = await pages.grantSso(target, result.identity, result.location);
      return answerAttempt(request, reply, slug, undefined, granted, { kind: 'ssoFailed' });
    },
  );

  app.get(
    '/:slug/_state',
    {
      constraints,
      schema: {
        operationId: 'getViewerState',
        security: publicAccess,
        tags,
        summary: 'What open viewer pages poll: the last remote reload',
        params: pageParams,
        description:
          'Of a protected event only for viewers with access (403 otherwise), and then private.',
        response: {
          200: z.object({ reloadAt: z.string().nullable() }),
          ...errorResponses(403, 404),
        },
      },
    },
    async (request, reply) => {
      const state = await pages.state(request.params.slug, accessCookieOf(request));
      if (!state) return sendNotFound(request, reply);
      if (state.protected) {
        reply.header('cache-control', GRANTED_CACHE_CONTROL).header('vary', 'Cookie');
        return { reloadAt: state.reloadAt };
      }
      reply
        .header('cache-control', `public, max-age=${STATE_MAX_AGE_S}, s-maxage=${STATE_MAX_AGE_S}`)
        // The dashboard's sandboxed preview asks from an opaque origin; the state is public.
        .header('access-control-allow-origin', '*');
      return { reloadAt: state.reloadAt };
    },
  );

  app.post(
    '/:slug/_messages',
    {
      constraints,
      schema: {
        operationId: 'postViewerMessage',
        security: publicAccess,
        tags,
        summary: "A viewer's message to the organiser (the message tool)",
        description:
          'The `key` (a UUID per submit) makes a double submit or a retry store one message: a known key answers the stored message with 200, a new message answers 201. Refused (403) when the event has the message tool switched off. Limited per viewer (a cookie) and event, and generously per address; a 429 carries `Retry-After`.',
        params: pageParams,
        body: viewerMessageSchema,
        response: { 200: submitted, 201: submitted, ...errorResponses(400, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', NO_STORE);
      const viewerId = ensureViewerId(request, reply);
      const message = await pages.submitMessage(
        request.params.slug,
        request.body,
        { id: viewerId, ip: request.ip },
        requestCookie(request, ACCESS_COOKIE),
      );
      return reply
        .code(message.created ? 201 : 200)
        .send({ id: message.id, status: message.status });
    },
  );

  app.get(
    '/:slug/_messages',
    {
      constraints,
      schema: {
        operationId: 'listViewerMessages',
        security: publicAccess,
        tags,
        summary: "What the page's message tool shows this viewer",
        description:
          "The page's public questions (Q&A: approved and answered ones, pinned first, then by votes; plain messages: those with a public answer), the ids this viewer voted for and the viewer's own messages with status and answer. Per viewer (the viewer cookie), so `no-store`; sets no cookie. 403 when the message tool is off.",
        params: pageParams,
        querystring: channelQuery,
        response: { 200: viewerMessagesSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      reply
        .header('cache-control', NO_STORE)
        // The dashboard's sandboxed preview asks from an opaque origin and gets the public
        // questions. A credentialed cross-origin read (someone else's "mine") stays refused:
        // browsers never hand a '*' answer to a request that sent cookies.
        .header('access-control-allow-origin', '*');
      return pages.viewerMessages(
        request.params.slug,
        request.query.channel,
        viewerIdOf(request),
        requestCookie(request, ACCESS_COOKIE),
      );
    },
  );

  app.post(
    '/:slug/_messages/:messageId/vote',
    {
      constraints,
      schema: {
        operationId: 'voteViewerMessage',
        security: publicAccess,
        tags,
        summary: "A viewer's vote for a public question (Q&A)",
        description:
          'One vote per viewer (the viewer cookie) and question; a second vote changes nothing (204 as well). Only approved and answered questions of an event in Q&A mode (else 404). Limited per viewer and event, and generously per address.',
        params: messageParams,
        response: { 204: noContent, ...errorResponses(400, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', NO_STORE);
      const viewerId = ensureViewerId(request, reply);
      await pages.vote(
        request.params.slug,
        request.params.messageId,
        { id: viewerId, ip: request.ip },
        requestCookie(request, ACCESS_COOKIE),
      );
      return reply.code(204).send();
    },
  );

  app.get(
    '/favicon.ico',
    {
      constraints,
      schema: {
        operationId: 'getFavicon',
        security: publicAccess,
        tags,
        summary: 'The default icon (pages name their own: the event logo or this one)',
        description: 'An SVG image.',
      },
    },
    async (request, reply) => {
      const icon = assets.files.get('favicon.svg');
      if (!icon) return sendNotFound(request, reply);
      return reply
        .header('cache-control', 'public, max-age=86400')
        .header('etag', icon.etag)
        .type(icon.contentType)
        .send(icon.body);
    },
  );

  app.get(
    `${ASSET_PREFIX}:file`,
    {
      constraints,
      schema: {
        operationId: 'getViewerAsset',
        security: publicAccess,
        tags,
        summary: "The public page's own files (viewer script, video players)",
        description: 'The file as bytes, immutable (`ETag` answers 304); unknown files a 404 page.',
        params: z.object({ file: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const file = assets.files.get(request.params.file);
      if (!file) return sendNotFound(request, reply);
      reply
        .header('cache-control', IMMUTABLE)
        .header('etag', file.etag)
        // Public, immutable files; the sandboxed preview's opaque origin must be able to load them.
        .header('cross-origin-resource-policy', 'cross-origin')
        .type(file.contentType);
      if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
      return reply.send(file.body);
    },
  );
};

/** Answers the events origin's styled 404 page in the viewer's language. */
export function eventsNotFoundHandler(pages: PublicPageService) {
  let csp: string | undefined;
  return (request: FastifyRequest, reply: FastifyReply): FastifyReply =>
    reply
      .code(404)
      .headers(EVENTS_BASE_HEADERS)
      .header('content-security-policy', (csp ??= eventsPageCsp(request.server.config.eventsUrl)))
      .header('cache-control', PAGE_CACHE_CONTROL)
      .header('vary', 'Accept-Language')
      .type('text/html; charset=utf-8')
      .send(pages.notFoundPage(request.headers['accept-language']));
}
