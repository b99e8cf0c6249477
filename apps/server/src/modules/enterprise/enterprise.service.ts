import { randomUUID } from 'node:crypto';
import {
  ENTERPRISE_MEMBERS_MAX,
  ENTERPRISE_MESSAGES,
  hasFeature,
  type EnterpriseInvitation,
  type EnterpriseInvite,
  type EnterpriseMembership,
  type EnterpriseOverview,
  type enterpriseQuerySchema,
} from '@livent/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { AbuseLimits } from '../../lib/abuse-limits.js';
import type { Clock } from '../../lib/clock.js';
import { HttpError } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer/mailer.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { findUserByEmail, toLanguage, type AuthContext } from '../auth/index.js';
import { membershipHolds, planOf } from '../plans/index.js';
import {
  acceptInvitation,
  countOfAdmin,
  declineInvitation,
  deleteInvitation,
  deleteMembership,
  enterpriseEvents,
  enterpriseMembers,
  insertInvitation,
  invitationsTo,
  membershipOf,
  openInvitations,
} from './enterprise.repository.js';

type OverviewQuery = z.output<typeof enterpriseQuerySchema>;

/** Where an account accepts or declines an enterprise's invitation. */
const ACCOUNT_ADMINISTRATION_PAGE = '/account/admin';

/**
 * Enterprise admins, their members and the overview of their events
 * (docs/decisions/028-plans-and-billing.md, "Enterprise"). An admin is an account whose effective
 * plan has ENTERPRISE_ADMIN; a member is an account that accepted an admin's invitation.
 */
