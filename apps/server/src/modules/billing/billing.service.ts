import { randomUUID } from 'node:crypto';
import {
  ERROR_MESSAGES,
  isCustomPlan,
  isPlanName,
  isSubscriptionStatus,
  MONTHLY_PRICES_CENTS,
  PLAN_ALLOWANCES,
  PLAN_CURRENCY,
  planExpiresInDays,
  planPriceCents,
  PURCHASABLE_PLANS,
  BILLING_INTERVALS,
  ANNUAL_DISCOUNT_PERCENT,
  MONEY_BACK_DAYS,
  type AccountPlan,
  type BillingInterval,
  type CheckoutRequest,
  type CheckoutResponse,
  type EffectivePlan,
  type PaymentsPage,
  type PaymentsQuery,
  type PlanCatalogue,
  type PlanManagementBlock,
  type PlanName,
} from '@livent/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { HttpError, badRequest, conflict, notFound, unauthorized } from '../../lib/errors.js';
import { SYSTEM_ACTOR, type AuditActor, type AuditLog } from '../audit/index.js';
import { type AuthContext, updateUser, type UserRow } from '../auth/index.js';
import {
  claimTrial,
  findPayment,
  findPaymentOfUser,
  findSubscription,
  findSubscriptionById,
  insertPayment,
  insertSubscription,
  insertWebhook,
  paymentsOfUser,
  subscriptionsOfUser,
  subscriptionsToReconcile,
  updatePayment,
  updateSubscription,
  type WebhookRow,
} from './billing.repository.js';
import { planConsumptionOf, planOf } from '../plans/index.js';
import {
  BillingProviderError,
  MalformedWebhookError,
  type BillingEvent,
  type BillingProvider,
  type PaymentState,
  type SubscriptionState,
} from './provider.js';

export interface BillingDependencies {
  db: Kysely<Database>;
  now: Clock;
  log: FastifyBaseLogger;
  /** Undefined: billing is not set up (checkout answers 503, the webhook 404). */
  provider: BillingProvider | undefined;
  /** Told after a webhook is stored (the worker applies it). */
  onWebhookStored?: () => void;
  /** The trial an account may start once (`PLAN_TRIAL_DAYS`); 0: none (ADR 053). */
  trialDays?: number;
  /** The promo banner's message per language (`PROMO_MESSAGE_EN`, `PROMO_MESSAGE_DE`). */
  promoMessages?: { en: string | undefined; de: string | undefined };
  /** Records plan changes in their transaction (ADR 069). */
  audit: AuditLog;
}

/** What applying one webhook came to (its inbox status). */
export type WebhookOutcome = 'applied' | 'stale' | 'ignored' | 'unmatched';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Subscriptions the provider still bills: they hold the account's plan. */
const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due']);

/** "Changing plan failed (try again or contact support)" (docs/product-spec.md section 8). */
const planChangeFailed = (status: number) => new HttpError(status, ERROR_MESSAGES.planChangeFailed);

/** The plans compared on the plan screen: free, the two sold, and enterprise (through sales). */
const CATALOGUE_PLANS: PlanName[] = ['free', ...PURCHASABLE_PLANS, 'enterprise-admin'];

/**
 * Plans and billing (docs/product-spec.md sections 2, 3 and 9; ADR 028): the catalogue, the
 * account's plan, checkout through the provider, the payment history, and the webhook inbox
 * that the worker applies.
 */
export class BillingService {
  constructor(private readonly deps: BillingDependencies) {}

  get provider(): BillingProvider | undefined {
    return this.deps.provider;
  }

  catalogue(): PlanCatalogue {
    return {
      plans: CATALOGUE_PLANS.map((name) => {
        const purchasable = (PURCHASABLE_PLANS as readonly string[]).includes(name);
        const plan = name as (typeof PURCHASABLE_PLANS)[number];
        return {
          name,
          purchasable,
          prices: purchasable
            ? BILLING_INTERVALS.map((interval) => ({
                interval,
                amount: planPriceCents(plan, interval),
                currency: PLAN_CURRENCY,
                monthlyAmount:
                  interval === 'month'
                    ? MONTHLY_PRICES_CENTS[plan]
                    : Math.round(planPriceCents(plan, interval) / 12),
              }))
            : [],
          features: PLAN_ALLOWANCES[name].features,
          limit: PLAN_ALLOWANCES[name].limit,
        };
      }),
      annualDiscountPercent: ANNUAL_DISCOUNT_PERCENT,
      moneyBackDays: MONEY_BACK_DAYS,
      pricesIncludeVat: false,
    };
  }

