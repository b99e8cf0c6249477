import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { AbuseLimits } from '../../../lib/abuse-limits.js';
import type { Clock } from '../../../lib/clock.js';
import { isHttpError } from '../../../lib/errors.js';
import type { RateLimiter } from '../../../lib/rate-limiter.js';
import type { InvitationAccess } from '../../invitations/index.js';
import { recordLogin, ssoLabel } from '../../logins/index.js';
import type { RegisterOutcome, RegistrationsService } from '../../registrations/index.js';
import type { WebhookEmitter } from '../../webhooks/index.js';
import { visibleChannel, type EventModel, type PublicEvents } from '../public-events.js';
import type { AccessSessions } from '../access-sessions.js';
import type { EventHead } from '../public.repository.js';
import {
  ACCESS_MAX_AGE_S,
  codeMatches,
  type AccessWay,
  type ViewerAccess,
} from '../viewer-access.js';
import type { Viewer } from '../viewer-cookie.js';
import { pageLanguage } from '../viewer-language.js';

/** What a try at the gate came to; the routes turn it into a redirect or the gate. */
export type CodeAttempt =
  | { outcome: 'granted'; location: string; cookie: string; cookiePath: string; maxAge: number }
  /** The event takes no code (any more): back to its page. */
  | { outcome: 'not-needed'; location: string }
  | { outcome: 'wrong' }
  | { outcome: 'limited'; retryAfterSeconds: number };

/** What a registration at the gate came to: a code attempt's outcomes, or why the form is back. */
export type RegistrationAttempt =
  CodeAttempt | Exclude<RegisterOutcome, { outcome: 'granted' | 'limited' }>;

/** A protected event a viewer tries to get into, and where to go afterwards. */
export interface AccessTarget {
  head: EventHead;
  model: EventModel;
  location: string;
}

export interface ViewerGatesDependencies {
  db: Kysely<Database>;
  now: Clock;
  limiter: RateLimiter;
  limits: AbuseLimits;
  events: PublicEvents;
  /** Signs the viewers' access cookies. */
  cookies: ViewerAccess;
  /** The invitation way in: sign-in and personal links. */
  invitations: Pick<InvitationAccess, 'signIn' | 'openLink'>;
  /** The registration way in: the form and personal links. */
  registrations: Pick<RegistrationsService, 'register' | 'openLink'>;
  /** Starts the session of each access by a registration or an invitation (ADR 067). */
  sessions: Pick<AccessSessions, 'start'>;
  /** Tells the owner's webhooks of invitations' sign-ins (ADR 072). */
  webhooks?: WebhookEmitter;
}

/**
 * The gates of protected events (ADR 026): the access code, the invitation's sign-in and personal
 * link, the registration and its link, and single sign-on. Every way in reads the event fresh
 * (a changed code or mode counts at once), is limited per viewer and event and, generously, per
 * address and event, records a login and issues the signed access cookie for the event's path.
 */
export class ViewerGatesService {
  constructor(private readonly deps: ViewerGatesDependencies) {}

  /** A viewer's access code: the right one answers the access cookie (subject the viewer). */
  async enterCode(
    slug: string,
    input: { code: string; channel: string | undefined },
    viewer: Viewer,
  ): Promise<CodeAttempt | undefined> {
    const target = await this.accessTarget(slug, input.channel, 'code');
    if (!target || 'outcome' in target) return target;
    const limited =
      (await this.consumeAccessTry(target.head.id, viewer)) ??
      (await this.wrongCodeBudgetSpent(target));
    if (limited) return limited;
    if (!codeMatches(input.code, target.model.settings.accessCode)) {
      await this.countWrongCode(target);
      return { outcome: 'wrong' };
    }
    return await this.granted(target, target.location, { id: viewer.id }, 'code');
  }

  /**
   * A viewer's sign-in with an invitation's username and password, limited like the code. Each
   * sign-in counts as a login of the invitation; the cookie's subject is the invitation, with its
   * access version, so that deleting it or changing its password ends it.
   */
  async enterInvitation(
    slug: string,
    input: { username: string; password: string; channel?: string },
    viewer: Viewer,
  ): Promise<CodeAttempt | undefined> {
    const target = await this.accessTarget(slug, input.channel, 'invitation');
    if (!target || 'outcome' in target) return target;
    const limited = await this.consumeAccessTry(target.head.id, viewer);
    if (limited) return limited;
    const grant = await this.deps.invitations.signIn(
      target.head.id,
      input.username,
      input.password,
    );
    if (!grant) return { outcome: 'wrong' };
    return await this.granted(target, target.location, grant, 'invitation');
  }

