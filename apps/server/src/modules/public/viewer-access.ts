import type { AccessMode, EventSettings } from '@livent/shared';
import { deriveKey, hmacSha256, safeEqual } from '../../lib/crypto.js';

/**
 * The viewer's access to a protected event (ADR 026): a cookie signed with a key of its own
 * (HMAC-SHA256, derived from APP_SECRET), scoped to the event's path. It is not a dashboard
 * credential and grants nothing but this event's page.
 */
export const ACCESS_COOKIE = 'lvnt.access';
export const ACCESS_MAX_AGE_S = 30 * 24 * 3600;

/** The ways in that a cookie records (every mode but `none`). */
export type AccessWay = Exclude<AccessMode, 'none'>;

export interface AccessClaims {
  /** The event it was issued for: another event's cookie grants nothing. */
  eventId: string;
  way: AccessWay;
  /** Who came in: the viewer cookie's id for a code, later a registration's or invitation's id. */
  subject: string;
  /** The event's access generation when issued (see {@link ViewerAccess.generation}). */
  generation: string;
  /** For an invitation: its access version when issued (a new password or link raises it). */
  version?: number;
  /**
   * For a registration or an invitation: the session this access started (ADR 067). Cookies
   * issued before sessions existed have none.
   */
  session?: string;
  /** Seconds since the epoch. */
  issuedAt: number;
  expiresAt: number;
}

/** What of an event its access generation depends on (an `EventModel` has it). */
export interface AccessGenerationOf {
  id: string;
  settings: Pick<EventSettings, 'accessMode' | 'accessCode'>;
  accessGeneration: number;
}

const WAYS: readonly string[] = ['code', 'registration', 'invitation', 'cip'];

function isClaims(value: unknown): value is AccessClaims {
  if (value === null || typeof value !== 'object') return false;
  const claims = value as Record<string, unknown>;
  return (
    typeof claims.eventId === 'string' &&
    typeof claims.way === 'string' &&
    WAYS.includes(claims.way) &&
    typeof claims.subject === 'string' &&
    typeof claims.generation === 'string' &&
    typeof claims.issuedAt === 'number' &&
    typeof claims.expiresAt === 'number' &&
    (claims.session === undefined || typeof claims.session === 'string')
  );
}

/** Issues and checks access cookies: `<base64url JSON claims>.<base64url HMAC of them>`. */
export class ViewerAccess {
  private readonly key: Uint8Array;

  constructor(appSecret: string) {
    this.key = deriveKey(appSecret, 'livent viewer access v1');
  }

  /**
   * What a cookie must match to stay valid: the event's stored access generation, which a new
   * mode, code or single sign-on provider raises (ADR 044), and the mode and, for the code mode,
   * the code itself (keyed, so the cookie never reveals it). Generation 0 is every event's before
   * it was stored, hashed as then, so that the upgrade ends nobody's access.
   */
  generation(event: AccessGenerationOf): string {
    const { accessMode, accessCode } = event.settings;
    const code = accessMode === 'code' ? accessCode : '';
    const stored = event.accessGeneration === 0 ? '' : `\n${String(event.accessGeneration)}`;
    return hmacSha256(this.key, `generation\n${event.id}\n${accessMode}\n${code}${stored}`).slice(
      0,
      22,
    );
  }

  issue(claims: AccessClaims): string {
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  /**
   * The claims of a cookie that is genuine, for this event and generation, and not expired;
   * undefined for anything else (absent, tampered, another event's, outdated).
   */
  verify(
    cookie: string | undefined,
    eventId: string,
    generation: string,
    nowMs: number,
  ): AccessClaims | undefined {
    if (!cookie || cookie.length > 2048) return undefined;
    const [payload, signature, extra] = cookie.split('.');
    if (!payload || !signature || extra !== undefined) return undefined;
    if (!safeEqual(signature, this.sign(payload))) return undefined;
    let claims: unknown;
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return undefined;
    }
    if (!isClaims(claims)) return undefined;
    if (claims.eventId !== eventId || !safeEqual(claims.generation, generation)) return undefined;
    return claims.expiresAt * 1000 > nowMs ? claims : undefined;
  }

  private sign(payload: string): string {
    return hmacSha256(this.key, `cookie\n${payload}`);
  }
}

/** Compares a typed code with the event's in time independent of where they differ. */
export function codeMatches(typed: string, code: string): boolean {
  // Both hashed first, so that the comparison's time does not depend on the lengths either.
  const key = Buffer.from('livent access code');
  return code !== '' && safeEqual(hmacSha256(key, typed.trim()), hmacSha256(key, code));
}
