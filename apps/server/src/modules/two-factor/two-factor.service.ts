import {
  TWO_FACTOR_CHALLENGE_MINUTES,
  ERROR_MESSAGES,
  type RecoveryCodes,
  type TwoFactorChallenge,
  type TwoFactorConfirm,
  type TwoFactorLoginRequest,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@livent/shared';
import type { Kysely } from 'kysely';
import { toString as qrCodeSvg } from 'qrcode';
import type { Database } from '../../db/schema.js';
import type { AbuseLimits } from '../../lib/abuse-limits.js';
import type { Clock } from '../../lib/clock.js';
import { deriveKey, randomToken, sha256 } from '../../lib/crypto.js';
import { badRequest, conflict, tooManyRequests, unauthorized } from '../../lib/errors.js';
import { clientAddressKey, type RateLimiter } from '../../lib/rate-limiter.js';
import { SecretBox } from '../../lib/secret-box.js';
import type { AuditActor, AuditLog } from '../audit/index.js';
import { findUserById, type ClientInfo, type UserRow } from '../auth/index.js';
import { membershipHolds } from '../plans/index.js';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes.js';
import {
  isRemembered,
  REMEMBER_MAX_AGE_SECONDS,
  rememberCookieName,
  rememberCookieValue,
} from './remember-browser.js';
import { looksLikeTotpCode, newTotpSecret, totpStepOf, totpUri } from './totp.js';
import * as repository from './two-factor.repository.js';

/** Wrong codes one sign-in step takes before it ends (the password is asked again). */
export const CHALLENGE_MAX_FAILURES = 5;
const CHALLENGE_TOKEN_BYTES = 32;

export interface TwoFactorDependencies {
  db: Kysely<Database>;
  now: Clock;
  appSecret: string;
  passwords: { verify(hash: string, password: string): Promise<boolean> };
  limiter: RateLimiter;
  limits: AbuseLimits;
  audit: AuditLog;
}

/** A "remember this browser" cookie to set. */
export interface RememberCookie {
  name: string;
  value: string;
  maxAge: number;
}

/**
 * Two-factor sign-in with an authenticator app (docs/decisions/071-two-factor-sign-in.md): its
 * setup and settings, the sign-in step after the password, remembered browsers, and the
 * requirement an enterprise admin may set for members.
 */
export class TwoFactorService {
  private readonly box: SecretBox;
  private readonly recoveryKey: Uint8Array;
  private readonly rememberKey: Uint8Array;

  constructor(private readonly deps: TwoFactorDependencies) {
    this.box = new SecretBox(deps.appSecret, 'livent two-factor secret v1');
    this.recoveryKey = deriveKey(deps.appSecret, 'livent two-factor recovery codes v1');
    this.rememberKey = deriveKey(deps.appSecret, 'livent two-factor remember browser v1');
  }

  async status(user: UserRow): Promise<TwoFactorStatus> {
    const row = await repository.findTwoFactor(this.deps.db, user.id);
    const enabled = Boolean(row?.enabled_at);
    return {
      enabled,
      recoveryCodesLeft: enabled
        ? await repository.countUnusedRecoveryCodes(this.deps.db, user.id)
        : 0,
      required: await this.requiredOf(user),
    };
  }

  /** A new pending secret (replacing a pending one), as QR code and text. */
  async startSetup(user: UserRow): Promise<TwoFactorSetup> {
    const { db, now } = this.deps;
    if ((await repository.findTwoFactor(db, user.id))?.enabled_at) {
      throw conflict(ERROR_MESSAGES.twoFactorAlreadyEnabled);
    }
    const secret = newTotpSecret();
    await repository.savePendingTwoFactor(db, {
      user_id: user.id,
      secret: this.box.seal(secret, user.id),
      remember_key: randomToken(16),
      created_at: now().toISOString(),
    });
    const uri = totpUri(secret, user.email);
    const qrSvg = await qrCodeSvg(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
    return { secret, uri, qrSvg };
  }

  /** Turns the pending setup on with a current code; answers the recovery codes, once. */
  async enable(user: UserRow, actor: AuditActor, input: TwoFactorConfirm): Promise<RecoveryCodes> {
    const { db, now, audit } = this.deps;
    await this.checkPassword(user, input.password);
    const row = await repository.findTwoFactor(db, user.id);
    if (row?.enabled_at) throw conflict(ERROR_MESSAGES.twoFactorAlreadyEnabled);
    if (!row) throw badRequest(ERROR_MESSAGES.twoFactorNoSetup);
    if (!looksLikeTotpCode(input.code) || !(await this.checkCode(user, actor, input.code))) {
      throw badRequest(ERROR_MESSAGES.twoFactorInvalidCode);
    }
    const codes = newRecoveryCodes();
    await db.transaction().execute(async (trx) => {
      await repository.enableTwoFactor(trx, user.id, now().toISOString());
      await this.replaceRecoveryCodes(trx, user.id, codes);
      await audit.record({ accountId: user.id, actor, action: 'two_factor.enabled' }, trx);
    });
    return { recoveryCodes: codes };
  }

  /** Turns two-factor sign-in off with the password and a code; every remembered browser ends. */
  async disable(user: UserRow, actor: AuditActor, input: TwoFactorConfirm): Promise<void> {
    const { db, audit } = this.deps;
    await this.checkPassword(user, input.password);
    await this.enabledRow(user);
    if (!(await this.checkCode(user, actor, input.code))) {
      throw badRequest(ERROR_MESSAGES.twoFactorInvalidCode);
    }
    await db.transaction().execute(async (trx) => {
      await repository.deleteTwoFactor(trx, user.id);
      await audit.record({ accountId: user.id, actor, action: 'two_factor.disabled' }, trx);
    });
  }

  /** New recovery codes (the old ones stop working); remembered browsers end too. */
  async renewRecoveryCodes(
    user: UserRow,
    actor: AuditActor,
    password: string,
  ): Promise<RecoveryCodes> {
    const { db, audit } = this.deps;
    await this.checkPassword(user, password);
    await this.enabledRow(user);
    const codes = newRecoveryCodes();
    await db.transaction().execute(async (trx) => {
      await this.replaceRecoveryCodes(trx, user.id, codes);
      await repository.setRememberKey(trx, user.id, randomToken(16));
      await audit.record(
        { accountId: user.id, actor, action: 'two_factor.recovery_codes_renewed' },
        trx,
      );
    });
    return { recoveryCodes: codes };
  }

  /**
   * After a correct password: the sign-in step an account with two-factor sign-in takes before
   * it gets a session, unless this browser is remembered; undefined when none is due.
   */
  async challengeFor(
    user: UserRow,
    cookies: Record<string, string | undefined>,
  ): Promise<TwoFactorChallenge | undefined> {
    const { db, now } = this.deps;
    const row = await repository.findTwoFactor(db, user.id);
    if (!row?.enabled_at) return undefined;
    const at = now();
    const cookie = cookies[rememberCookieName(user.id)];
    if (isRemembered(this.rememberKey, user.id, row.remember_key, cookie, at.getTime())) {
      return undefined;
    }
    const challenge = randomToken(CHALLENGE_TOKEN_BYTES);
    const expires = new Date(at.getTime() + TWO_FACTOR_CHALLENGE_MINUTES * 60_000).toISOString();
    await repository.insertChallenge(db, {
      tokenHash: sha256(challenge),
      userId: user.id,
      expiresAt: expires,
      now: at.toISOString(),
    });
    return { twoFactor: { challenge, expires } };
  }

  /**
   * The sign-in's second step: answers whose session to create, and the cookie that remembers
   * the browser if asked. Limits: every attempt per address, wrong codes per account, and
   * {@link CHALLENGE_MAX_FAILURES} per step, after which the step ends.
   */
  async completeSignIn(
    input: TwoFactorLoginRequest,
    client: ClientInfo,
  ): Promise<{ user: UserRow; remember?: RememberCookie }> {
    const { db, now, limiter, limits } = this.deps;
    await limiter.consume([limits.twoFactorPerAddress, clientAddressKey(client.ip)]);
    const tokenHash = sha256(input.challenge);
    const challenge = await repository.findChallenge(db, tokenHash, now().toISOString());
    const user = challenge && (await findUserById(db, challenge.user_id));
    if (!user) throw unauthorized(ERROR_MESSAGES.twoFactorChallengeEnded);
    const actor: AuditActor = { userId: user.id, name: user.email, via: 'session', ip: client.ip };
    if (!(await this.checkCode(user, actor, input.code))) {
      if ((await repository.countChallengeFailure(db, tokenHash)) >= CHALLENGE_MAX_FAILURES) {
        await repository.deleteChallenge(db, tokenHash);
        throw unauthorized(ERROR_MESSAGES.twoFactorChallengeEnded);
      }
      throw unauthorized(ERROR_MESSAGES.twoFactorInvalidCode);
    }
    await repository.deleteChallenge(db, tokenHash);
    if (!input.rememberBrowser) return { user };
    const row = await repository.findTwoFactor(db, user.id);
    if (!row) return { user };
    const expiresMs = now().getTime() + REMEMBER_MAX_AGE_SECONDS * 1000;
    return {
      user,
      remember: {
        name: rememberCookieName(user.id),
        value: rememberCookieValue(this.rememberKey, user.id, row.remember_key, expiresMs),
        maxAge: REMEMBER_MAX_AGE_SECONDS,
      },
    };
  }

  /**
   * Whether the account's enterprise requires two-factor sign-in, which the account lacks: then
   * it may use nothing but its setup (ADR 071). Only members are asked, while the membership
   * holds.
   */
  async missesRequired(user: UserRow): Promise<boolean> {
    if (!(await this.requiredOf(user))) return false;
    const row = await repository.findTwoFactor(this.deps.db, user.id);
    return !row?.enabled_at;
  }

  async setRequiredOfMembers(admin: UserRow, actor: AuditActor, required: boolean): Promise<void> {
    const { db, audit } = this.deps;
    await db.transaction().execute(async (trx) => {
      await repository.setMemberTwoFactorRequired(trx, admin.id, required);
      await audit.record(
        {
          accountId: admin.id,
          actor,
          action: 'enterprise.two_factor_required',
          details: { required },
        },
        trx,
      );
    });
  }

  async requiredOfMembers(admin: UserRow): Promise<boolean> {
    return repository.requiresMemberTwoFactor(this.deps.db, admin.id);
  }

  private async requiredOf(user: UserRow): Promise<boolean> {
    if (!user.enterprise_id) return false;
    const admin = {
      plan: user.enterprise_plan,
      planExpires: user.enterprise_plan_expires,
      subscriptionStatus: user.enterprise_subscription_status,
    };
    if (!membershipHolds(admin, this.deps.now())) return false;
    return repository.requiresMemberTwoFactor(this.deps.db, user.enterprise_id);
  }

  private async enabledRow(user: UserRow) {
    const row = await repository.findTwoFactor(this.deps.db, user.id);
    if (!row?.enabled_at) throw badRequest(ERROR_MESSAGES.twoFactorNotEnabled);
    return row;
  }

  private async checkPassword(user: UserRow, password: string): Promise<void> {
    const { limiter, limits, passwords } = this.deps;
    await limiter.consume([limits.passwordCheckPerAccount, user.id]);
    if (!(await passwords.verify(user.password_hash, password))) {
      throw badRequest(ERROR_MESSAGES.incorrectPassword);
    }
  }

  /**
   * Accepts an authenticator code of the current step ±1 that is later than the last one used,
   * or an unused recovery code (which is then used up); else counts a wrong code for the account.
   * Over the account's limit, nothing is checked: a 429.
   */
  private async checkCode(user: UserRow, actor: AuditActor, code: string): Promise<boolean> {
    const { db, now, limiter, limits, audit } = this.deps;
    const budgets = [limits.twoFactorFailuresPerAccount, limits.twoFactorFailuresPerAccountDaily];
    for (const rule of budgets) {
      const budget = await limiter.peek(rule, user.id);
      if (!budget.allowed) throw tooManyRequests(undefined, budget.retryAfterSeconds);
    }
    const row = await repository.findTwoFactor(db, user.id);
    const secret = row && this.box.open(row.secret, user.id);
    let accepted = false;
    if (secret && looksLikeTotpCode(code)) {
      const step = totpStepOf(secret, code, now());
      accepted = step !== undefined && (await repository.useTimeStep(db, user.id, step));
    } else if (row?.enabled_at) {
      const hash = recoveryCodeHash(this.recoveryKey, code);
      accepted = await db.transaction().execute(async (trx) => {
        if (!(await repository.useRecoveryCode(trx, user.id, hash, now().toISOString()))) {
          return false;
        }
        await audit.record(
          { accountId: user.id, actor, action: 'two_factor.recovery_code_used' },
          trx,
        );
        return true;
      });
    }
    if (!accepted) for (const rule of budgets) await limiter.hit(rule, user.id);
    return accepted;
  }

  private async replaceRecoveryCodes(
    db: Kysely<Database>,
    userId: string,
    codes: readonly string[],
  ): Promise<void> {
    const hashes = codes.map((code) => recoveryCodeHash(this.recoveryKey, code));
    await repository.replaceRecoveryCodes(db, userId, hashes);
  }
}