  /**
   * A viewer's personal link: the invitation of the token signs in and counts a login. An
   * unknown token counts as a failed try (limited like the code).
   */
  async openPersonalLink(
    slug: string,
    token: string,
    viewer: Viewer,
  ): Promise<CodeAttempt | undefined> {
    const target = await this.accessTarget(slug, undefined, 'invitation');
    if (!target || 'outcome' in target) return target;
    const grant = await this.deps.invitations.openLink(target.head.id, token);
    if (grant) return await this.granted(target, target.location, grant, 'invitation');
    return (await this.consumeAccessTry(target.head.id, viewer)) ?? { outcome: 'wrong' };
  }

  /**
   * A viewer's registration at the gate: in the default and send modes the access cookie at once
   * (its subject the registration), in the verify mode "check your inbox".
   */
  async register(
    slug: string,
    form: Record<string, string | undefined>,
    viewer: Viewer,
    acceptLanguage: string | undefined,
  ): Promise<RegistrationAttempt | undefined> {
    const target = await this.accessTarget(slug, form.channel, 'registration');
    if (!target || 'outcome' in target) return target;
    const { head, model } = target;
    const channel = model.channels.find((candidate) => candidate.slug === form.channel);
    const { language } = pageLanguage(model, channel, acceptLanguage);
    const outcome = await this.deps.registrations.register(
      {
        id: head.id,
        slug: model.slug,
        title: model.settings.title,
        settings: model.settings,
        language,
        channelSlug: visibleChannel(model, form.channel)?.slug,
      },
      form,
      viewer,
    );
    if (outcome.outcome !== 'granted') return outcome;
    return await this.granted(
      target,
      target.location,
      { id: outcome.registrationId },
      'registration',
    );
  }

  /**
   * A registration's personal link (also the verification link of the verify mode), back to the
   * page of the channel it names (where the viewer registered) when that is visible.
   */
  async openRegistrationLink(
    slug: string,
    token: string,
    viewer: Viewer,
    channelSlug?: string,
  ): Promise<CodeAttempt | undefined> {
    const target = await this.accessTarget(slug, channelSlug, 'registration');
    if (!target || 'outcome' in target) return target;
    const id = await this.deps.registrations.openLink(target.head.id, token);
    if (id) return await this.granted(target, target.location, { id }, 'registration');
    return (await this.consumeAccessTry(target.head.id, viewer)) ?? { outcome: 'wrong' };
  }

  /** The event of a single sign-on, read fresh, and where to go after it. */
  ssoTarget(slug: string, channelSlug: string | undefined) {
    return this.accessTarget(slug, channelSlug, 'cip');
  }

  /** Counts a single sign-on try like a code; the refusal when over the limit. */
  countSsoTry(target: AccessTarget, viewer: Viewer): Promise<CodeAttempt | undefined> {
    return this.consumeAccessTry(target.head.id, viewer);
  }

  /** The access cookie for the provider's subject (way `cip`), back to where the sign-in began. */
  grantSso(
    target: AccessTarget,
    identity: { subject: string; name: string | null; email: string | null },
    location: string,
  ): Promise<CodeAttempt> {
    return this.granted(target, location, { id: identity.subject }, 'cip', ssoLabel(identity));
  }

  /**
   * The event at `slug`, read fresh, when it takes this way in, and where to go afterwards (its
   * page, or the visible channel's the form came from); else back to its page.
   */
  private async accessTarget(
    slug: string,
    channelSlug: string | undefined,
    mode: AccessWay,
  ): Promise<AccessTarget | CodeAttempt | undefined> {
    const { events } = this.deps;
    const head = await events.freshHead(slug);
    if (!head) return undefined;
    const model = await events.model(head);
    const channel = visibleChannel(model, channelSlug);
    const location = channel ? `/${model.slug}/${channel.slug}` : `/${model.slug}`;
    if (model.settings.accessMode !== mode) return { outcome: 'not-needed', location };
    return { head, model, location };
  }