export class EnterpriseService {
  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      now: Clock;
      mailer: Mailer;
      limiter: RateLimiter;
      limits: AbuseLimits;
      /** The dashboard's origin, which the invitation mail links to. */
      publicUrl: string;
    },
  ) {}

  private isAdmin(auth: AuthContext): boolean {
    return hasFeature(planOf(auth.user, this.deps.now()).allowance, 'ENTERPRISE_ADMIN');
  }

  /** The admin's id; 403 for every other account. */
  adminOf(auth: AuthContext): string {
    if (!this.isAdmin(auth)) throw new HttpError(403, ENTERPRISE_MESSAGES.notAdmin);
    return auth.user.id;
  }

  async overview(auth: AuthContext, query: OverviewQuery): Promise<EnterpriseOverview> {
    const adminId = this.adminOf(auth);
    const { db } = this.deps;
    const [events, members] = await Promise.all([
      enterpriseEvents(db, adminId, {
        offset: (query.eventsPage - 1) * query.eventsPageSize,
        limit: query.eventsPageSize,
        q: query.eventsQ || undefined,
      }),
      enterpriseMembers(db, adminId, {
        offset: (query.membersPage - 1) * query.membersPageSize,
        limit: query.membersPageSize,
        q: query.membersQ || undefined,
      }),
    ]);
    return {
      events: {
        results: events.rows.map((row) => ({
          id: row.id,
          createdAt: row.created_at,
          title: row.title,
          ownerName: row.owner_name,
          ownerEmail: row.owner_email,
        })),
        page: query.eventsPage,
        pageSize: query.eventsPageSize,
        total: events.total,
      },
      members: {
        results: members.rows.map((row) => ({
          id: row.id,
          name: row.name,
          company: row.company,
          email: row.email,
          eventCount: Number(row.event_count ?? 0),
          joinedAt: row.accepted_at ?? '',
        })),
        page: query.membersPage,
        pageSize: query.membersPageSize,
        total: members.total,
      },
    };
  }

  async invitations(auth: AuthContext): Promise<{ results: EnterpriseInvitation[] }> {
    const rows = await openInvitations(this.deps.db, this.adminOf(auth));
    return {
      results: rows.map((row) => ({ id: row.id, email: row.email, createdAt: row.created_at })),
    };
  }

  /**
   * Invites an address and mails it the invitation, like the other invitations (through the
   * outbox, in the language of its account, else the admin's). Nothing tells the admin whether
   * an account with it exists: the answer and the mail's sending are the same either way, and
   * the invitation waits until an account with that verified address accepts it. The mails
   * share the sharing mails' budget per account (ADR 031), so that an invite, withdraw, invite
   * loop cannot flood an inbox (ADR 055).
   */
  async invite(auth: AuthContext, input: EnterpriseInvite): Promise<EnterpriseInvitation> {
    const adminId = this.adminOf(auth);
    const { db, now, mailer, limiter, limits } = this.deps;
    if (input.email === auth.user.email) throw new HttpError(400, ENTERPRISE_MESSAGES.cannotJoin);
    if ((await countOfAdmin(db, adminId)) >= ENTERPRISE_MEMBERS_MAX) {
      throw new HttpError(409, ENTERPRISE_MESSAGES.tooManyMembers);
    }
    await limiter.consume([limits.sharingMailPerAccount, adminId]);
    const row = {
      id: randomUUID(),
      admin_id: adminId,
      email: input.email,
      created_at: now().toISOString(),
    };
    let mail;
    try {
      mail = await db.transaction().execute(async (trx) => {
        await insertInvitation(trx, row);
        const invitee = await findUserByEmail(trx, input.email);
        return mailer.enqueue(trx, {
          userId: invitee?.id ?? null,
          to: input.email,
          language: toLanguage((invitee ?? auth.user).email_language),
          template: 'enterprise-invitation',
          data: {
            name: invitee?.name ?? null,
            adminName: auth.user.name,
            adminEmail: auth.user.email,
            link: new URL(ACCOUNT_ADMINISTRATION_PAGE, this.deps.publicUrl).toString(),
          },
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, ENTERPRISE_MESSAGES.alreadyInvited);
      throw error;
    }
    mailer.afterCommit(mail);
    return { id: row.id, email: row.email, createdAt: row.created_at };
  }

  async withdraw(auth: AuthContext, id: string): Promise<void> {
    const removed = await deleteInvitation(this.deps.db, this.adminOf(auth), id);
    if (!removed) throw new HttpError(404, ENTERPRISE_MESSAGES.invitationNotFound);
  }

  async removeMember(auth: AuthContext, memberId: string): Promise<void> {
    const removed = await deleteMembership(this.deps.db, memberId, this.adminOf(auth));
    if (!removed) throw new HttpError(404, ENTERPRISE_MESSAGES.memberNotFound);
  }

  /** The caller's membership and the open invitations addressed to its (verified) address. */
  async membership(auth: AuthContext): Promise<EnterpriseMembership> {
    const { db } = this.deps;
    const [membership, invitations] = await Promise.all([
      membershipOf(db, auth.user.id),
      // An unverified address is not proven to be the caller's: its invitations wait.
      auth.user.email_verified ? invitationsTo(db, auth.user.email) : Promise.resolve([]),
    ]);
    const enterpriseOf = (row: { name: string; company: string | null; email: string }) => ({
      name: row.name,
      company: row.company,
      email: row.email,
    });
    return {
      membership: membership
        ? {
            enterprise: enterpriseOf(membership),
            joinedAt: membership.accepted_at ?? '',
            active: membershipHolds(
              {
                plan: membership.plan,
                planExpires: membership.plan_expires,
                subscriptionStatus: membership.subscription_status,
              },
              this.deps.now(),
            ),
          }
        : null,
      invitations: invitations.map((row) => ({
        id: row.id,
        createdAt: row.created_at,
        enterprise: enterpriseOf(row),
      })),
    };
  }

  async accept(auth: AuthContext, id: string): Promise<EnterpriseMembership> {
    const { db, now } = this.deps;
    // An admin's events are the enterprise's own; an admin inside another enterprise would show
    // them to a second admin.
    if (this.isAdmin(auth)) throw new HttpError(403, ENTERPRISE_MESSAGES.cannotJoin);
    if (await membershipOf(db, auth.user.id)) {
      throw new HttpError(409, ENTERPRISE_MESSAGES.alreadyMember);
    }
    let accepted: boolean;
    try {
      accepted = await acceptInvitation(db, id, auth.user.email, auth.user.id, now().toISOString());
    } catch (error) {
      // Two acceptances at once: the unique member_id lets one through.
      if (isUniqueViolation(error)) throw new HttpError(409, ENTERPRISE_MESSAGES.alreadyMember);
      throw error;
    }
    if (!accepted) throw new HttpError(404, ENTERPRISE_MESSAGES.invitationNotFound);
    return this.membership(auth);
  }

  /** Declines an invitation addressed to the caller: it is gone for the admin as well. */
  async decline(auth: AuthContext, id: string): Promise<void> {
    if (!(await declineInvitation(this.deps.db, id, auth.user.email))) {
      throw new HttpError(404, ENTERPRISE_MESSAGES.invitationNotFound);
    }
  }

  async leave(auth: AuthContext): Promise<void> {
    const left = await deleteMembership(this.deps.db, auth.user.id);
    if (!left) throw new HttpError(404, ENTERPRISE_MESSAGES.notMember);
  }
}
