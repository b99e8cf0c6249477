import { z } from 'zod';
import { fields, singleLineText } from './validation.js';

/**
 * Webhooks (docs/decisions/072-webhooks.md, docs/webhooks.md): an account's endpoints receive
 * these events as Standard Webhooks deliveries, signed with the endpoint's secret.
 */
export const WEBHOOK_EVENT_TYPES = [
  'registration.created',
  'invitation.signed_in',
  'message.created',
  'question.approved',
  'poll.closed',
  'event.state_changed',
  'attendance.updated',
  'webhook.test',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Endpoints per account. */
export const WEBHOOK_ENDPOINT_LIMIT = 20;

/** `failing`: active, but its latest deliveries failed; `paused`: by the owner or after failing. */
export const WEBHOOK_ENDPOINT_STATUSES = ['active', 'failing', 'paused'] as const;
export type WebhookEndpointStatus = (typeof WEBHOOK_ENDPOINT_STATUSES)[number];

/** Why an endpoint is paused: by its owner, or by Livent after its deliveries kept failing. */
export const WEBHOOK_PAUSED_REASONS = ['owner', 'failing'] as const;

export const WEBHOOK_DELIVERY_STATUSES = ['queued', 'retrying', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Deliveries per page of an endpoint's log. */
export const WEBHOOK_DELIVERIES_PAGE_SIZE = 20;

const eventTypes = z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1).max(WEBHOOK_EVENT_TYPES.length);
const eventIds = z.array(z.string().min(1).max(64)).min(1).max(100);

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  /** The event types it receives; null: all. */
  eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)).nullable(),
  /** The Livent events it is limited to; null: all of the account's. */
  eventIds: z.array(z.string()).nullable(),
  status: z.enum(WEBHOOK_ENDPOINT_STATUSES),
  pausedReason: z.enum(WEBHOOK_PAUSED_REASONS).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** One endpoint with its signing secret (`whsec_…`), shown on demand. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({
  secret: z.string(),
});
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const webhookEndpointsListSchema = z.object({
  endpoints: z.array(webhookEndpointSchema),
  limit: z.number().int(),
});

export const createWebhookEndpointSchema = z.strictObject({
  url: fields.url(),
  description: singleLineText({ max: 200 }).optional(),
  eventTypes: eventTypes.nullable().optional(),
  eventIds: eventIds.nullable().optional(),
});
export type CreateWebhookEndpoint = z.infer<typeof createWebhookEndpointSchema>;

export const updateWebhookEndpointSchema = z.strictObject({
  url: fields.url().optional(),
  description: singleLineText({ max: 200 }).optional(),
  eventTypes: eventTypes.nullable().optional(),
  eventIds: eventIds.nullable().optional(),
  /** Pause or resume; resuming clears the failure count. */
  paused: z.boolean().optional(),
});
export type UpdateWebhookEndpoint = z.infer<typeof updateWebhookEndpointSchema>;

export const webhookAttemptSchema = z.object({
  attemptedAt: z.string(),
  /** The answer's status; null when none came (`error` says why). */
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
  /** The answer's first characters. */
  responseBody: z.string().nullable(),
});

export const webhookDeliverySchema = z.object({
  id: z.string(),
  eventType: z.enum(WEBHOOK_EVENT_TYPES),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  /** The attempts, oldest first. */
  log: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesPageSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type WebhookDeliveriesPage = z.infer<typeof webhookDeliveriesPageSchema>;

export const webhookDeliveriesQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
