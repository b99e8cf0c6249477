import { ERROR_MESSAGES, type EventListItem } from '@livent/shared';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import type { AuthContext } from '../auth/index.js';
import {
  findAccessibleEvent,
  type AccessibleEventRow,
  type RoleColumns,
} from './events.repository.js';

/**
 * Who may do what with an event: the one place that decides it. Every event-scoped route
 * (events, settings, highlights, channels, remote reload, cache purge) and the events list ask
 * here, so that sharing and guest tokens extend one function (ADR 020).
 */
export type EventRole = EventListItem['role'];

/** An event the caller has a role on, with its owner's plan. */
export type AccessibleEvent = AccessibleEventRow & { role: EventRole };

/**
 * The caller's role on an event row already read; null for none. The owner is 'owner'; an
 * account with an accepted permission is 'shared' (ADR 031), which every route allows unless it
 * passes `roles: ['owner']`: deleting the event, changing its owner and sharing it.
 */
export function roleOf(event: RoleColumns, userId: string): EventRole | null {
  if (event.owner_id === userId) return 'owner';
  return event.shared_user_id === userId ? 'shared' : null;
}

/** The caller's role on the event `eventId`; null for none and for a missing event alike. */
export async function eventAccess(
  db: Kysely<Database>,
  eventId: string,
  userId: string,
): Promise<EventRole | null> {
  const event = await findAccessibleEvent(db, eventId, userId);
  return event ? roleOf(event, userId) : null;
}

export interface RequireEventRoleOptions {
  /** The roles that may go on (all by default). */
  roles?: readonly EventRole[];
  /** The dialect, to keep the row locked on PostgreSQL until the transaction ends. */
  lock?: Dialect;
}

/**
 * The event with the caller's role, or 404 "Event not found": for a missing event, another
 * account's, and a role not in `roles` alike, so that ids do not leak.
 */
export async function requireEventRole(
  db: Kysely<Database>,
  auth: AuthContext,
  eventId: string,
  options: RequireEventRoleOptions = {},
): Promise<AccessibleEvent> {
  const event = await findAccessibleEvent(db, eventId, auth.user.id, { lock: options.lock });
  const role = event ? roleOf(event, auth.user.id) : null;
  if (!event || !role || (options.roles && !options.roles.includes(role))) {
    throw notFound(ERROR_MESSAGES.eventNotFound);
  }
  return { ...event, role };
}
