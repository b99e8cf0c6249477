import type { Readable } from 'node:stream';
import {
  ERROR_MESSAGES,
  isCustomPlan,
  type AuthResponse,
  type PasswordChange,
  type ProfilePatch,
  type Session,
  type User,
} from '@livent/shared';
import { badRequest, conflict, forbidden, notFound, validationFailed } from '../../lib/errors.js';
import { clientAddressKey } from '../../lib/rate-limiter.js';
import {
  type AccountDependencies,
  type AuthContext,
  type ClientInfo,
  dashboardLink,
  deleteUser,
  findUserByEmail,
  toLanguage,
  toUser,
  updateUser,
  type UserRow,
} from '../auth/index.js';
import type { AuditActor } from '../audit/index.js';
import { deletePeoplesMails } from '../retention/index.js';
import { ownedEventIds } from './account-data.repository.js';
import { accountArchive } from './account-export.js';
import { describeUserAgent } from './user-agent.js';
import { planConsumptionOf, planOf } from '../plans/index.js';

/** The account pages: profile, email, password, sessions and deletion (docs/product-spec.md sections 2 and 6). */
export class AccountService {
  constructor(private readonly deps: AccountDependencies) {}

  async updateProfile(auth: AuthContext, patch: ProfilePatch): Promise<User> {
    const row = await updateUser(this.deps.db, auth.user.id, {
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.company !== undefined ? { company: patch.company || null } : {}),
      ...(patch.initials !== undefined ? { initials: patch.initials.toUpperCase() } : {}),
      updated_at: this.deps.now().toISOString(),
    });
    return this.userOf(row ?? auth.user);
  }

  /**
   * Starts an email change: the new address gets a confirmation link and becomes the account's
   * only when it is followed (docs/product-spec.md section 4); meanwhile the user shows it as `pendingEmail`.
   */
  async requestEmailChange(
    auth: AuthContext,
    input: { email: string; password: string },
    client: ClientInfo,
  ): Promise<User> {
    const { db, limiter, limits, tokens, mailer, publicUrl, now } = this.deps;
    const { user } = auth;
    await limiter.consume(
      [limits.passwordCheckPerAccount, user.id],
      [limits.verificationMailPerAccount, user.id],
      [limits.verificationMailPerAddress, clientAddressKey(client.ip)],
    );
    await this.checkPassword(user, input.password, ERROR_MESSAGES.emailChangeFailed);
    if (input.email === user.email) throw validationFailed({ email: 'validation.invalid' });
    if (await findUserByEmail(db, input.email)) throw conflict(ERROR_MESSAGES.emailTaken);
    const { row, mail } = await db.transaction().execute(async (trx) => {
      // Only the newest request counts: earlier links stop working.
      await tokens.useUp(trx, user.id, ['change-email']);
      const token = await tokens.issue(trx, 'change-email', user.id, input.email);
      const updated = await updateUser(trx, user.id, {
        pending_email: input.email,
        updated_at: now().toISOString(),
      });
      const queued = await mailer.enqueue(trx, {
        userId: user.id,
        to: input.email,
        language: toLanguage(user.email_language),
        template: 'confirm-email-change',
        data: {
          name: user.name,
          newEmail: input.email,
          link: dashboardLink(publicUrl, '/verify-email', token),
        },
      });
      return { row: updated ?? user, mail: queued };
    });
    mailer.afterCommit(mail);
    return this.userOf(row);
  }

  /**
   * Sets a new password and ends every session, this one included; the caller continues in a
   * fresh session whose tokens come back, so a stolen refresh token of the old one is useless.
   */
  async changePassword(
    auth: AuthContext,
    input: PasswordChange,
    client: ClientInfo,
    actor: AuditActor,
  ): Promise<AuthResponse> {
    const { db, limiter, limits, passwords, sessions, now } = this.deps;
    await limiter.consume([limits.passwordCheckPerAccount, auth.user.id]);
    await this.checkPassword(auth.user, input.oldPassword, ERROR_MESSAGES.passwordChangeFailed);
    const passwordHash = await passwords.hash(input.newPassword);
    const { row, signedIn } = await db.transaction().execute(async (trx) => {
      const updated = await updateUser(trx, auth.user.id, {
        password_hash: passwordHash,
        updated_at: now().toISOString(),
      });
      await sessions.revoke(trx, { userId: auth.user.id }, 'password-change');
      await this.deps.audit.record(
        { accountId: auth.user.id, actor, action: 'account.password_changed' },
        trx,
      );
      // Links mailed before the change must not reset the new password.
      await this.deps.tokens.useUp(trx, auth.user.id, ['reset-password']);
      return {
        row: updated ?? auth.user,
        signedIn: await sessions.create(trx, auth.user.id, client),
      };
    });
    return { user: await this.userOf(row), tokens: signedIn.tokens };
  }

  async listSessions(auth: AuthContext): Promise<Session[]> {
    const rows = await this.deps.sessions.listActive(auth.user.id);
    return rows.map((row) => ({
      id: row.id,
      createdAt: row.created_at,
      lastUsedAt: row.last_used_at,
      userAgent: row.user_agent === null ? null : describeUserAgent(row.user_agent),
      ip: row.ip,
      current: row.id === auth.sessionId,
    }));
  }

  /** Revokes one of the account's sessions; another account's id is "Not found". */
  async revokeSession(auth: AuthContext, sessionId: string): Promise<void> {
    const revoked = await this.deps.sessions.revoke(
      this.deps.db,
      { sessionId, userId: auth.user.id },
      'revoked-by-user',
    );
    if (revoked === 0) throw notFound();
  }

  async revokeOtherSessions(auth: AuthContext): Promise<void> {
    await this.deps.sessions.revoke(
      this.deps.db,
      { userId: auth.user.id, exceptSessionId: auth.sessionId },
      'revoked-by-user',
    );
  }

  /** Deletes the account and everything of it; refused for custom-type plans (docs/product-spec.md section 6). */
  async deleteAccount(
    auth: AuthContext,
    password: string,
    /** Runs once the password is right, before the account goes (billing ends its subscriptions). */
    beforeDelete?: () => Promise<void>,
  ): Promise<void> {
    const { user } = auth;
    if (isCustomPlan(planOf(user, this.deps.now()).plan))
      throw forbidden(ERROR_MESSAGES.accountDeletionNotAllowed);
    await this.deps.limiter.consume([this.deps.limits.passwordCheckPerAccount, user.id]);
    await this.checkPassword(user, password, ERROR_MESSAGES.accountDeletionFailed);
    await beforeDelete?.();
    // What the cascade from `users` cannot reach goes in the same transaction (ADR 073): the
    // outbox's mails to the events' viewers, and the account's name in others' audit logs.
    await this.deps.db.transaction().execute(async (trx) => {
      for (const eventId of await ownedEventIds(trx, user.id)) {
        await deletePeoplesMails(trx, eventId);
      }
      await this.deps.audit.forgetActor(user.id, trx);
      await deleteUser(trx, user.id);
    });
  }

  /**
   * The account's JSON archive (ADR 073). A signed-in person's request only: a personal API
   * token, which a script may hold, does not take everything at once.
   */
  async exportArchive(
    auth: AuthContext,
    actor: AuditActor,
  ): Promise<{ filename: string; body: Readable }> {
    if (auth.apiToken) throw forbidden();
    const { db, limiter, limits, now } = this.deps;
    await limiter.consume([limits.accountExportsPerAccount, auth.user.id]);
    const exportedAt = now();
    await this.deps.audit.record({ accountId: auth.user.id, actor, action: 'account.exported' });
    return {
      filename: `livent-export-${exportedAt.toISOString().slice(0, 10)}.json`,
      body: accountArchive({ db, userId: auth.user.id, exportedAt }),
    };
  }

  private async checkPassword(user: UserRow, password: string, message: string): Promise<void> {
    if (!(await this.deps.passwords.verify(user.password_hash, password)))
      throw badRequest(message);
  }

  private async userOf(row: UserRow): Promise<User> {
    return toUser(row, this.deps.now(), await planConsumptionOf(this.deps.db, row.id));
  }
}
