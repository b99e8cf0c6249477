import {
  createWebhookEndpointSchema,
  updateWebhookEndpointSchema,
  webhookDeliveriesPageSchema,
  webhookDeliveriesQuerySchema,
  webhookEndpointSchema,
  webhookEndpointsListSchema,
  webhookEndpointWithSecretSchema,
} from '@livent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth, errorResponses, noContent } from '../../lib/openapi.js';
import { auditActor } from '../audit/index.js';
import { requireAuth } from '../auth/index.js';

const tags = ['webhooks'];
const idParams = z.strictObject({ id: z.string().min(1).max(64) });
const deliveryParams = idParams.extend({ deliveryId: z.string().min(1).max(64) });

/**
 * The signed-in account's webhook endpoints and their delivery log (ADR 072). Another account's
 * endpoint or delivery is "Webhook not found", so ids do not leak.
 */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { webhooks, webhookSender } = app.services;
  const secured = { preHandler: app.authenticate };
  app.addHook('onReady', async () => webhookSender.start());
  app.addHook('preClose', async () => webhookSender.stop());

  app.get(
    '/webhooks',
    {
      ...secured,
      schema: {
        operationId: 'listWebhooks',
        tags,
        summary: "The account's webhook endpoints (without their secrets)",
        security: bearerAuth,
        response: { 200: webhookEndpointsListSchema, ...errorResponses(401) },
      },
    },
    async (request) => webhooks.list(requireAuth(request)),
  );

  app.post(
    '/webhooks',
    {
      ...secured,
      schema: {
        operationId: 'createWebhook',
        tags,
        summary: 'Add a webhook endpoint; the answer carries its signing secret',
        description:
          'https, or http to a host the operator admitted (`OUTBOUND_ALLOW`). A URL that names or resolves to an internal address is refused (400, `validation.internalAddress`). 403 "Webhook limit reached" at 20 endpoints.',
        security: bearerAuth,
        body: createWebhookEndpointSchema,
        response: { 201: webhookEndpointWithSecretSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await webhooks.create(requireAuth(request), auditActor(request), request.body)),
  );

  app.get(
    '/webhooks/:id',
    {
      ...secured,
      schema: {
        operationId: 'getWebhook',
        tags,
        summary: 'One webhook endpoint with its signing secret',
        security: bearerAuth,
        params: idParams,
        response: { 200: webhookEndpointWithSecretSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => webhooks.get(requireAuth(request), request.params.id),
  );

  app.patch(
    '/webhooks/:id',
    {
      ...secured,
      schema: {
        operationId: 'updateWebhook',
        tags,
        summary: 'Change, pause or resume a webhook endpoint',
        description:
          'Resuming (`paused: false`) sends the deliveries that waited and clears the failure count.',
        security: bearerAuth,
        params: idParams,
        body: updateWebhookEndpointSchema,
        response: { 200: webhookEndpointSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      webhooks.update(requireAuth(request), auditActor(request), request.params.id, request.body),
  );

  app.delete(
    '/webhooks/:id',
    {
      ...secured,
      schema: {
        operationId: 'deleteWebhook',
        tags,
        summary: 'Delete a webhook endpoint with its delivery log',
        security: bearerAuth,
        params: idParams,
        response: { 204: noContent, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await webhooks.remove(requireAuth(request), auditActor(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/webhooks/:id/test',
    {
      ...secured,
      schema: {
        operationId: 'testWebhook',
        tags,
        summary: 'Queue a `webhook.test` delivery to the endpoint',
        security: bearerAuth,
        params: idParams,
        response: {
          202: z.object({ deliveryId: z.string() }),
          ...errorResponses(401, 404),
        },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await webhooks.sendTest(requireAuth(request), request.params.id)),
  );

  app.post(
    '/webhooks/:id/rotate-secret',
    {
      ...secured,
      schema: {
        operationId: 'rotateWebhookSecret',
        tags,
        summary: 'A new signing secret; the old one also signs for 24 hours',
        security: bearerAuth,
        params: idParams,
        response: { 200: webhookEndpointWithSecretSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) =>
      webhooks.rotateSecret(requireAuth(request), auditActor(request), request.params.id),
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      ...secured,
      schema: {
        operationId: 'listWebhookDeliveries',
        tags,
        summary: "The endpoint's deliveries of the last 30 days, newest first, with their attempts",
        security: bearerAuth,
        params: idParams,
        querystring: webhookDeliveriesQuerySchema,
        response: { 200: webhookDeliveriesPageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      webhooks.deliveries(requireAuth(request), request.params.id, request.query.page),
  );

  app.post(
    '/webhooks/:id/deliveries/:deliveryId/retry',
    {
      ...secured,
      schema: {
        operationId: 'retryWebhookDelivery',
        tags,
        summary: 'Send a delivery again (same `webhook-id`, the whole retry schedule afresh)',
        security: bearerAuth,
        params: deliveryParams,
        response: { 204: noContent, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await webhooks.retry(requireAuth(request), request.params.id, request.params.deliveryId);
      return reply.code(204).send();
    },
  );
};
