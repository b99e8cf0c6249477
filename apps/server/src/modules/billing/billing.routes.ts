import {
  accountPlanSchema,
  checkoutRequestSchema,
  checkoutResponseSchema,
  paymentsPageSchema,
  paymentsQuerySchema,
  planCatalogueSchema,
} from '@livent/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/errors.js';
import { bearerAuth, errorResponses, publicAccess, textResponse } from '../../lib/openapi.js';
import { auditActor } from '../audit/index.js';
import { requireAuth } from '../auth/index.js';
import { SandboxProvider } from './sandbox.js';
import { renderSandboxCheckout } from './sandbox-page.js';

const tags = ['billing'];
export const WEBHOOK_PATH = '/billing/webhook';
const sandboxQuerySchema = z.strictObject({ token: z.string().min(1).max(2000) });

/** Plans and billing (docs/product-spec.md sections 2 and 3; ADR 028). */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { billing, billingWorker } = app.services;
  const secured = { preHandler: app.authenticate };

  // The worker applies what the webhook route stores; it stops before the database closes.
  app.addHook('onReady', async () => billingWorker.start());
  app.addHook('preClose', async () => billingWorker.stop());

  app.get(
    '/plans',
    {
      schema: {
        operationId: 'listPlans',
        tags,
        summary: 'The plan catalogue: prices (monthly, annual) excluding VAT, features and limits',
        security: publicAccess,
        response: { 200: planCatalogueSchema },
      },
    },
    async () => billing.catalogue(),
  );

  app.get(
    '/account/plan',
    {
      ...secured,
      schema: {
        operationId: 'getAccountPlan',
        tags,
        summary: "The account's plan: the one that applies, expiry, subscription, usage",
        description:
          'Whether the account may change its plan itself (`canManage`): not on custom-type or tester plans, nor while a past-due or paused subscription still holds the plan (`manageBlockedBy`).',
        security: bearerAuth,
        response: { 200: accountPlanSchema, ...errorResponses(401) },
      },
    },
    async (request) => billing.accountPlan(requireAuth(request)),
  );

  app.post(
    '/account/plan/checkout',
    {
      ...secured,
      schema: {
        operationId: 'checkoutPlan',
        tags,
        summary: "Change plan: the provider's checkout address, or null when changed in place",
        description:
          'Without a running subscription the answer is the checkout address to open; a running subscription is moved to the plan at the provider (`url` null) and the plan follows with its webhook. "Changing plan failed" with 403 when the account may not manage its plan, 502 when the provider failed, 503 when billing is not set up.',
        security: bearerAuth,
        body: checkoutRequestSchema,
        response: { 200: checkoutResponseSchema, ...errorResponses(400, 401, 403, 502, 503) },
      },
    },
    async (request) => billing.checkout(requireAuth(request), request.body),
  );

  app.post(
    '/account/plan/trial',
    {
      ...secured,
      schema: {
        operationId: 'startPlanTrial',
        tags,
        summary: "Start the account's one trial; answers the account's plan",
        description:
          'The trial plan for the days the installation offers (`trial.days` of `GET /account/plan`), once per account: "Trial already used" (409) the second time; "No trial available" (400) when the installation offers none or a plan other than free applies.',
        security: bearerAuth,
        response: { 200: accountPlanSchema, ...errorResponses(400, 401, 409) },
      },
    },
    async (request) => billing.startTrial(requireAuth(request), auditActor(request)),
  );

  app.get(
    '/account/payments',
    {
      ...secured,
      schema: {
        operationId: 'listPayments',
        tags,
        summary: 'The payment history, newest first',
        security: bearerAuth,
        querystring: paymentsQuerySchema,
        response: { 200: paymentsPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => billing.payments(requireAuth(request), request.query),
  );

  app.get(
    '/account/payments/:id/receipt',
    {
      ...secured,
      schema: {
        operationId: 'getPaymentReceipt',
        tags,
        summary: "The address of a payment's receipt",
        description:
          "A fresh address of the provider's invoice (Paddle's expire after a while, so the dashboard asks when the receipt is opened). 404 for another account's payment and for one without a receipt.",
        security: bearerAuth,
        params: z.strictObject({ id: z.string().min(1).max(64) }),
        response: { 200: z.object({ url: z.string() }), ...errorResponses(401, 404, 502) },
      },
    },
    async (request) => billing.receipt(requireAuth(request), request.params.id),
  );

  // The webhook is verified on its raw bytes: its own context takes every body as a Buffer.
  await app.register(async (context) => {
    const raw = context.withTypeProvider<ZodTypeProvider>();
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });

    raw.post(
      WEBHOOK_PATH,
      {
        schema: {
          operationId: 'receiveBillingWebhook',
          tags,
          summary: "The billing provider's signed webhooks",
          description:
            'Verified on the raw body (`Paddle-Signature: ts=…;h1=…`, HMAC-SHA256 over `ts:body`, a few seconds of tolerance), stored once per event id and answered at once; a worker applies them. 401 without a valid signature, 400 for a signed body that is not an event, 404 when billing is not set up.',
          security: publicAccess,
          response: { 200: z.object({ received: z.boolean() }), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['paddle-signature'];
        await billing.receiveWebhook(body, typeof signature === 'string' ? signature : undefined);
        return { received: true };
      },
    );

    const sandbox = billing.provider instanceof SandboxProvider ? billing.provider : undefined;
    if (!sandbox) return;
    // The sandbox's webhooks take the same route as the provider's, through the whole server.
    sandbox.setDelivery(
      async (body, signature) =>
        (
          await app.inject({
            method: 'POST',
            // Under the API prefix, as app.ts registers this plugin, on the dashboard's host,
            // where alone the API answers (ADR 043).
            url: `/api${WEBHOOK_PATH}`,
            authority: new URL(app.config.publicUrl).host,
            headers: { 'content-type': 'application/json', 'paddle-signature': signature },
            payload: body,
          })
        ).statusCode,
    );

    raw.get(
      '/billing/sandbox/checkout',
      {
        schema: {
          operationId: 'getSandboxCheckout',
          tags,
          summary: "The sandbox provider's checkout page (development and tests only)",
          security: publicAccess,
          querystring: sandboxQuerySchema,
          response: {
            200: textResponse('text/html', 'The checkout page'),
            ...errorResponses(400, 404),
          },
        },
      },
      async (request, reply) => {
        const checkout = sandbox.readCheckout(request.query.token);
        if (!checkout) throw new HttpError(404, 'Not found');
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(renderSandboxCheckout(checkout, request.query.token));
      },
    );

    raw.post(
      '/billing/sandbox/checkout',
      {
        schema: {
          operationId: 'confirmSandboxCheckout',
          tags,
          summary: 'Confirms a sandbox checkout: its webhooks go to the webhook route',
          security: publicAccess,
          querystring: sandboxQuerySchema,
          response: { 303: z.undefined(), ...errorResponses(400, 404) },
        },
      },
      async (request, reply) => {
        const checkout = sandbox.readCheckout(request.query.token);
        if (!checkout) throw new HttpError(404, 'Not found');
        await sandbox.confirmCheckout(checkout);
        return reply.code(303).redirect(`${app.config.publicUrl}/account/plan`, 303);
      },
    );
  });
};
