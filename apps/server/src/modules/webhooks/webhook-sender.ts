import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { BackgroundLoop } from '../../lib/background-loop.js';
import type { Clock } from '../../lib/clock.js';
import type { Mailer, QueuedMail } from '../../lib/mailer/mailer.js';
import type { OutboundFetch } from '../../lib/outbound/outbound-fetch.js';
import { SYSTEM_ACTOR, type AuditLog } from '../audit/index.js';
import { toLanguage } from '../auth/index.js';
import { webhookHeaders } from './webhook-signing.js';
import {
  claimDelivery,
  deleteDeliveriesBefore,
  findDueDeliveryIds,
  insertAttempt,
  updateDelivery,
  updateEndpoint,
  type DeliveryRow,
} from './webhooks.repository.js';

export interface WebhookSenderOptions {
  /** How often due deliveries are looked for (besides the nudges); 0: only when asked. */
  pollIntervalMs: number;
  /**
   * The wait after each failed attempt, Standard Webhooks' schedule: 5 s, 5 min, 30 min, 2 h,
   * 5 h, 10 h, 10 h — eight attempts over about 27 hours, then the delivery has failed.
   */
  retryDelaysMs: readonly number[];
  /** An endpoint is paused after this many deliveries in a row failed for good … */
  pauseAfterFailedDeliveries: number;
  /** … or when its attempts have failed without a success for this long. */
  pauseAfterFailingMs: number;
  /** One attempt's time limit. */
  timeoutMs: number;
  leaseMs: number;
  batchSize: number;
  /** Deliveries and their attempts are deleted this long after they were made. */
  keepMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const DEFAULT_WEBHOOK_SENDER_OPTIONS: WebhookSenderOptions = {
  pollIntervalMs: 5_000,
  retryDelaysMs: [5_000, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR],
  pauseAfterFailedDeliveries: 10,
  pauseAfterFailingMs: 5 * DAY,
  timeoutMs: 10_000,
  // Longer than an attempt's time limit, so a lease never runs out mid-send.
  leaseMs: 2 * MINUTE,
  batchSize: 20,
  keepMs: 30 * DAY,
};

/** The answer's first characters kept in the log. */
const RESPONSE_BODY_CHARS = 1_000;
const USER_AGENT = 'Livent-Webhooks/1.0';

export interface WebhookSenderDependencies {
  db: Kysely<Database>;
  now: Clock;
  log: FastifyBaseLogger;
  outbound: OutboundFetch;
  mailer: Mailer;
  audit: AuditLog;
  /** The dashboard's origin, for the link in the mail about a paused endpoint. */
  publicUrl: string;
  /** Once a minute in a round: the state changes that the time brought (state-watch.ts). */
  everyMinute?: (now: Date) => Promise<void>;
}

/**
 * Sends the webhook deliveries on every instance (docs/decisions/072-webhooks.md): claims due
 * ones with a lease (like the mail outbox, ADR 012), posts them through the outbound client
 * (ADR 041), logs each attempt, retries on Standard Webhooks' schedule and pauses an endpoint
 * that keeps failing, with a mail to its owner.
 */
export class WebhookSender {
  private readonly loop: BackgroundLoop;
  private lastPurge = 0;
  private lastMinute = 0;

  constructor(
    private readonly deps: WebhookSenderDependencies,
    private readonly options: WebhookSenderOptions,
  ) {
    this.loop = new BackgroundLoop({
      run: async () => {
        while (!this.loop.stopping && (await this.round()) >= this.options.batchSize);
      },
      log: deps.log,
      failureMessage: 'webhooks: round failed',
      intervalMs: options.pollIntervalMs,
    });
  }

  start(): void {
    this.loop.start();
  }

  nudge(): void {
    this.loop.nudge();
  }

