import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { deriveKey, hmacSha256, safeEqual } from '../crypto.js';

/**
 * One-click unsubscribes from an event's bulk mails (ADR 049, RFC 8058). Each bulk mail carries
 * a link of its own, `<events origin>/_unsubscribe?t=<token>`, whose token names the event and
 * the recipient and is signed with a key derived from APP_SECRET: the route trusts what it names
 * without a lookup, and no one can make the link of another address or event. The token is in
 * the query, as a path parameter is cut at 100 characters and an address alone may take 254.
 */

/** The path of the events origin's unsubscribe route; the token is its query's `t`. */
export const UNSUBSCRIBE_PATH = '/_unsubscribe';
/** Longer tokens are not ours: refused before any decoding (an address is at most 254). */
export const UNSUBSCRIBE_TOKEN_MAX = 600;

export interface UnsubscribeClaims {
  eventId: string;
  /** Trimmed and lower-case, as the lists store it. */
  email: string;
}

export const normaliseAddress = (email: string): string => email.trim().toLowerCase();

/** Makes and checks the signed links: `<base64url event id \n address>.<base64url HMAC>`. */
export class UnsubscribeLinks {
  private readonly key: Uint8Array;

  constructor(
    appSecret: string,
    private readonly eventsUrl: string,
  ) {
    this.key = deriveKey(appSecret, 'livent mail unsubscribe v1');
  }

  url(eventId: string, email: string): string {
    const payload = Buffer.from(`${eventId}\n${normaliseAddress(email)}`).toString('base64url');
    return `${this.eventsUrl}${UNSUBSCRIBE_PATH}?t=${payload}.${this.sign(payload)}`;
  }

  /** What a genuine token names; undefined for anything else (tampered, truncated, foreign). */
  verify(token: string): UnsubscribeClaims | undefined {
    if (token.length > UNSUBSCRIBE_TOKEN_MAX) return undefined;
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined) return undefined;
    if (!safeEqual(signature, this.sign(payload))) return undefined;
    const [eventId, email, rest] = Buffer.from(payload, 'base64url').toString('utf8').split('\n');
    if (!eventId || !email || rest !== undefined) return undefined;
    return { eventId, email };
  }

  private sign(payload: string): string {
    return hmacSha256(this.key, `unsubscribe\n${payload}`);
  }
}

/**
 * Records an unsubscribe; a second one of the same address and event changes nothing, nor does
 * one from an event deleted since the mail went out.
 */
export async function recordUnsubscribe(
  db: Kysely<Database>,
  claims: UnsubscribeClaims,
  now: Date,
): Promise<void> {
  await db
    .insertInto('mail_unsubscribes')
    .columns(['event_id', 'email', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('events')
        .select([
          'events.id',
          eb.val(normaliseAddress(claims.email)).as('email'),
          eb.val(now.toISOString()).as('created_at'),
        ])
        .where('events.id', '=', claims.eventId),
    )
    .onConflict((conflict) => conflict.columns(['event_id', 'email']).doNothing())
    .execute();
}

/** Which of `emails` (lower-case) unsubscribed from the event's bulk mails. */
export async function unsubscribedAmong(
  db: Kysely<Database>,
  eventId: string,
  emails: readonly string[],
): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .selectFrom('mail_unsubscribes')
    .select('email')
    .where('event_id', '=', eventId)
    .where('email', 'in', emails.map(normaliseAddress))
    .execute();
  return new Set(rows.map((row) => row.email));
}