  async accountPlan(auth: AuthContext): Promise<AccountPlan> {
    const { db, now } = this.deps;
    const user = auth.user;
    const at = now();
    const effective = planOf(user, at);
    const subscription = user.subscription_id
      ? await findSubscriptionById(db, user.subscription_id)
      : undefined;
    const status = isSubscriptionStatus(user.subscription_status) ? user.subscription_status : null;
    const blockedBy = manageBlock(effective, status);
    const promo = this.deps.promoMessages;
    return {
      plan: effective.plan,
      storedPlan: isPlanName(user.plan) ? user.plan : 'free',
      planExpires: user.plan_expires,
      planExpiresInDays: planExpiresInDays(user.plan_expires, at, user.timezone),
      subscriptionStatus: status,
      billingInterval: toInterval(subscription?.interval),
      nextBillDate:
        subscription && LIVE_STATUSES.has(subscription.status) ? subscription.next_bill_at : null,
      planAllowance: effective.allowance,
      planConsumption: await planConsumptionOf(db, user.id),
      canManage: blockedBy === null,
      manageBlockedBy: blockedBy,
      checkout: this.deps.provider !== undefined,
      trial: this.trialOffer(user, effective),
      promo: { en: promo?.en ?? null, de: promo?.de ?? null },
    };
  }

  /** The installation's trial for this account, null when it offers none (ADR 053). */
  private trialOffer(user: UserRow, effective: EffectivePlan): AccountPlan['trial'] {
    const days = this.deps.trialDays ?? 0;
    if (days === 0) return null;
    const used = user.trial_started_at !== null;
    return { days, used, startable: !used && effective.plan === 'free' };
  }

  /**
   * Starts the account's one trial (ADR 053): the trial plan for `PLAN_TRIAL_DAYS` from now.
   * Refused with 409 "Trial already used" once it had one (recorded in the same transaction, so
   * racing starts grant one), and with 400 "No trial available" when the installation offers
   * none or another plan than free applies.
   */
  async startTrial(auth: AuthContext, actor: AuditActor): Promise<AccountPlan> {
    const { db, now } = this.deps;
    const at = now();
    const offer = this.trialOffer(auth.user, planOf(auth.user, at));
    if (!offer) throw badRequest(ERROR_MESSAGES.trialNotAvailable);
    if (offer.used) throw conflict(ERROR_MESSAGES.trialUsed);
    if (!offer.startable) throw badRequest(ERROR_MESSAGES.trialNotAvailable);
    const user = await db.transaction().execute(async (trx) => {
      if (!(await claimTrial(trx, auth.user.id, at.toISOString()))) {
        throw conflict(ERROR_MESSAGES.trialUsed);
      }
      await this.recordPlanChange(trx, auth.user.id, auth.user.plan, 'trial', actor);
      return updateUser(trx, auth.user.id, {
        plan: 'trial',
        plan_expires: new Date(at.getTime() + offer.days * DAY_MS).toISOString(),
        subscription_status: null,
        subscription_id: null,
        updated_at: at.toISOString(),
      });
    });
    if (!user) throw notFound();
    return this.accountPlan({ ...auth, user });
  }

