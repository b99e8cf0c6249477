import {
  ERROR_MESSAGES,
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  WEBHOOK_ENDPOINT_LIMIT,
  type CreateWebhookEndpoint,
  type UpdateWebhookEndpoint,
  type WebhookDeliveriesPage,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
} from '@livent/shared';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { OutboundAllowList } from '../../lib/outbound/address-policy.js';
import type { AuditActor, AuditLog } from '../audit/index.js';
import type { AuthContext } from '../auth/index.js';
import { checkWebhookUrl, type Resolve } from './webhook-url.js';
import { newWebhookSecret } from './webhook-signing.js';
import {
  deleteEndpoint,
  deliveriesPage,
  findDelivery,
  findEndpoint,
  insertDeliveries,
  insertEndpoint,
  listEndpoints,
  passDebounce,
  updateDelivery,
  updateEndpoint,
  type EndpointRow,
} from './webhooks.repository.js';

/** How long a rotated secret still signs deliveries besides the new one. */
export const PREVIOUS_SECRET_HOURS = 24;

export interface WebhooksDependencies {
  db: Kysely<Database>;
  now: Clock;
  audit: AuditLog;
  outboundAllow: OutboundAllowList;
  resolve: Resolve;
  /** Wakes the sender after new deliveries committed. */
  nudge: () => void;
}

/** What another module tells about: the event type, the Livent event and what happened. */
export interface WebhookEmit {
  type: Exclude<WebhookEventType, 'webhook.test'>;
  eventId: string;
  /** The facts of the change (ids, the person's name and email); the event's own are added. */
  data: Record<string, unknown>;
  /**
   * At most one emit of this type, event and key within `windowMs` (across instances): a
   * person's `attendance.updated` (five minutes), a state change that the time brought, which
   * every instance's pass sees.
   */
  debounce?: { key: string; windowMs: number };
}

/** What a module that tells of its events needs: the service's `emit` (ADR 072). */
export type WebhookEmitter = Pick<WebhooksService, 'emit'>;

type AuditAction = 'webhook.created' | 'webhook.changed' | 'webhook.deleted' | 'webhook.paused';

const parseList = <T>(json: string | null): T[] | null =>
  json === null ? null : (JSON.parse(json) as T[]);

export function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: parseList(row.event_types),
    eventIds: parseList(row.event_ids),
    status: row.status === 'paused' ? 'paused' : row.failing_since ? 'failing' : 'active',
    pausedReason: row.status === 'paused' ? (row.paused_reason as 'owner' | 'failing') : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const withSecret = (row: EndpointRow): WebhookEndpointWithSecret => ({
  ...toEndpoint(row),
  secret: row.secret,
});

/** Whether an endpoint wants an event type of a Livent event. */
function wants(row: EndpointRow, type: WebhookEventType, eventId: string | null): boolean {
  const types = parseList<string>(row.event_types);
  const eventIds = parseList<string>(row.event_ids);
  return (
    (types === null || types.includes(type)) &&
    (eventIds === null || eventId === null || eventIds.includes(eventId))
  );
}

/**
 * An account's webhook endpoints and the deliveries they get (docs/decisions/072-webhooks.md).
 * Other modules call {@link emit} with their transaction, so that a delivery exists exactly when
 * its change was committed; the sender ({@link WebhookSender}) sends them.
 */
export class WebhooksService {
  constructor(private readonly deps: WebhooksDependencies) {}

  async list(auth: AuthContext): Promise<{ endpoints: WebhookEndpoint[]; limit: number }> {
    const rows = await listEndpoints(this.deps.db, auth.user.id);
    return { endpoints: rows.map(toEndpoint), limit: WEBHOOK_ENDPOINT_LIMIT };
  }

  async get(auth: AuthContext, id: string): Promise<WebhookEndpointWithSecret> {
    return withSecret(await this.owned(auth, id));
  }

