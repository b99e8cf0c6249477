import { randomUUID } from 'node:crypto';
import {
  ERROR_MESSAGES,
  type CreateOwnerChange,
  type CreatePermission,
  type OwnerChange,
  type Permission,
  type PermissionsList,
} from '@livent/shared';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Database } from '../../db/schema.js';
import type { AbuseLimits } from '../../lib/abuse-limits.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer/mailer.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { AuditActor, AuditLog } from '../audit/index.js';
import { type AuthContext, findUserByEmail, toLanguage } from '../auth/index.js';
import { changeEventOwner, requireEventRole } from '../events/index.js';
import { mayOwnAnotherEvent } from '../plans/index.js';
import {
  acceptPermission,
  deleteOwnerChange,
  deletePermission,
  deletePermissionsOn,
  findOwnerChange,
  findPermission,
  findPermissionOfParty,
  insertOwnerChange,
  insertPermission,
  lockEventOwner,
  ownerChangeOfEvent,
  ownerChangesReceivedBy,
  ownerChangesSentBy,
  permissionsGrantedBy,
  permissionsReceivedBy,
  type OwnerChangeView,
  type PermissionView,
} from './permissions.repository.js';

export interface PermissionsDependencies {
  db: Kysely<Database>;
  dialect: Dialect;
  now: Clock;
  mailer: Mailer;
  limiter: RateLimiter;
  limits: AbuseLimits;
  /** The dashboard's origin (PUBLIC_URL): the mails link to it. */
  publicUrl: string;
  /** Records shares, their acceptance and end, and owner changes in their transaction (ADR 069). */
  audit: AuditLog;
}

/** Where invitations and owner changes wait for the other account (docs/product-spec.md section 2). */
const PERMISSIONS_PAGE = '/account/permissions';

const permissionNotFound = () => notFound(ERROR_MESSAGES.permissionNotFound);

/**
 * Shared permissions and owner changes (docs/decisions/031-sharing-and-owner-change.md). Only an
 * event's owner shares it, sees and revokes its permissions, and hands it over; the other account
 * accepts or rejects. Every id the caller is not a party to is "Permission not found" (or "Event
 * not found" for an event), as for one that does not exist, so ids do not leak.
 */
export class PermissionsService {
  constructor(private readonly deps: PermissionsDependencies) {}

  async list(auth: AuthContext): Promise<PermissionsList> {
    const { db } = this.deps;
    const userId = auth.user.id;
    const [granted, received, sent, incoming] = await Promise.all([
      permissionsGrantedBy(db, userId),
      permissionsReceivedBy(db, userId),
      ownerChangesSentBy(db, userId),
      ownerChangesReceivedBy(db, userId),
    ]);
    return {
      granted: granted.map(toPermission),
      received: received.map(toPermission),
      ownerChanges: { sent: sent.map(toOwnerChange), received: incoming.map(toOwnerChange) },
    };
  }

  /**
   * Shares an event the caller owns with the account of `email`: a pending invitation, mailed
   * to that account. 404 "No users found with this email", 409 "Permission already exists".
   */
  async share(auth: AuthContext, input: CreatePermission, actor: AuditActor): Promise<Permission> {
    const { db, dialect, now, mailer, limiter, limits } = this.deps;
    await limiter.consume([limits.sharingMailPerAccount, auth.user.id]);
    try {
      const { permission, mail } = await db.transaction().execute(async (trx) => {
        const event = await requireEventRole(trx, auth, input.eventId, {
          roles: ['owner'],
          lock: dialect,
        });
        const grantee = await findUserByEmail(trx, input.email);
        if (!grantee) throw notFound(ERROR_MESSAGES.noUsersWithEmail);
        if (grantee.id === auth.user.id) throw badRequest(ERROR_MESSAGES.permissionSelf);
        if (await findPermission(trx, event.id, grantee.id)) {
          throw conflict(ERROR_MESSAGES.permissionExists);
        }
        const row = {
          id: randomUUID(),
          event_id: event.id,
          user_id: grantee.id,
          status: 'pending',
          created_at: now().toISOString(),
          accepted_at: null,
        };
        await insertPermission(trx, row);
        await this.deps.audit.record(
          {
            accountId: event.owner_id,
            eventId: event.id,
            actor,
            action: 'event.shared',
            details: { email: grantee.email, status: 'pending' },
          },
          trx,
        );
        const queued = await mailer.enqueue(trx, {
          userId: grantee.id,
          to: grantee.email,
          language: toLanguage(grantee.email_language),
          template: 'permission-invitation',
          data: {
            name: grantee.name,
            ownerName: auth.user.name,
            ownerEmail: auth.user.email,
            eventTitle: event.title,
            link: this.link(PERMISSIONS_PAGE),
          },
        });
        return {
          permission: toPermission({
            ...row,
            event_title: event.title,
            owner_id: event.owner_id,
            party_name: grantee.name,
            party_email: grantee.email,
          }),
          mail: queued,
        };
      });
      mailer.afterCommit(mail);
      return permission;
    } catch (error) {
      // Two shares with one account at once: the unique key decides.
      if (isUniqueViolation(error)) throw conflict(ERROR_MESSAGES.permissionExists);
      throw error;
    }
  }

