import { z } from 'zod';
import {
  ANNUAL_DISCOUNT_PERCENT,
  BILLING_INTERVALS,
  FEATURES,
  LIMITS,
  MONEY_BACK_DAYS,
  PLAN_NAMES,
  PURCHASABLE_PLANS,
  SUBSCRIPTION_STATUSES,
} from './plans.js';
import { planAllowanceSchema } from './account.js';

// Plans and billing (docs/product-spec.md sections 2, 3 and 9; docs/decisions/028-plans-and-billing.md):
// the catalogue, the account's plan, the checkout and the payment history.

/** One price of a plan, in minor units (cents) of `currency`, excluding VAT. */
export const planPriceSchema = z.object({
  interval: z.enum(BILLING_INTERVALS),
  amount: z.number().int(),
  currency: z.string(),
  /** The amount per month this interval comes to (the annual price shown per month). */
  monthlyAmount: z.number().int(),
});

/** `GET /plans`: the plans shown for comparison, free first. */
export const planCatalogueSchema = z.object({
  plans: z.array(
    z.object({
      name: z.enum(PLAN_NAMES),
      /** Bought through checkout; the others are free or arranged with sales. */
      purchasable: z.boolean(),
      prices: z.array(planPriceSchema),
      features: z.array(z.enum(FEATURES)),
      limit: z.partialRecord(z.enum(LIMITS), z.number().int()),
    }),
  ),
  annualDiscountPercent: z.literal(ANNUAL_DISCOUNT_PERCENT),
  moneyBackDays: z.literal(MONEY_BACK_DAYS),
  pricesIncludeVat: z.literal(false),
});
export type PlanCatalogue = z.infer<typeof planCatalogueSchema>;

/** Why an account may not change its plan itself (ADR 028); null when it may. */
export const PLAN_MANAGEMENT_BLOCKS = ['custom-plan', 'tester', 'past-due', 'paused'] as const;
export type PlanManagementBlock = (typeof PLAN_MANAGEMENT_BLOCKS)[number];

/** `GET /account/plan` (docs/product-spec.md section 3, "Plan"). */
export const accountPlanSchema = z.object({
  /** The plan that applies now (an expired plan is free). */
  plan: z.enum(PLAN_NAMES),
  /** The plan granted or bought, whether or not it still applies. */
  storedPlan: z.enum(PLAN_NAMES),
  planExpires: z.string().nullable(),
  planExpiresInDays: z.number().int().nullable(),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  billingInterval: z.enum(BILLING_INTERVALS).nullable(),
  nextBillDate: z.string().nullable(),
  planAllowance: planAllowanceSchema,
  planConsumption: z.object({ events: z.number().int(), domains: z.number().int() }),
  canManage: z.boolean(),
  manageBlockedBy: z.enum(PLAN_MANAGEMENT_BLOCKS).nullable(),
  /**
   * Whether plans can be bought on this installation (a billing provider is set up); without,
   * its operator assigns them (ADR 053).
   */
  checkout: z.boolean(),
  /**
   * The trial this installation offers (`PLAN_TRIAL_DAYS`), null when none: `startable` while the
   * account has not had one and the free plan applies (ADR 053).
   */
  trial: z.object({ days: z.number().int(), startable: z.boolean(), used: z.boolean() }).nullable(),
  /** The promo banner's message per dashboard language, set on the server; null: none. */
  promo: z.object({ en: z.string().nullable(), de: z.string().nullable() }),
});
export type AccountPlan = z.infer<typeof accountPlanSchema>;

/** `POST /account/plan/checkout`. */
export const checkoutRequestSchema = z.strictObject({
  plan: z.enum(PURCHASABLE_PLANS),
  interval: z.enum(BILLING_INTERVALS),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/**
 * The provider's checkout address to open; null when a running subscription was changed in place
 * (the plan follows when the provider's webhook arrives).
 */
export const checkoutResponseSchema = z.object({ url: z.string().nullable() });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export const PAYMENTS_PAGE_SIZE_MAX = 100;

/** `GET /account/payments`: newest first. */
export const paymentsQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAYMENTS_PAGE_SIZE_MAX).default(25),
});
export type PaymentsQuery = z.infer<typeof paymentsQuerySchema>;

/** docs/product-spec.md section 3, "Payment history": timestamp, gross, method, status, receipt. */
export const paymentSchema = z.object({
  id: z.string(),
  timestamp: z.string(),
  /** Minor units (cents) of `currency`, VAT included. */
  gross: z.number().int(),
  currency: z.string(),
  /** The provider's payment method, e.g. card, paypal; null when unknown. */
  method: z.string().nullable(),
  /** The provider's status of the payment, e.g. completed, failed, refunded. */
  status: z.string(),
  receiptUrl: z.string().nullable(),
  /** A receipt can be opened: `receiptUrl`, or a fresh address from `GET /account/payments/{id}/receipt`. */
  hasReceipt: z.boolean(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const paymentsPageSchema = z.object({
  items: z.array(paymentSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PaymentsPage = z.infer<typeof paymentsPageSchema>;
