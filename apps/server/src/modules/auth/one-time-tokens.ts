import { randomUUID } from 'node:crypto';
import { ERROR_MESSAGES } from '@livent/shared';
import type { Kysely } from 'kysely';
import type { Database, OneTimeTokenKind } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { HttpError } from '../../lib/errors.js';
import {
  findTokenByHash,
  insertToken,
  markTokenUsed,
  useUpTokens,
  type OneTimeTokenRow,
} from './tokens.repository.js';

const HOUR_MS = 60 * 60_000;

/** How long each kind of link works. */
export const TOKEN_LIFETIME_MS: Record<OneTimeTokenKind, number> = {
  'verify-email': 24 * HOUR_MS,
  'reset-password': HOUR_MS,
  'change-email': 24 * HOUR_MS,
};

/** 128 bits from the CSPRNG (ASVS), 22 base64url characters. */
const TOKEN_BYTES = 16;

/** Why a token cannot be used; the caller turns it into its own answer. */
export type TokenProblem = 'not-found' | 'expired';

export class TokenError extends Error {
  constructor(readonly problem: TokenProblem) {
    super(problem === 'expired' ? ERROR_MESSAGES.tokenExpired : ERROR_MESSAGES.tokenNotFound);
  }
}

/**
 * Links that prove control of an email address: random, stored as SHA-256 only, single use,
 * expiring (docs/architecture.md, "Security requirements").
 */
export class OneTimeTokens {
  constructor(private readonly now: Clock) {}

  /** Issues a token (in the caller's transaction) and answers the plaintext for the link. */
  async issue(
    db: Kysely<Database>,
    kind: OneTimeTokenKind,
    userId: string,
    email: string,
  ): Promise<string> {
    const token = randomToken(TOKEN_BYTES);
    const now = this.now();
    await insertToken(db, {
      id: randomUUID(),
      kind,
      user_id: userId,
      token_hash: sha256(token),
      email,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + TOKEN_LIFETIME_MS[kind]).toISOString(),
      used_at: null,
    });
    return token;
  }

  /**
   * Uses a token up (in the caller's transaction) and answers its row; throws a {@link TokenError}
   * for unknown, used, expired or concurrently used tokens.
   */
  async consume(
    db: Kysely<Database>,
    token: string,
    kinds: readonly OneTimeTokenKind[],
  ): Promise<OneTimeTokenRow> {
    const now = this.now().toISOString();
    const row = await findTokenByHash(db, sha256(token), kinds);
    if (!row || row.used_at !== null) throw new TokenError('not-found');
    if (row.expires_at <= now) throw new TokenError('expired');
    if (!(await markTokenUsed(db, row.id, now))) throw new TokenError('not-found');
    return row;
  }

  async useUp(
    db: Kysely<Database>,
    userId: string,
    kinds: readonly OneTimeTokenKind[],
  ): Promise<void> {
    await useUpTokens(db, userId, kinds, this.now().toISOString());
  }
}

/** Maps a token problem to the answer of `verify-email`: 404 "Token not found" or 400 "Token expired". */
export function tokenHttpError(error: TokenError): HttpError {
  return error.problem === 'expired'
    ? new HttpError(400, ERROR_MESSAGES.tokenExpired)
    : new HttpError(404, ERROR_MESSAGES.tokenNotFound);
}