  /**
   * Starts a plan change: a running subscription is moved to the new plan at the provider (the
   * plan follows with its webhook); otherwise the provider's checkout address is answered.
   */
  async checkout(auth: AuthContext, input: CheckoutRequest): Promise<CheckoutResponse> {
    const { db, now, log, provider } = this.deps;
    if (!provider) throw planChangeFailed(503);
    const user = auth.user;
    const status = isSubscriptionStatus(user.subscription_status) ? user.subscription_status : null;
    if (manageBlock(planOf(user, now()), status) !== null) throw planChangeFailed(403);
    const current = user.subscription_id
      ? await findSubscriptionById(db, user.subscription_id)
      : undefined;
    try {
      if (current && current.provider === provider.name && LIVE_STATUSES.has(current.status)) {
        if (current.plan !== input.plan || current.interval !== input.interval) {
          await provider.changeSubscription(
            current.provider_subscription_id,
            input.plan,
            input.interval,
          );
        }
        return { url: null };
      }
      return {
        url: await provider.createCheckout({
          userId: user.id,
          email: user.email,
          plan: input.plan,
          interval: input.interval,
        }),
      };
    } catch (error) {
      if (!(error instanceof BillingProviderError)) throw error;
      log.warn({ err: error, userId: user.id }, 'billing: the provider refused a plan change');
      throw planChangeFailed(502);
    }
  }

