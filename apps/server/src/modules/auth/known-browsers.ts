import { AUTH_COOKIE_PREFIX } from '@livent/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestCookie } from '../../lib/cookies.js';
import { deriveKey, hmacSha256 } from '../../lib/crypto.js';
import type { AuditLog } from '../audit/index.js';
import { auditActor } from '../audit/index.js';

/**
 * The browsers an account signed in from (docs/decisions/069-audit-log.md): a long-lived cookie
 * holds one tag per account that signed in there, HMAC(key, user id), so that a sign-in whose
 * browser lacks the account's tag is one from a new browser. The server stores nothing, and the
 * tag tells nobody but this server which account it is.
 */
export const BROWSER_COOKIE = `${AUTH_COOKIE_PREFIX}browser`;
/** Browsers cap cookies at 400 days. */
const MAX_AGE_SECONDS = 400 * 24 * 60 * 60;
/** Accounts remembered per browser (a shared computer); the oldest goes first. */
const TAGS_MAX = 5;
const TAG_LENGTH = 22;
const USER_AGENT_MAX = 200;

export class KnownBrowsers {
  private readonly key: Uint8Array;

  constructor(
    appSecret: string,
    private readonly audit: AuditLog,
  ) {
    this.key = deriveKey(appSecret, 'livent known browsers v1');
  }

  /**
   * After a sign-in: records `account.signed_in_new_browser` when this browser has not signed
   * in to the account before, and remembers it for the account.
   */
  async signedIn(
    request: FastifyRequest,
    reply: FastifyReply,
    user: { id: string; email: string },
  ): Promise<void> {
    const tag = this.tagOf(user.id);
    const known = this.tagsOf(request);
    if (!known.includes(tag)) {
      await this.audit.record({
        accountId: user.id,
        actor: { ...auditActor(request), userId: user.id, name: user.email, via: 'session' },
        action: 'account.signed_in_new_browser',
        details: { userAgent: (request.headers['user-agent'] ?? '').slice(0, USER_AGENT_MAX) },
      });
    }
    // Remembered anew on every sign-in: the cookie lives 400 days from the last one.
    const tags = [...known.filter((other) => other !== tag), tag].slice(-TAGS_MAX);
    reply.setCookie(BROWSER_COOKIE, tags.join('.'), {
      path: '/api/auth',
      sameSite: 'strict',
      secure: true,
      httpOnly: true,
      maxAge: MAX_AGE_SECONDS,
    });
  }

  private tagOf(userId: string): string {
    return hmacSha256(this.key, userId).slice(0, TAG_LENGTH);
  }

  private tagsOf(request: FastifyRequest): string[] {
    const value = requestCookie(request, BROWSER_COOKIE) ?? '';
    return value.split('.').filter((tag) => tag.length === TAG_LENGTH);
  }
}
