import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { requestCookie } from '../../lib/cookies.js';
import type { Attendee } from '../attendance/index.js';
import type { InvitationAccess } from '../invitations/index.js';
import type { RegistrationsService } from '../registrations/index.js';
import type { AccessSessions } from './access-sessions.js';
import type { EventModel } from './public-events.js';
import { ACCESS_COOKIE, type AccessClaims, type ViewerAccess } from './viewer-access.js';

/**
 * What a request may see of an event's page (ADR 026): the whole page of an unprotected event,
 * the gate of a protected one, or the whole protected page for a viewer with a valid access
 * cookie (which no shared cache may keep). `ended` is the gate for a viewer whose session a newer
 * one ended (ADR 067): the gate says so.
 */
export type PageAccess = 'open' | 'gate' | 'granted' | 'ended';

/** Whether the request is at the gate (plain, or because its session ended). */
export function atGate(access: PageAccess): boolean {
  return access === 'gate' || access === 'ended';
}

/** The access cookie's value, or a function that reads it only when asked. */
export type AccessCookie = string | undefined | (() => string | undefined);

/** The request's access cookie, read only when asked (pages of open events never need it). */
export function accessCookieOf(request: FastifyRequest): () => string | undefined {
  return () => requestCookie(request, ACCESS_COOKIE);
}

export interface PageAccessDependencies {
  now: Clock;
  cookies: ViewerAccess;
  /** Whether an invitation still holds (deleted, or a new password or link, ends it). */
  invitations: Pick<InvitationAccess, 'peek' | 'check'>;
  /** Whether a registration still exists. */
  registrations: Pick<RegistrationsService, 'knownToExist' | 'exists'>;
  /** Whether the session of a personal way in is still open (ADR 067). */
  sessions: Pick<AccessSessions, 'peek' | 'check'>;
}

/**
 * Whether a request gets an event's gate or what is behind it (ADR 026), for the page, the
 * viewer API and the gates alike; channels share the event's gate.
 */
export class PageAccessCheck {
  constructor(private readonly deps: PageAccessDependencies) {}

  /**
   * The access from what is in memory, without awaiting anything (the cached page's path).
   * Undefined when an invitation's or registration's cookie needs the database first
   * ({@link resolve} waits for it).
   */
  peek(model: EventModel, cookie: AccessCookie): PageAccess | undefined {
    if (model.settings.accessMode === 'none') return 'open';
    // Read lazily: pages of open events never parse the Cookie header (ADR 020).
    const value = typeof cookie === 'function' ? cookie() : cookie;
    const claims = this.claims(model, value);
    if (!claims) return 'gate';
    const { registrations, invitations, sessions } = this.deps;
    if (claims.way === 'registration' && !registrations.knownToExist(claims.subject)) {
      return undefined;
    }
    if (claims.way === 'invitation') {
      const holds = invitations.peek(model.id, claims.subject, claims.version ?? 0);
      if (holds !== true) return holds === undefined ? undefined : 'gate';
    }
    return this.sessionAccess(model, claims, (session) => sessions.peek(model.id, session));
  }

  /**
   * {@link peek}, asking the database when needed: a deleted invitation, or one with a new
   * password or link, no longer gives access (within the invitation check's few seconds).
   */
  async resolve(model: EventModel, cookie: AccessCookie): Promise<PageAccess> {
    const value = typeof cookie === 'function' ? cookie() : cookie;
    const access = this.peek(model, value);
    if (access) return access;
    const claims = this.claims(model, value);
    if (!claims) return 'gate';
    const { registrations, invitations, sessions } = this.deps;
    const holds =
      claims.way === 'registration'
        ? await registrations.exists(model.id, claims.subject)
        : await invitations.check(model.id, claims.subject, claims.version ?? 0);
    if (!holds) return 'gate';
    const open =
      claims.session === undefined ? undefined : await sessions.check(model.id, claims.session);
    return this.sessionAccess(model, claims, () => open) ?? 'gate';
  }

  /**
   * The access of a cookie whose person still holds, by its session (ADR 067): only the personal
   * ways have sessions. A cookie from before sessions existed has none: it keeps working while
   * the event has no limit and, with one, counts as no access (it could be shared without end).
   */
  private sessionAccess(
    model: EventModel,
    claims: AccessClaims,
    isOpen: (session: string) => boolean | undefined,
  ): PageAccess | undefined {
    if (claims.way !== 'registration' && claims.way !== 'invitation') return 'granted';
    if (claims.session === undefined) {
      return model.settings.sessionLimit === null ? 'granted' : 'gate';
    }
    const open = isOpen(claims.session);
    return open === undefined ? undefined : open ? 'granted' : 'ended';
  }

  /**
   * The registrant or invitee a valid access cookie names, whose attendance the page records
   * (ADR 066); undefined for anyone else. Ask only once {@link resolve} granted access.
   */
  attendee(model: EventModel, cookie: AccessCookie): Attendee | undefined {
    const claims = this.claims(model, typeof cookie === 'function' ? cookie() : cookie);
    if (claims?.way === 'registration' || claims?.way === 'invitation') {
      return { kind: claims.way, id: claims.subject };
    }
    return undefined;
  }

  private claims(model: EventModel, cookie: string | undefined): AccessClaims | undefined {
    const { cookies, now } = this.deps;
    const generation = cookies.generation(model);
    return cookies.verify(cookie, model.id, generation, now().getTime());
  }
}
