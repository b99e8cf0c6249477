/** The webhooks module's public face (ADR 037): its routes, its services and what others emit. */
export { webhooksRoutes } from './webhooks.routes.js';
export {
  DEFAULT_WEBHOOK_SENDER_OPTIONS,
  WebhookSender,
  type WebhookSenderOptions,
} from './webhook-sender.js';
export { WebhooksService, type WebhookEmit, type WebhookEmitter } from './webhooks.service.js';
export { systemResolve } from './webhook-url.js';
export { tellTimedStateChanges } from './state-watch.js';
