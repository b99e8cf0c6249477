import { ERROR_MESSAGES, TOKEN_AUTHORIZATION_HEADER, type MessagesMode } from '@livent/shared';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { safeEqual, sha256 } from '../../lib/crypto.js';
import { notFound } from '../../lib/errors.js';
import { readEventSettings } from '../events/index.js';

/** The event a guest moderator's token opens (ADR 025). */
export interface MessagesGuestEvent {
  eventId: string;
  title: string;
  messagesMode: MessagesMode;
}

/** The share link's token; a repeated header counts as none. */
export function guestTokenOf(request: FastifyRequest): string | undefined {
  const value = request.headers[TOKEN_AUTHORIZATION_HEADER];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Checks a guest moderator's `Token-Authorization` against the event's messages guest-access
 * token (docs/product-spec.md sections 4 and 6; ADR 025). Every refusal is a 404, so that a
 * guest learns nothing about events their token does not open; only a token that a renewal or
 * removal replaced says "Token expired", which it may, because its holder once had the link.
 * The current token is compared in constant time; the replaced one is kept as a hash only.
 */
export async function requireMessagesGuest(
  db: Kysely<Database>,
  eventId: string,
  token: string | undefined,
): Promise<MessagesGuestEvent> {
  if (!token) throw notFound(ERROR_MESSAGES.tokenNotFound);
  const event = await db
    .selectFrom('events')
    .select([
      'id',
      'title',
      'slug',
      'settings',
      'messages_guest_token',
      'messages_guest_token_replaced',
    ])
    .where('id', '=', eventId)
    .executeTakeFirst();
  if (!event) throw notFound(ERROR_MESSAGES.tokenNotFound);
  if (event.messages_guest_token !== null && safeEqual(token, event.messages_guest_token)) {
    return {
      eventId: event.id,
      title: event.title,
      messagesMode: readEventSettings(event).messagesMode,
    };
  }
  if (
    event.messages_guest_token_replaced !== null &&
    safeEqual(sha256(token), event.messages_guest_token_replaced)
  ) {
    throw notFound(ERROR_MESSAGES.tokenExpired);
  }
  throw notFound(ERROR_MESSAGES.tokenNotFound);
}