  async create(
    auth: AuthContext,
    actor: AuditActor,
    input: CreateWebhookEndpoint,
  ): Promise<WebhookEndpointWithSecret> {
    const { db, now } = this.deps;
    const url = await checkWebhookUrl(input.url, this.deps.outboundAllow, this.deps.resolve);
    const at = now().toISOString();
    const id = randomUUID();
    await db.transaction().execute(async (trx) => {
      const count = (await listEndpoints(trx, auth.user.id)).length;
      if (count >= WEBHOOK_ENDPOINT_LIMIT) throw forbidden(ERROR_MESSAGES.webhookLimitReached);
      await insertEndpoint(trx, {
        id,
        account_id: auth.user.id,
        url,
        description: input.description ?? '',
        event_types: input.eventTypes ? JSON.stringify(input.eventTypes) : null,
        event_ids: input.eventIds ? JSON.stringify(input.eventIds) : null,
        secret: newWebhookSecret(),
        previous_secret: null,
        previous_secret_until: null,
        status: 'active',
        paused_reason: null,
        failing_since: null,
        created_at: at,
        updated_at: at,
      });
      await this.audit(trx, auth, actor, 'webhook.created', { id, url });
    });
    return this.get(auth, id);
  }

  async update(
    auth: AuthContext,
    actor: AuditActor,
    id: string,
    input: UpdateWebhookEndpoint,
  ): Promise<WebhookEndpoint> {
    const { db, now } = this.deps;
    const row = await this.owned(auth, id);
    const url =
      input.url === undefined
        ? row.url
        : await checkWebhookUrl(input.url, this.deps.outboundAllow, this.deps.resolve);
    const pausing = input.paused === true && row.status !== 'paused';
    const resuming = input.paused === false && row.status === 'paused';
    const changes = {
      ...(url !== row.url ? { url } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.eventTypes !== undefined
        ? { event_types: input.eventTypes ? JSON.stringify(input.eventTypes) : null }
        : {}),
      ...(input.eventIds !== undefined
        ? { event_ids: input.eventIds ? JSON.stringify(input.eventIds) : null }
        : {}),
    };
    await db.transaction().execute(async (trx) => {
      await updateEndpoint(trx, id, {
        ...changes,
        ...(pausing ? { status: 'paused', paused_reason: 'owner' } : {}),
        // Resuming starts the failure count afresh: the owner says the receiver is back.
        ...(resuming
          ? { status: 'active', paused_reason: null, failed_in_row: 0, failing_since: null }
          : {}),
        updated_at: now().toISOString(),
      });
      if (Object.keys(changes).length > 0 || resuming) {
        await this.audit(trx, auth, actor, 'webhook.changed', {
          id,
          fields: [...Object.keys(changes), ...(resuming ? ['resumed'] : [])],
        });
      }
      if (pausing) await this.audit(trx, auth, actor, 'webhook.paused', { id, url });
    });
    // Deliveries waiting for the endpoint go on at once.
    if (resuming) this.deps.nudge();
    return toEndpoint(await this.owned(auth, id));
  }

  async remove(auth: AuthContext, actor: AuditActor, id: string): Promise<void> {
    const row = await this.owned(auth, id);
    await this.deps.db.transaction().execute(async (trx) => {
      await deleteEndpoint(trx, id);
      await this.audit(trx, auth, actor, 'webhook.deleted', { id, url: row.url });
    });
  }

  /** A new secret; the old one goes on signing for {@link PREVIOUS_SECRET_HOURS} besides it. */
  async rotateSecret(
    auth: AuthContext,
    actor: AuditActor,
    id: string,
  ): Promise<WebhookEndpointWithSecret> {
    const { db, now, audit } = this.deps;
    const row = await this.owned(auth, id);
    await db.transaction().execute(async (trx) => {
      await updateEndpoint(trx, id, {
        secret: newWebhookSecret(),
        previous_secret: row.secret,
        previous_secret_until: new Date(
          now().getTime() + PREVIOUS_SECRET_HOURS * 3_600_000,
        ).toISOString(),
        updated_at: now().toISOString(),
      });
      await audit.record(
        { accountId: auth.user.id, actor, action: 'webhook.secret_rotated', details: { id } },
        trx,
      );
    });
    return this.get(auth, id);
  }