  /**
   * The owner revokes a permission, or its grantee leaves the event (or withdraws from a pending
   * invitation); effective on the grantee's next request, since no role is cached.
   */
  async remove(auth: AuthContext, permissionId: string, actor: AuditActor): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const permission = await findPermissionOfParty(trx, permissionId, auth.user.id);
      if (!permission) throw permissionNotFound();
      await deletePermission(trx, permission.id);
      await this.recordShare(trx, permission, actor, 'event.unshared');
    });
  }

  /** The grantee accepts: the event joins its list with the role 'shared'. */
  async accept(auth: AuthContext, permissionId: string, actor: AuditActor): Promise<void> {
    const { db, now } = this.deps;
    await db.transaction().execute(async (trx) => {
      const permission = await this.grantees(trx, auth, permissionId);
      if (permission.status === 'accepted') return;
      if (!(await acceptPermission(trx, permission.id, now().toISOString()))) {
        throw permissionNotFound();
      }
      await this.recordShare(trx, permission, actor, 'event.share_changed', 'accepted');
    });
  }

  /** The grantee declines (or, once accepted, leaves): the permission is deleted. */
  async reject(auth: AuthContext, permissionId: string, actor: AuditActor): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const permission = await this.grantees(trx, auth, permissionId);
      await deletePermission(trx, permission.id);
      await this.recordShare(trx, permission, actor, 'event.unshared');
    });
  }

  /** A share's change, in the event owner's log: whose permission, and its state after it. */
  private recordShare(
    trx: Kysely<Database>,
    permission: PermissionView,
    actor: AuditActor,
    action: 'event.share_changed' | 'event.unshared',
    status?: 'accepted',
  ): Promise<void> {
    return this.deps.audit.record(
      {
        accountId: permission.owner_id,
        eventId: permission.event_id,
        actor,
        action,
        details: { email: permission.party_email, ...(status ? { status } : {}) },
      },
      trx,
    );
  }

  private async grantees(
    db: Kysely<Database>,
    auth: AuthContext,
    permissionId: string,
  ): Promise<PermissionView> {
    const permission = await findPermissionOfParty(db, permissionId, auth.user.id);
    if (!permission || permission.user_id !== auth.user.id) throw permissionNotFound();
    return permission;
  }

  /** The event's pending owner change, for its owner; null when there is none. */
  async pendingOwnerChange(auth: AuthContext, eventId: string): Promise<OwnerChange | null> {
    const { db } = this.deps;
    const event = await requireEventRole(db, auth, eventId, { roles: ['owner'] });
    const change = await ownerChangeOfEvent(db, event.id);
    return change ? toOwnerChange(change) : null;
  }

  /**
   * The owner asks to hand the event to the account of `email`, which is mailed and must accept.
   * One pending change per event (409); the new owner must be another existing account.
   */
  async requestOwnerChange(
    auth: AuthContext,
    eventId: string,
    input: CreateOwnerChange,
  ): Promise<OwnerChange> {
    const { db, dialect, now, mailer, limiter, limits } = this.deps;
    await limiter.consume([limits.sharingMailPerAccount, auth.user.id]);
    try {
      const { change, mail } = await db.transaction().execute(async (trx) => {
        const event = await requireEventRole(trx, auth, eventId, {
          roles: ['owner'],
          lock: dialect,
        });
        const to = await findUserByEmail(trx, input.email);
        if (!to) throw notFound(ERROR_MESSAGES.noUsersWithEmail);
        if (to.id === auth.user.id) throw badRequest(ERROR_MESSAGES.ownerChangeSelf);
        if (await ownerChangeOfEvent(trx, event.id)) {
          throw conflict(ERROR_MESSAGES.ownerChangePending);
        }
        const row = {
          id: randomUUID(),
          event_id: event.id,
          from_user_id: auth.user.id,
          to_user_id: to.id,
          created_at: now().toISOString(),
        };
        await insertOwnerChange(trx, row);
        const queued = await mailer.enqueue(trx, {
          userId: to.id,
          to: to.email,
          language: toLanguage(to.email_language),
          template: 'owner-change-request',
          data: {
            name: to.name,
            fromName: auth.user.name,
            fromEmail: auth.user.email,
            eventTitle: event.title,
            link: this.link(PERMISSIONS_PAGE),
          },
        });
        return {
          change: toOwnerChange({
            ...row,
            event_title: event.title,
            owner_id: event.owner_id,
            from_name: auth.user.name,
            from_email: auth.user.email,
            from_language: auth.user.email_language,
            to_name: to.name,
            to_email: to.email,
            to_language: to.email_language,
          }),
          mail: queued,
        };
      });
      mailer.afterCommit(mail);
      return change;
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(ERROR_MESSAGES.ownerChangePending);
      throw error;
    }
  }

  /** The owner withdraws the pending change. */
  async cancelOwnerChange(auth: AuthContext, changeId: string): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const change = await findOwnerChange(trx, changeId, auth.user.id, 'from');
      if (!change) throw permissionNotFound();
      await deleteOwnerChange(trx, change.id);
    });
  }

  /** The proposed new owner declines; the event stays as it is. */
  async rejectOwnerChange(auth: AuthContext, changeId: string): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const change = await findOwnerChange(trx, changeId, auth.user.id, 'to');
      if (!change) throw permissionNotFound();
      await deleteOwnerChange(trx, change.id);
    });
  }

  /**
   * The new owner accepts, in one transaction: the event becomes theirs (counted against their
   * plan's event limit, 403 when it is reached), their own permission on it goes, the previous
   * owner keeps no access, the other permissions stay (now granted by the new owner), and both
   * are mailed in their own language.
   */
  async acceptOwnerChange(auth: AuthContext, changeId: string, actor: AuditActor): Promise<void> {
    const { db, dialect, now, mailer } = this.deps;
    const mails = await db.transaction().execute(async (trx) => {
      const change = await findOwnerChange(trx, changeId, auth.user.id, 'to');
      if (!change) throw permissionNotFound();
      const owner = await lockEventOwner(trx, change.event_id, dialect);
      if (owner !== change.from_user_id) {
        // The asker no longer owns the event: the change means nothing any more.
        await deleteOwnerChange(trx, change.id);
        throw permissionNotFound();
      }
      // The new owner's plan as it is now, locked like a create so that parallel creates and
      // accepts count their events one after another.
      if (!(await mayOwnAnotherEvent(trx, auth.user.id, dialect, now()))) {
        throw forbidden(ERROR_MESSAGES.ownerChangeEventLimitReached);
      }
      await changeEventOwner(trx, change.event_id, auth.user.id, now().toISOString());
      await deletePermissionsOn(trx, change.event_id, [auth.user.id, change.from_user_id]);
      await deleteOwnerChange(trx, change.id);
      // In the new owner's log, whose event it now is; the event's page shows it to both.
      await this.deps.audit.record(
        {
          accountId: change.to_user_id,
          eventId: change.event_id,
          actor,
          action: 'event.owner_changed',
          details: { from: change.from_email, to: change.to_email },
        },
        trx,
      );
      const previous = await mailer.enqueue(trx, {
        userId: change.from_user_id,
        to: change.from_email,
        language: toLanguage(change.from_language),
        template: 'owner-change-previous',
        data: {
          name: change.from_name,
          toName: change.to_name,
          toEmail: change.to_email,
          eventTitle: change.event_title,
        },
      });
      const next = await mailer.enqueue(trx, {
        userId: change.to_user_id,
        to: change.to_email,
        language: toLanguage(change.to_language),
        template: 'owner-change-new',
        data: {
          name: change.to_name,
          fromName: change.from_name,
          eventTitle: change.event_title,
          link: this.link(`/events/${change.event_id}`),
        },
      });
      return [previous, next];
    });
    mailer.afterCommit(...mails);
  }

  private link(path: string): string {
    return new URL(path, this.deps.publicUrl).toString();
  }
}

function toPermission(row: PermissionView): Permission {
  return {
    id: row.id,
    eventId: row.event_id,
    eventTitle: row.event_title,
    role: 'shared',
    status: row.status === 'accepted' ? 'accepted' : 'pending',
    createdAt: row.created_at,
    acceptedAt: row.accepted_at,
    user: { name: row.party_name, email: row.party_email },
  };
}

function toOwnerChange(row: OwnerChangeView): OwnerChange {
  return {
    id: row.id,
    eventId: row.event_id,
    eventTitle: row.event_title,
    status: 'pending',
    createdAt: row.created_at,
    from: { name: row.from_name, email: row.from_email },
    to: { name: row.to_name, email: row.to_email },
  };
}
