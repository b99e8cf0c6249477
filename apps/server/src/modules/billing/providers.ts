import type { Config } from '../../config.js';
import { deriveKey } from '../../lib/crypto.js';
import type { Clock } from '../../lib/clock.js';
import { PaddleProvider } from './paddle.js';
import type { BillingProvider } from './provider.js';
import { SandboxProvider } from './sandbox.js';

/** The configured billing provider (ADR 028), or undefined when billing is not set up. */
export function createBillingProvider(config: Config, now: Clock): BillingProvider | undefined {
  const billing = config.billing;
  if (!billing) return undefined;
  if (billing.provider === 'paddle') {
    return new PaddleProvider({
      apiUrl: billing.apiUrl,
      apiKey: billing.apiKey,
      priceIds: billing.priceIds,
      webhookSecrets: billing.webhookSecrets,
    });
  }
  return new SandboxProvider({
    publicUrl: config.publicUrl,
    appSecret: config.appSecret,
    // Without configured secrets the sandbox signs with one derived from the app's secret.
    webhookSecrets: billing.webhookSecrets ?? [
      Buffer.from(deriveKey(config.appSecret, 'billing-sandbox-webhook')).toString('base64url'),
    ],
    now,
  });
}