  /** Queues a `webhook.test` delivery to this endpoint alone. */
  async sendTest(auth: AuthContext, id: string): Promise<{ deliveryId: string }> {
    const row = await this.owned(auth, id);
    const [deliveryId] = await insertDeliveries(
      this.deps.db,
      [
        {
          endpointId: row.id,
          eventType: 'webhook.test',
          payload: this.payload('webhook.test', { endpointId: row.id }),
        },
      ],
      this.deps.now(),
    );
    this.deps.nudge();
    return { deliveryId: deliveryId! };
  }

  /** "Send again": the delivery is queued afresh with the whole retry schedule, same id. */
  async retry(auth: AuthContext, id: string, deliveryId: string): Promise<void> {
    const row = await this.owned(auth, id);
    const delivery = await findDelivery(this.deps.db, row.id, deliveryId);
    if (!delivery) throw notFound(ERROR_MESSAGES.webhookNotFound);
    await updateDelivery(this.deps.db, delivery.id, {
      status: 'queued',
      attempts: 0,
      next_attempt_at: this.deps.now().toISOString(),
      locked_until: null,
    });
    this.deps.nudge();
  }

  async deliveries(auth: AuthContext, id: string, page: number): Promise<WebhookDeliveriesPage> {
    const row = await this.owned(auth, id);
    const pageSize = WEBHOOK_DELIVERIES_PAGE_SIZE;
    const found = await deliveriesPage(this.deps.db, row.id, page, pageSize);
    return {
      deliveries: found.rows.map((delivery) => {
        const log = found.attempts.filter((attempt) => attempt.delivery_id === delivery.id);
        return {
          id: delivery.id,
          eventType: delivery.event_type as WebhookEventType,
          status: delivery.status,
          attempts: log.length,
          lastStatusCode: delivery.last_status_code,
          nextAttemptAt: delivery.status === 'delivered' ? null : delivery.next_attempt_at,
          createdAt: delivery.created_at,
          log: log.map((attempt) => ({
            attemptedAt: attempt.attempted_at,
            statusCode: attempt.status_code,
            error: attempt.error,
            durationMs: attempt.duration_ms,
            responseBody: attempt.response_body,
          })),
        };
      }),
      total: found.total,
      page,
      pageSize,
    };
  }

  /**
   * Queues the event for every active endpoint of the event's owner that wants it, in `db` (the
   * change's transaction, so that nothing is lost on a crash). Call `nudge` after the commit, or
   * let the sender's next poll find it.
   */
  async emit(emit: WebhookEmit, db: Kysely<Database> = this.deps.db): Promise<void> {
    const event = await db
      .selectFrom('events')
      .select(['id', 'slug', 'title', 'owner_id'])
      .where('id', '=', emit.eventId)
      .executeTakeFirst();
    if (!event) return;
    const endpoints = (await listEndpoints(db, event.owner_id)).filter(
      (row) => row.status === 'active' && wants(row, emit.type, event.id),
    );
    if (endpoints.length === 0) return;
    if (
      emit.debounce &&
      !(await passDebounce(
        db,
        `${emit.type}:${event.id}:${emit.debounce.key}`,
        this.deps.now(),
        emit.debounce.windowMs,
      ))
    ) {
      return;
    }
    const payload = this.payload(emit.type, {
      event: { id: event.id, slug: event.slug, title: event.title },
      ...emit.data,
    });
    await insertDeliveries(
      db,
      endpoints.map((row) => ({ endpointId: row.id, eventType: emit.type, payload })),
      this.deps.now(),
    );
    this.deps.nudge();
  }

  /** Standard Webhooks' recommended body: `{ type, timestamp, data }`. */
  private payload(type: WebhookEventType, data: Record<string, unknown>): string {
    return JSON.stringify({ type, timestamp: this.deps.now().toISOString(), data });
  }

  private async owned(auth: AuthContext, id: string): Promise<EndpointRow> {
    const row = await findEndpoint(this.deps.db, auth.user.id, id);
    if (!row) throw notFound(ERROR_MESSAGES.webhookNotFound);
    return row;
  }

  private audit(
    db: Kysely<Database>,
    auth: AuthContext,
    actor: AuditActor,
    action: AuditAction,
    details: Record<string, unknown>,
  ): Promise<void> {
    return this.deps.audit.record({ accountId: auth.user.id, actor, action, details }, db);
  }
}
