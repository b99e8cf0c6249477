import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { announceChange } from '../../lib/change-notices.js';
import { deriveKey, hmacSha256, safeEqual } from '../../lib/crypto.js';
import {
  countLogin,
  findAccessVersion,
  findInvitationByToken,
  findInvitationByUsername,
} from './invitations.repository.js';

/**
 * How long an instance trusts what it knows of an invitation before asking the database again:
 * a deletion or a new password ends the access it gave within this time on every instance
 * (at once on the instance that made the change).
 */
export const INVITATION_CHECK_TTL_MS = 5_000;
const MAX_ENTRIES = 100_000;

/** What a sign-in found: the invitation and the access version a cookie records. */
export interface InvitationGrant {
  id: string;
  version: number;
}

/** An invitation's current access version, or null once it is gone. */
interface VersionEntry {
  version: number | null;
}

/**
 * The invitation way in (ADR 026): sign-in by username and password or by the personal link, and
 * the check that an access cookie's invitation still exists with the credentials it was issued
 * for. Pages of an event are answered from memory, so the check is cached briefly per
 * invitation; {@link peek} answers without waiting when it knows.
 */
export class InvitationAccess {
  private readonly versions: LRUCache<string, VersionEntry>;
  private readonly compareKey = deriveKey('livent invitation password', 'compare');

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
  ) {
    this.versions = new LRUCache({
      max: MAX_ENTRIES,
      ttl: INVITATION_CHECK_TTL_MS,
      ttlResolution: 0,
      perf: { now: () => now().getTime() },
      fetchMethod: async (key) => {
        const [eventId = '', id = ''] = key.split('|');
        return { version: (await findAccessVersion(db, eventId, id)) ?? null };
      },
    });
  }

  /** Whether the invitation still gives access at `version`; undefined when not known now. */
  peek(eventId: string, id: string, version: number): boolean | undefined {
    const entry = this.versions.get(`${eventId}|${id}`);
    return entry ? entry.version === version : undefined;
  }

  /** Whether the invitation still gives access at `version`, asking the database if needed. */
  async check(eventId: string, id: string, version: number): Promise<boolean> {
    const entry = await this.versions.fetch(`${eventId}|${id}`).catch(async () => ({
      // A change dropped the entry while it was being read, which aborts that read (lru-cache):
      // what it would have found may predate the change, so this asks the database again,
      // past the cache. A failing database fails here as it would have in the fetch.
      version: (await findAccessVersion(this.db, eventId, id)) ?? null,
    }));
    return entry?.version === version;
  }

  /**
   * Drops what every instance knows of these invitations, after the organiser changed or deleted
   * them: here at once, elsewhere when the notice arrives (one per invitation, or one for all
   * after an import).
   */
  async forget(eventId: string, ids: readonly string[]): Promise<void> {
    for (const id of ids) this.versions.delete(`${eventId}|${id}`);
    if (ids.length === 1) await announceChange(this.db, 'invitation', `${eventId}|${ids[0]}`);
    else if (ids.length > 1) await announceChange(this.db, 'invitation');
  }

  /** Another instance's notice: one invitation (`<eventId>|<id>`), or all of them. */
  changedElsewhere(key: string | undefined): void {
    if (key === undefined) this.versions.clear();
    else this.versions.delete(key);
  }

  /**
   * The invitation with this username and password, counted as a login; undefined otherwise.
   * Passwords are compared in time independent of where they differ (both sides keyed hashes),
   * and an unknown username costs the same comparison.
   */
  async signIn(
    eventId: string,
    username: string,
    password: string,
  ): Promise<InvitationGrant | undefined> {
    const row = await findInvitationByUsername(this.db, eventId, username.trim().toLowerCase());
    const typed = hmacSha256(this.compareKey, password.trim());
    const stored = hmacSha256(this.compareKey, row ? row.password : `\0${typed}`);
    // An invitation imported without a password signs in only through its personal link.
    if (!safeEqual(typed, stored) || !row || row.password === '') return undefined;
    return this.counted(eventId, row.id, row.access_version);
  }

  /** The invitation of a personal link's token, counted as a login; undefined otherwise. */
  async openLink(eventId: string, token: string): Promise<InvitationGrant | undefined> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
    const row = await findInvitationByToken(this.db, eventId, token);
    return row ? this.counted(eventId, row.id, row.access_version) : undefined;
  }

  private async counted(eventId: string, id: string, version: number): Promise<InvitationGrant> {
    await countLogin(this.db, eventId, id, this.now().toISOString());
    this.versions.set(`${eventId}|${id}`, { version });
    return { id, version };
  }
}
