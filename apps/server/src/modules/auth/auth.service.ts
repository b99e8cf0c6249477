import { randomUUID } from 'node:crypto';
import {
  DEFAULT_SETTINGS,
  ERROR_MESSAGES,
  type AuthResponse,
  type Language,
  type LoginRequest,
  type LoginResponse,
  type RegisterRequest,
  type SelfResponse,
  type TwoFactorChallenge,
  type User,
} from '@livent/shared';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/errors.js';
import type { Database } from '../../db/schema.js';
import type { AbuseLimits } from '../../lib/abuse-limits.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, conflict, unauthorized } from '../../lib/errors.js';
import type { Mailer, QueuedMail } from '../../lib/mailer/mailer.js';
import { clientAddressKey, type RateLimiter } from '../../lib/rate-limiter.js';
import { TokenError, tokenHttpError, type OneTimeTokens } from './one-time-tokens.js';
import type { PasswordHasher } from './passwords.js';
import type { AuthContext, ClientInfo, SessionService, SignedIn } from './sessions.service.js';
import { NO_ENTERPRISE_PLAN, planConsumptionOf } from '../plans/index.js';
import type { AuditLog } from '../audit/index.js';
import { toLanguage, toUser } from './user-response.js';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  updateUser,
  type NewUserRow,
  type UserRow,
} from './users.repository.js';

/** What the account services (auth, account, settings, feedback) work with. */
export interface AccountDependencies {
  db: Kysely<Database>;
  now: Clock;
  /** The dashboard's origin: every link in a mail points here, never at a request's Host. */
  publicUrl: string;
  passwords: PasswordHasher;
  sessions: SessionService;
  tokens: OneTimeTokens;
  mailer: Mailer;
  limiter: RateLimiter;
  limits: AbuseLimits;
  /** Whom a user writes to when something happened to the account that they did not do. */
  supportEmail: string;
  /** Records password and email changes in their transaction (ADR 069). */
  audit: AuditLog;
}

/** The sign-in's second step (ADR 071), which the two-factor module provides. */
export interface SecondFactor {
  /** After a correct password: the step the account must take, or undefined when none is due. */
  challengeFor(
    user: UserRow,
    cookies: Record<string, string | undefined>,
  ): Promise<TwoFactorChallenge | undefined>;
}