  /** One round now, waited for (tests; a nudge only runs once started). */
  runNow(): Promise<void> {
    return this.loop.runNow();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  private async round(): Promise<number> {
    const { db, now } = this.deps;
    if (now().getTime() - this.lastPurge >= HOUR) {
      this.lastPurge = now().getTime();
      await deleteDeliveriesBefore(db, new Date(now().getTime() - this.options.keepMs));
    }
    if (this.deps.everyMinute && now().getTime() - this.lastMinute >= MINUTE) {
      this.lastMinute = now().getTime();
      await this.deps.everyMinute(now());
    }
    const ids = await findDueDeliveryIds(db, now(), this.options.batchSize);
    for (const id of ids) {
      if (this.loop.stopping) break;
      const delivery = await claimDelivery(db, id, now(), this.options.leaseMs);
      if (delivery) await this.send(delivery);
    }
    return ids.length;
  }

  private async send(delivery: DeliveryRow): Promise<void> {
    const { db, now, outbound } = this.deps;
    const endpoint = await db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', delivery.endpoint_id)
      .executeTakeFirst();
    if (!endpoint) return;
    const startedAt = now();
    const secrets = [endpoint.secret];
    if (
      endpoint.previous_secret &&
      (endpoint.previous_secret_until ?? '') > startedAt.toISOString()
    )
      secrets.push(endpoint.previous_secret);
    const timestamp = Math.floor(startedAt.getTime() / 1000);
    const started = performance.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    let body: string | null = null;
    try {
      const response = await outbound(endpoint.url, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          ...webhookHeaders(secrets, delivery.id, timestamp, delivery.payload),
          'content-type': 'application/json',
          'user-agent': USER_AGENT,
        },
        body: delivery.payload,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      statusCode = response.status;
      body = (await response.text()).slice(0, RESPONSE_BODY_CHARS);
    } catch (caught) {
      error = caught instanceof Error ? `${caught.name}: ${caught.message}` : String(caught);
    }
    const delivered = statusCode !== null && statusCode >= 200 && statusCode < 300;
    const retryDelay = this.options.retryDelaysMs[delivery.attempts - 1];
    const finished = now();
    const pausedMail = await db.transaction().execute(async (trx) => {
      await insertAttempt(trx, {
        delivery_id: delivery.id,
        attempted_at: startedAt.toISOString(),
        status_code: statusCode,
        error,
        duration_ms: Math.round(performance.now() - started),
        response_body: body,
      });
      await updateDelivery(trx, delivery.id, {
        status: delivered ? 'delivered' : retryDelay === undefined ? 'failed' : 'retrying',
        locked_until: null,
        last_status_code: statusCode,
        next_attempt_at:
          delivered || retryDelay === undefined
            ? null
            : new Date(finished.getTime() + retryDelay).toISOString(),
      });
      if (delivered) {
        await updateEndpoint(trx, endpoint.id, { failed_in_row: 0, failing_since: null });
        return undefined;
      }
      const failedInRow = endpoint.failed_in_row + (retryDelay === undefined ? 1 : 0);
      const failingSince = endpoint.failing_since ?? startedAt.toISOString();
      await updateEndpoint(trx, endpoint.id, {
        failed_in_row: failedInRow,
        failing_since: failingSince,
      });
      const failingTooLong =
        finished.getTime() - new Date(failingSince).getTime() >= this.options.pauseAfterFailingMs;
      if (failedInRow < this.options.pauseAfterFailedDeliveries && !failingTooLong)
        return undefined;
      return this.pause(trx, endpoint.id, endpoint.account_id, endpoint.url);
    });
    if (pausedMail) this.deps.mailer.afterCommit(pausedMail);
    this.deps.log.info(
      { deliveryId: delivery.id, attempts: delivery.attempts, statusCode, error },
      delivered ? 'webhook delivered' : 'webhook attempt failed',
    );
  }

  /** Pauses a failing endpoint and mails its owner, in the attempt's transaction. */
  private async pause(
    trx: Kysely<Database>,
    endpointId: string,
    accountId: string,
    url: string,
  ): Promise<QueuedMail> {
    const { now, mailer, audit, publicUrl } = this.deps;
    await updateEndpoint(trx, endpointId, {
      status: 'paused',
      paused_reason: 'failing',
      updated_at: now().toISOString(),
    });
    await audit.record(
      {
        accountId,
        actor: SYSTEM_ACTOR,
        action: 'webhook.paused',
        details: { id: endpointId, url, reason: 'failing' },
      },
      trx,
    );
    const owner = await trx
      .selectFrom('users')
      .select(['id', 'email', 'name', 'email_language'])
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow();
    return mailer.enqueue(trx, {
      userId: owner.id,
      to: owner.email,
      language: toLanguage(owner.email_language),
      template: 'webhook-paused',
      data: { name: owner.name, url, link: new URL('/account/webhooks', publicUrl).toString() },
    });
  }
}