  /** Counts a try at the gate; the refusal when the viewer or the address is over the limit. */
  private async consumeAccessTry(
    eventId: string,
    viewer: Viewer,
  ): Promise<CodeAttempt | undefined> {
    const { limiter, limits } = this.deps;
    try {
      await limiter.consume(
        [limits.accessCodePerViewer, `${eventId}:${viewer.id}`],
        [limits.accessCodePerAddress, `${eventId}:${viewer.ip}`],
      );
      return undefined;
    } catch (error) {
      if (!isHttpError(error) || error.statusCode !== 429) throw error;
      return {
        outcome: 'limited',
        retryAfterSeconds: Number(error.headers['retry-after'] ?? 60),
      };
    }
  }

  /**
   * The refusal when the event's wrong codes, from every viewer and address together, used up
   * its budget (ADR 044): past it no code is checked, so guessing stays bounded however many
   * addresses guess. The budget belongs to the code: a new one starts afresh.
   */
  private async wrongCodeBudgetSpent(target: AccessTarget): Promise<CodeAttempt | undefined> {
    const { limiter, limits } = this.deps;
    const subject = this.wrongCodeSubject(target);
    const states = await Promise.all([
      limiter.peek(limits.accessCodeFailuresPerEvent, subject),
      limiter.peek(limits.accessCodeFailuresPerEventDaily, subject),
    ]);
    const spent = states.filter((state) => !state.allowed);
    if (spent.length === 0) return undefined;
    return {
      outcome: 'limited',
      retryAfterSeconds: Math.max(...spent.map((state) => state.retryAfterSeconds)),
    };
  }

  private async countWrongCode(target: AccessTarget): Promise<void> {
    const { limiter, limits } = this.deps;
    const subject = this.wrongCodeSubject(target);
    await limiter.hit(limits.accessCodeFailuresPerEvent, subject);
    await limiter.hit(limits.accessCodeFailuresPerEventDaily, subject);
  }

  private wrongCodeSubject({ head, model }: AccessTarget): string {
    return `${head.id}:${this.deps.cookies.generation(model)}`;
  }

  /** Records the login (ADR 026) and issues the access cookie of a way in that succeeded. */
  /** `invitation.signed_in` with the invitation's name and email, the organiser's own data. */
  private async tellSignIn(eventId: string, invitationId: string): Promise<void> {
    const { db, webhooks } = this.deps;
    const invitation = await db
      .selectFrom('invitations')
      .select(['id', 'name', 'email'])
      .where('id', '=', invitationId)
      .executeTakeFirst();
    if (invitation) {
      await webhooks?.emit({ type: 'invitation.signed_in', eventId, data: { invitation } });
    }
  }

  private async granted(
    target: AccessTarget,
    location: string,
    grant: { id: string; version?: number },
    way: AccessWay,
    label?: string,
  ): Promise<CodeAttempt> {
    const { db, now, cookies, sessions } = this.deps;
    const eventId = target.head.id;
    const at = now();
    // The personal ways start a session; past the event's limit the oldest end (ADR 067).
    const session =
      way === 'registration' || way === 'invitation'
        ? await sessions.start(
            eventId,
            { kind: way, id: grant.id },
            target.model.settings.sessionLimit,
          )
        : undefined;
    await recordLogin(db, {
      eventId,
      way,
      subject: grant.id,
      at,
      ...(label === undefined ? {} : { label }),
    });
    if (way === 'invitation') await this.tellSignIn(eventId, grant.id);
    const issuedAt = Math.floor(at.getTime() / 1000);
    const cookie = cookies.issue({
      eventId,
      way,
      subject: grant.id,
      generation: cookies.generation(target.model),
      ...(grant.version === undefined ? {} : { version: grant.version }),
      ...(session === undefined ? {} : { session }),
      issuedAt,
      expiresAt: issuedAt + ACCESS_MAX_AGE_S,
    });
    return {
      outcome: 'granted',
      location,
      cookie,
      cookiePath: `/${target.model.slug}`,
      maxAge: ACCESS_MAX_AGE_S,
    };
  }
}