/** A dashboard page with a one-time token, e.g. `${PUBLIC_URL}/verify-email?token=…`. */
export function dashboardLink(publicUrl: string, path: string, token: string): string {
  const url = new URL(path, publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * Sign-up, sign-in, sessions, email verification and password reset (docs/product-spec.md sections 4 and 7;
 * ADRs 010 and 014).
 */
export class AuthService {
  constructor(
    private readonly deps: AccountDependencies,
    private readonly secondFactor: SecondFactor,
  ) {}

  async register(
    input: RegisterRequest,
    client: ClientInfo,
    language: Language,
  ): Promise<AuthResponse> {
    const { db, limiter, limits, passwords, now } = this.deps;
    await limiter.consume(
      [limits.registerPerAddress, clientAddressKey(client.ip)],
      [limits.registerPerAccount, input.email],
    );
    // The spec's "Email already taken" tells that an account exists; the per-address limit
    // keeps that from being used to test many addresses (ADR 013).
    if (await findUserByEmail(db, input.email)) throw conflict(ERROR_MESSAGES.emailTaken);
    const passwordHash = await passwords.hash(input.password);
    const createdAt = now().toISOString();
    const row = {
      id: randomUUID(),
      email: input.email,
      name: input.name,
      company: input.company || null,
      initials: null,
      password_hash: passwordHash,
      email_verified: 0,
      pending_email: null,
      plan: 'free',
      plan_expires: null,
      subscription_status: null,
      subscription_id: null,
      enterprise_id: null,
      trial_started_at: null,
      timezone: DEFAULT_SETTINGS.timezone,
      email_language: language,
      always_show_help: DEFAULT_SETTINGS.alwaysShowHelp ? 1 : 0,
      csv_delimiter: DEFAULT_SETTINGS.csvDelimiter,
      newsletter: DEFAULT_SETTINGS.newsletter ? 1 : 0,
      whatsnew_seen: DEFAULT_SETTINGS.whatsnewSeen,
      created_at: createdAt,
      updated_at: createdAt,
      require_member_two_factor: 0,
    } satisfies NewUserRow;
    const user: UserRow = { ...row, ...NO_ENTERPRISE_PLAN };
    let result: { signedIn: SignedIn; mail: QueuedMail };
    try {
      result = await db.transaction().execute(async (trx) => {
        await insertUser(trx, row);
        const mail = await this.queueVerificationMail(trx, user);
        return { signedIn: await this.deps.sessions.create(trx, user.id, client), mail };
      });
    } catch (error) {
      // Two sign-ups with one address at once: the unique index decides.
      if (isUniqueViolation(error)) throw conflict(ERROR_MESSAGES.emailTaken);
      throw error;
    }
    this.deps.mailer.afterCommit(result.mail);
    // A new account has no events yet.
    return { user: toUser(user, now(), { events: 0, domains: 0 }), tokens: result.signedIn.tokens };
  }

  /**
   * Unknown email and wrong password answer alike, after the same argon2 work. Every attempt
   * counts per address; per account only failures do (a success resets the count). A device
   * that holds a live session of the account (its refresh cookie) is not held back by the
   * account's count, so that strangers' failures cannot lock the owner out (ADR 024). An account
   * with two-factor sign-in gets the second step's challenge instead of a session (ADR 071).
   */
  async login(
    input: LoginRequest,
    client: ClientInfo,
    refreshToken?: string,
    cookies: Record<string, string | undefined> = {},
  ): Promise<LoginResponse> {
    const { db, limiter, limits, passwords, sessions } = this.deps;
    await limiter.consume([limits.loginPerAddress, clientAddressKey(client.ip)]);
    let user = await findUserByEmail(db, input.email);
    const deviceUserId = refreshToken ? await sessions.userOfRefreshToken(refreshToken) : undefined;
    const knownDevice = user !== undefined && deviceUserId === user.id;
    if (!knownDevice) await limiter.consume([limits.loginPerAccount, input.email]);
    const valid = user
      ? await passwords.verify(user.password_hash, input.password)
      : await passwords.verifyNothing(input.password);
    if (!user || !valid) throw unauthorized(ERROR_MESSAGES.incorrectEmailOrPassword);
    if (!knownDevice) await limiter.reset(limits.loginPerAccount, input.email);
    if (passwords.needsRehash(user.password_hash)) {
      const passwordHash = await passwords.hash(input.password);
      user = (await updateUser(db, user.id, { password_hash: passwordHash })) ?? user;
    }
    return (await this.secondFactor.challengeFor(user, cookies)) ?? this.signIn(user, client);
  }

  /** Starts a session of an account whose sign-in is complete. */
  async signIn(user: UserRow, client: ClientInfo): Promise<AuthResponse> {
    const signedIn = await this.deps.sessions.create(this.deps.db, user.id, client);
    return { user: await this.userOf(user), tokens: signedIn.tokens };
  }

  async refresh(refreshToken: string | undefined, client: ClientInfo): Promise<AuthResponse> {
    if (!refreshToken) throw unauthorized();
    const signedIn = await this.deps.sessions.refresh(refreshToken, client);
    const user = await findUserById(this.deps.db, signedIn.userId);
    if (!user) throw unauthorized();
    return { user: await this.userOf(user), tokens: signedIn.tokens };
  }

  async logout(refreshToken: string | undefined): Promise<void> {
    if (refreshToken) await this.deps.sessions.revokeByRefreshToken(refreshToken);
  }

  async self(auth: AuthContext): Promise<SelfResponse> {
    return { user: await this.userOf(auth.user), tokens: { access: auth.accessToken } };
  }

  private async userOf(row: UserRow): Promise<User> {
    return toUser(row, this.deps.now(), await planConsumptionOf(this.deps.db, row.id));
  }

  /** Mails a new verification link unless the address is verified already. */
  async sendVerificationEmail(auth: AuthContext, client: ClientInfo): Promise<void> {
    const { db, limiter, limits } = this.deps;
    await limiter.consume(
      [limits.verificationMailPerAccount, auth.user.id],
      [limits.verificationMailPerAddress, clientAddressKey(client.ip)],
    );
    if (auth.user.email_verified === 1) return;
    const mail = await db
      .transaction()
      .execute((trx) => this.queueVerificationMail(trx, auth.user));
    this.deps.mailer.afterCommit(mail);
  }

  /**
   * Follows a verification link: verifies the account's address, or — for an email change —
   * makes the new address the account's (verified, since the link reached it) and tells the old
   * address, if it was verified, so, with whom to write if the change was not the owner's.
   */
  async verifyEmail(token: string): Promise<void> {
    const { db, tokens, now, mailer, supportEmail } = this.deps;
    try {
      const notice = await db.transaction().execute(async (trx) => {
        const row = await tokens.consume(trx, token, ['verify-email', 'change-email']);
        const user = await findUserById(trx, row.user_id);
        const updatedAt = now().toISOString();
        if (row.kind === 'verify-email') {
          // A link to an address the account no longer has proves nothing.
          if (!user || user.email !== row.email) throw new TokenError('not-found');
          await updateUser(trx, user.id, { email_verified: 1, updated_at: updatedAt });
          await tokens.useUp(trx, user.id, ['verify-email']);
          return undefined;
        }
        if (!user || user.pending_email !== row.email) throw new TokenError('not-found');
        const holder = await findUserByEmail(trx, row.email);
        if (holder && holder.id !== user.id) throw conflict(ERROR_MESSAGES.emailTaken);
        await updateUser(trx, user.id, {
          email: row.email,
          pending_email: null,
          email_verified: 1,
          updated_at: updatedAt,
        });
        await tokens.useUp(trx, user.id, ['verify-email', 'change-email']);
        // Whoever followed the link acts for the account; the link's request names no address.
        await this.deps.audit.record(
          {
            accountId: user.id,
            actor: { userId: user.id, name: row.email, via: 'session', ip: null },
            action: 'account.email_changed',
            details: { from: user.email, to: row.email },
          },
          trx,
        );
        // An address never verified may be mistyped, someone else's: it learns nothing.
        if (user.email_verified !== 1) return undefined;
        return mailer.enqueue(trx, {
          userId: user.id,
          to: user.email,
          language: toLanguage(user.email_language),
          template: 'email-changed',
          data: { name: user.name, newEmail: row.email, supportEmail },
        });
      });
      if (notice) mailer.afterCommit(notice);
    } catch (error) {
      if (error instanceof TokenError) throw tokenHttpError(error);
      if (isUniqueViolation(error)) throw conflict(ERROR_MESSAGES.emailTaken);
      throw error;
    }
  }

  /** Mails a reset link if the account exists; the answer never tells whether it does. */
  async forgotPassword(email: string, client: ClientInfo): Promise<void> {
    const { db, limiter, limits, tokens, mailer, publicUrl } = this.deps;
    await limiter.consume(
      [limits.forgotPasswordPerAccount, email],
      [limits.forgotPasswordPerAddress, clientAddressKey(client.ip)],
    );
    const user = await findUserByEmail(db, email);
    if (!user) return;
    const mail = await db.transaction().execute(async (trx) => {
      const token = await tokens.issue(trx, 'reset-password', user.id, user.email);
      return mailer.enqueue(trx, {
        userId: user.id,
        to: user.email,
        language: toLanguage(user.email_language),
        template: 'reset-password',
        data: { name: user.name, link: dashboardLink(publicUrl, '/reset-password', token) },
      });
    });
    mailer.afterCommit(mail);
  }

  /** Sets a new password through a reset link and ends every session of the account. */
  async resetPassword(token: string, password: string, client: ClientInfo): Promise<void> {
    const { db, limiter, limits, tokens, passwords, sessions, now } = this.deps;
    await limiter.consume([limits.resetPasswordPerAddress, clientAddressKey(client.ip)]);
    const passwordHash = await passwords.hash(password);
    let email: string;
    try {
      email = await db.transaction().execute(async (trx) => {
        const row = await tokens.consume(trx, token, ['reset-password']);
        const user = await findUserById(trx, row.user_id);
        if (!user) throw new TokenError('not-found');
        await updateUser(trx, user.id, {
          password_hash: passwordHash,
          // The link reached the account's address: that verifies it too.
          ...(user.email === row.email ? { email_verified: 1 as const } : {}),
          updated_at: now().toISOString(),
        });
        await tokens.useUp(trx, user.id, ['reset-password']);
        await sessions.revoke(trx, { userId: user.id }, 'password-reset');
        await this.deps.audit.record(
          {
            accountId: user.id,
            actor: { userId: user.id, name: user.email, via: 'session', ip: client.ip },
            action: 'account.password_changed',
            details: { reset: true },
          },
          trx,
        );
        return user.email;
      });
    } catch (error) {
      if (error instanceof TokenError) throw badRequest(ERROR_MESSAGES.passwordResetFailed);
      throw error;
    }
    // Whoever completed the reset read the account's mail: the failures of strangers no longer
    // stand between them and the new password (ADR 024).
    await limiter.reset(limits.loginPerAccount, email);
  }

  private async queueVerificationMail(db: Kysely<Database>, user: UserRow): Promise<QueuedMail> {
    const token = await this.deps.tokens.issue(db, 'verify-email', user.id, user.email);
    return this.deps.mailer.enqueue(db, {
      userId: user.id,
      to: user.email,
      language: toLanguage(user.email_language),
      template: 'verify-email',
      data: { name: user.name, link: dashboardLink(this.deps.publicUrl, '/verify-email', token) },
    });
  }
}