  async payments(auth: AuthContext, query: PaymentsQuery): Promise<PaymentsPage> {
    const { rows, total } = await paymentsOfUser(this.deps.db, auth.user.id, {
      offset: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
    });
    return {
      items: rows.map((row) => ({
        id: row.id,
        timestamp: row.paid_at,
        gross: row.gross,
        currency: row.currency,
        method: row.method,
        status: row.status,
        receiptUrl: row.receipt_url,
        hasReceipt:
          row.receipt_url !== null ||
          (row.status === 'completed' &&
            this.deps.provider?.name === row.provider &&
            this.deps.provider.issuesReceipts),
      })),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /**
   * The receipt of one of the account's payments: the stored address, else a fresh one from the
   * provider (Paddle's expire). 404 for another account's payment and for one without receipt.
   */
  async receipt(auth: AuthContext, paymentId: string): Promise<{ url: string }> {
    const { db, log, provider } = this.deps;
    const payment = await findPaymentOfUser(db, auth.user.id, paymentId);
    if (!payment) throw notFound();
    if (payment.receipt_url) return { url: payment.receipt_url };
    if (!provider || provider.name !== payment.provider) throw notFound();
    let url: string | undefined;
    try {
      url = await provider.receiptUrl(payment.provider_payment_id);
    } catch (error) {
      if (!(error instanceof BillingProviderError)) throw error;
      log.warn({ err: error, paymentId }, 'billing: the provider refused a receipt');
      throw new HttpError(502, ERROR_MESSAGES.serviceUnavailable);
    }
    if (!url) throw notFound();
    return { url };
  }

  /**
   * Cancels at the provider, at once, every subscription of the account it still bills (before
   * the account is deleted). A provider failure answers 502 "Service unavailable" and the
   * account stays, so that nobody is billed for an account that no longer exists; without a
   * provider at all it is logged for the operator.
   */
  async cancelSubscriptions(userId: string): Promise<void> {
    const { db, log, provider } = this.deps;
    const live = (await subscriptionsOfUser(db, userId)).filter(
      (row) => LIVE_STATUSES.has(row.status) || row.status === 'paused',
    );
    if (live.length === 0) return;
    if (!provider) {
      // Nothing can reach the provider; refusing would only keep the account forever.
      log.error(
        { userId },
        'billing: subscriptions of a deleted account must be cancelled by hand',
      );
      return;
    }
    for (const row of live) {
      if (row.provider !== provider.name) continue;
      try {
        await provider.cancelSubscription(row.provider_subscription_id);
      } catch (error) {
        if (!(error instanceof BillingProviderError)) throw error;
        log.warn({ err: error, subscriptionId: row.id }, 'billing: cancelling for deletion failed');
        throw new HttpError(502, ERROR_MESSAGES.serviceUnavailable);
      }
      log.info({ subscriptionId: row.id }, 'billing: subscription cancelled with its account');
    }
  }

  /**
   * A webhook delivery: verified on its raw bytes, stored once per event id (a replay changes
   * nothing) and answered at once; the worker applies it (ADR 028).
   */
  async receiveWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
    const { db, now, log, provider } = this.deps;
    if (!provider) throw notFound();
    const at = now();
    if (!provider.verifyWebhook(rawBody, signature, at)) {
      log.warn('billing: refused a webhook without a valid signature');
      throw unauthorized();
    }
    const payload = rawBody.toString('utf8');
    let event: BillingEvent;
    try {
      event = provider.parseWebhook(payload);
    } catch (error) {
      if (!(error instanceof MalformedWebhookError)) throw error;
      log.warn({ reason: error.message }, 'billing: refused a signed webhook that is not an event');
      throw badRequest();
    }
    const stored = await insertWebhook(db, {
      provider: provider.name,
      event_id: event.eventId,
      event_type: event.type,
      occurred_at: event.occurredAt,
      payload,
      status: 'pending',
      next_attempt_at: at.toISOString(),
      locked_until: null,
      last_error: null,
      received_at: at.toISOString(),
      processed_at: null,
    });
    if (stored) this.deps.onWebhookStored?.();
    else log.info({ eventId: event.eventId }, 'billing: webhook delivered again, ignored');
  }

  /** Applies a stored webhook within `trx` (the worker marks its outcome in the same transaction). */
  async applyWebhook(trx: Kysely<Database>, row: WebhookRow): Promise<WebhookOutcome> {
    const { provider, log } = this.deps;
    if (!provider || provider.name !== row.provider) return 'ignored';
    const event = provider.parseWebhook(row.payload);
    let outcome: WebhookOutcome;
    if (event.kind === 'subscription') {
      outcome = await this.applySubscription(
        trx,
        provider.name,
        event.subscription,
        event.occurredAt,
      );
    } else if (event.kind === 'payment') {
      outcome = await this.applyPayment(trx, provider.name, event.payment, event.occurredAt);
    } else {
      outcome = 'ignored';
    }
    if (outcome === 'unmatched') {
      // Kept in the inbox for support; a later event that names the account creates it.
      log.warn(
        { eventId: event.eventId, type: event.type },
        'billing: webhook for a subscription or account we do not know; stored, not applied',
      );
    }
    return outcome;
  }

  /**
   * Asks the provider about every subscription that still matters and applies what changed
   * since the newest event held: a webhook that never arrived is caught here (ADR 028).
   * Answers how many subscriptions changed.
   */
  async reconcile(): Promise<number> {
    const { db, now, log, provider } = this.deps;
    if (!provider) return 0;
    let changed = 0;
    for (const row of await subscriptionsToReconcile(db, provider.name, now().toISOString())) {
      let fetched;
      try {
        fetched = await provider.fetchSubscription(row.provider_subscription_id);
      } catch (error) {
        log.warn({ err: error, subscriptionId: row.id }, 'billing: reconciliation fetch failed');
        continue;
      }
      if (!fetched || fetched.updatedAt <= row.occurred_at) continue;
      const { subscription, updatedAt } = fetched;
      const outcome = await db
        .transaction()
        .execute((trx) => this.applySubscription(trx, provider.name, subscription, updatedAt));
      if (outcome === 'applied') {
        changed += 1;
        log.info(
          { subscriptionId: row.id, status: subscription.status },
          'billing: reconciliation applied a change no webhook brought',
        );
      }
    }
    return changed;
  }

  private async applySubscription(
    trx: Kysely<Database>,
    provider: string,
    state: SubscriptionState,
    occurredAt: string,
  ): Promise<WebhookOutcome> {
    const at = this.deps.now().toISOString();
    const held = await findSubscription(trx, provider, state.providerSubscriptionId);
    let userId: string;
    if (held) {
      // Out-of-order deliveries never roll a subscription back.
      if (occurredAt < held.occurred_at) return 'stale';
      userId = held.user_id;
      await updateSubscription(trx, held.id, {
        provider_customer_id: state.providerCustomerId ?? held.provider_customer_id,
        plan: state.plan ?? held.plan,
        interval: state.interval ?? held.interval,
        status: state.status,
        current_period_end: state.currentPeriodEnd,
        next_bill_at: state.nextBillAt,
        occurred_at: occurredAt,
        updated_at: at,
      });
    } else {
      if (!state.userId || !state.plan || !state.interval) return 'unmatched';
      if (!(await userExists(trx, state.userId))) return 'unmatched';
      userId = state.userId;
      await insertSubscription(trx, {
        id: randomUUID(),
        user_id: userId,
        provider,
        provider_subscription_id: state.providerSubscriptionId,
        provider_customer_id: state.providerCustomerId,
        plan: state.plan,
        interval: state.interval,
        status: state.status,
        current_period_end: state.currentPeriodEnd,
        next_bill_at: state.nextBillAt,
        occurred_at: occurredAt,
        created_at: at,
        updated_at: at,
      });
    }
    await this.refreshUserPlan(trx, userId);
    return 'applied';
  }

  private async applyPayment(
    trx: Kysely<Database>,
    provider: string,
    state: PaymentState,
    occurredAt: string,
  ): Promise<WebhookOutcome> {
    const held = await findPayment(trx, provider, state.providerPaymentId);
    if (held) {
      if (occurredAt < held.occurred_at) return 'stale';
      await updatePayment(trx, held.id, {
        status: state.status,
        gross: state.gross,
        currency: state.currency,
        method: state.method ?? held.method,
        receipt_url: state.receiptUrl ?? held.receipt_url,
        occurred_at: occurredAt,
      });
      return 'applied';
    }
    const subscription = state.providerSubscriptionId
      ? await findSubscription(trx, provider, state.providerSubscriptionId)
      : undefined;
    const userId =
      subscription?.user_id ??
      (state.userId && (await userExists(trx, state.userId)) ? state.userId : undefined);
    if (!userId) return 'unmatched';
    await insertPayment(trx, {
      id: randomUUID(),
      user_id: userId,
      provider,
      provider_payment_id: state.providerPaymentId,
      provider_subscription_id: state.providerSubscriptionId,
      paid_at: state.paidAt,
      gross: state.gross,
      currency: state.currency,
      method: state.method,
      status: state.status,
      receipt_url: state.receiptUrl,
      occurred_at: occurredAt,
      created_at: this.deps.now().toISOString(),
    });
    return 'applied';
  }

  /**
   * Copies the account's subscription onto its plan columns: the one the provider still bills,
   * else the newest. Plans granted by contract or by staff (custom types, tester) are not
   * billing's to change while they last.
   */
  private async recordPlanChange(
    trx: Kysely<Database>,
    userId: string,
    from: string,
    to: PlanName,
    actor: AuditActor,
  ): Promise<void> {
    if (from === to) return;
    await this.deps.audit.record(
      { accountId: userId, actor, action: 'account.plan_changed', details: { from, to } },
      trx,
    );
  }

  private async refreshUserPlan(trx: Kysely<Database>, userId: string): Promise<void> {
    const now = this.deps.now();
    const user = await trx
      .selectFrom('users')
      .select(['plan', 'plan_expires', 'subscription_status'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) return;
    const stored = isPlanName(user.plan) ? user.plan : 'free';
    if ((isCustomPlan(stored) || stored === 'tester') && !planOf(user, now).lapsed) return;
    const subscriptions = await subscriptionsOfUser(trx, userId);
    const current =
      subscriptions.find((subscription) => LIVE_STATUSES.has(subscription.status)) ??
      subscriptions[0];
    if (!current || !isPlanName(current.plan)) return;
    // The provider's webhook changed it: Livent applies what the user bought (ADR 069).
    await this.recordPlanChange(trx, userId, user.plan, current.plan, SYSTEM_ACTOR);
    await updateUser(trx, userId, {
      plan: current.plan,
      plan_expires: current.current_period_end,
      subscription_status: current.status,
      subscription_id: current.id,
      updated_at: now.toISOString(),
    });
  }
}

/** Who may not change the plan themselves (docs/product-spec.md section 6; ADR 028). */
function manageBlock(
  effective: EffectivePlan,
  status: AccountPlan['subscriptionStatus'],
): PlanManagementBlock | null {
  if (isCustomPlan(effective.plan)) return 'custom-plan';
  if (effective.plan === 'tester') return 'tester';
  // While a past-due or paused subscription still holds the plan, it is settled or resumed at
  // the provider; once the plan has lapsed the account is free and may buy anew.
  if (effective.lapsed) return null;
  if (status === 'past_due') return 'past-due';
  if (status === 'paused') return 'paused';
  return null;
}

function toInterval(value: string | undefined): BillingInterval | null {
  return value === 'month' || value === 'year' ? value : null;
}

async function userExists(db: Kysely<Database>, id: string): Promise<boolean> {
  return (
    (await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !==
    undefined
  );
}
