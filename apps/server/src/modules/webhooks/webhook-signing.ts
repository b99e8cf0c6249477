import { createHmac, randomBytes } from 'node:crypto';

/**
 * Secrets and signatures as the Standard Webhooks specification defines them
 * (docs/decisions/072-webhooks.md): a secret is `whsec_` and the base64 of 24–32 random bytes; a
 * delivery's signature is `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`, keyed with
 * those bytes. Receivers check it with the `standardwebhooks` libraries.
 */
const SECRET_PREFIX = 'whsec_';

export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

export function signatureOf(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  const digest = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${digest}`;
}

/** The headers of one attempt; each secret signs it, separated by spaces (a rotation's overlap). */
export function webhookHeaders(
  secrets: readonly string[],
  id: string,
  timestamp: number,
  body: string,
): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets
      .map((secret) => signatureOf(secret, id, timestamp, body))
      .join(' '),
  };
}
