import { planPriceCents, PLAN_CURRENCY } from '@livent/shared';
import type { SandboxCheckout } from './sandbox.js';

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${String(char.charCodeAt(0))};`);

/**
 * The sandbox's checkout page: a developer's stand-in for Paddle's, in English only (it never
 * reaches customers; ADR 028). Confirming posts to the same address.
 */
export function renderSandboxCheckout(checkout: SandboxCheckout, token: string): string {
  const amount = (planPriceCents(checkout.plan, checkout.interval) / 100).toFixed(2);
  const action = `?token=${encodeURIComponent(token)}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sandbox checkout</title></head>
<body style="font-family: sans-serif; max-width: 32rem; margin: 3rem auto">
<h1>Sandbox checkout</h1>
<p>No payment is taken: confirming sends the provider's signed webhooks to this server.</p>
<p>Plan: <strong>${escape(checkout.plan)}</strong>, billed every ${escape(checkout.interval)},
${escape(amount)} ${escape(PLAN_CURRENCY)} excluding VAT.</p>
<form method="post" action="${escape(action)}"><button type="submit">Confirm payment</button></form>
</body></html>`;
}
