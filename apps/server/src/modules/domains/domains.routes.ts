import {
  createDomainSchema,
  customDomainSchema,
  domainsListSchema,
  updateDomainSchema,
} from '@livent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth, errorResponses, noContent, publicAccess } from '../../lib/openapi.js';
import { notFound } from '../../lib/errors.js';
import { registerLocalRateLimit } from '../../lib/rate-limit.js';
import { auditActor } from '../audit/index.js';
import { requireAuth } from '../auth/index.js';

const tags = ['domains'];
const idParams = z.strictObject({ domainId: z.string().min(1).max(64) });

/**
 * Custom domains of the signed-in account (docs/product-spec.md sections 2–4 and 8; ADR 030).
 * Another account's domain is "Domain not found", so ids do not leak.
 */
export const domainsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { service, worker, table } = app.services.domains;
  const secured = { preHandler: app.authenticate };
  app.addHook('onReady', async () => {
    await table.start();
    worker.start();
  });
  app.addHook('preClose', async () => {
    await Promise.all([table.stop(), worker.stop()]);
  });

  app.get(
    '/domains',
    {
      ...secured,
      schema: {
        operationId: 'listDomains',
        tags,
        summary: "The account's custom domains with their status and the DNS records to set",
        description:
          '`limit` is how many domains the effective plan allows; `canShare` whether `shared` has an effect (enterprise admins: the members’ events are served too).',
        security: bearerAuth,
        response: { 200: domainsListSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.list(requireAuth(request)),
  );

  app.post(
    '/domains',
    {
      ...secured,
      schema: {
        operationId: 'createDomain',
        tags,
        summary: 'Add a custom domain (checked at once, then periodically)',
        description:
          'The name is lower-cased and an internationalised one stored in its ASCII form. 403 "Feature not available on your plan" without CUSTOM_DOMAIN, 403 "Domain limit reached" at the plan\'s limit, 409 "Domain already taken" when any account holds the name (an unverified claim older than three days gives way), 400 for our own hostnames.',
        security: bearerAuth,
        body: createDomainSchema,
        response: { 201: customDomainSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.create(requireAuth(request), request.body.name, auditActor(request))),
  );

  app.patch(
    '/domains/:domainId',
    {
      ...secured,
      schema: {
        operationId: 'updateDomain',
        tags,
        summary: 'Change the default flag, redirect URL or shared flag',
        description:
          'One default per account: setting it clears the others. `redirectUrl` (https) is where `/` on the domain leads.',
        security: bearerAuth,
        params: idParams,
        body: updateDomainSchema,
        response: { 200: customDomainSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.update(requireAuth(request), request.params.domainId, request.body),
  );

  app.delete(
    '/domains/:domainId',
    {
      ...secured,
      schema: {
        operationId: 'deleteDomain',
        tags,
        summary: 'Delete a custom domain (it stops serving at once)',
        security: bearerAuth,
        params: idParams,
        response: { 204: noContent, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await service.remove(requireAuth(request), request.params.domainId, auditActor(request));
      return reply.code(204).send();
    },
  );

  app.post(
    '/domains/:domainId/check',
    {
      ...secured,
      schema: {
        operationId: 'checkDomain',
        tags,
        summary: "Check the domain's DNS now",
        description:
          'Starts the periodic re-checks afresh. Limited per account (429 with `Retry-After`). A domain disabled for the plan stays disabled until the plan allows it again.',
        security: bearerAuth,
        params: idParams,
        response: { 200: customDomainSchema, ...errorResponses(401, 404, 429) },
      },
    },
    async (request) => service.recheck(requireAuth(request), request.params.domainId),
  );
};

/** Where Caddy's on-demand TLS asks (`on_demand_tls { ask … }`; README, "Custom domains"). */
export const TLS_ASK_PATH = '/_livent/tls-ask';

/**
 * How many names that are no active domain one address may ask about per minute (ADR 043):
 * generous, as Caddy asks for every new name a client sends it, and per instance.
 */
export const TLS_ASK_LIMIT = { max: 300, timeWindow: '1 minute' } as const;

/**
 * Caddy's `ask` for on-demand certificates (ADR 030): 200 only for an active custom domain, 404
 * otherwise, from the in-memory table (no DNS, no database), on any host (ADR 043). Names that
 * are no active domain count against {@link TLS_ASK_LIMIT} (429 beyond it); an active domain is
 * answered before the limit counts, so that a flood of made-up names never refuses it.
 */
export const tlsAskRoutes: FastifyPluginAsyncZod = async (app) => {
  const { table } = app.services.domains;
  const limitUnknownNames = await registerLocalRateLimit(app, TLS_ASK_LIMIT);
  app.get(
    TLS_ASK_PATH,
    {
      config: { securityHeaders: false, hosts: 'any' },
      schema: {
        operationId: 'askTlsCertificate',
        tags: ['public'],
        summary: 'Whether a TLS certificate may be issued for a hostname (Caddy on-demand `ask`)',
        description:
          '200 for an active custom domain, 404 for any other name. Other names are limited per address (429 with `Retry-After`); an active domain is never refused.',
        security: publicAccess,
        querystring: z.strictObject({ domain: z.string().max(300).optional() }),
        response: { 200: noContent, ...errorResponses(400, 404, 429) },
      },
    },
    async function (request, reply) {
      reply.header('cache-control', 'no-store');
      if (table.lookup(request.query.domain)) return reply.code(200).send();
      // Throws the 429 once the address asked about too many other names.
      await limitUnknownNames.call(this, request, reply);
      throw notFound();
    },
  );
};
