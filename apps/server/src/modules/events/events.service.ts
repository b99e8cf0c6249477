import { randomUUID } from 'node:crypto';
import {
  DEFAULT_EVENT_SETTINGS,
  ERROR_MESSAGES,
  accessCodeWeakness,
  accessSettingsErrors,
  COMPLIANCE_REVIEWED_FIELDS,
  validationMessage,
  type EventCreate,
  type EventListItem,
  type EventSettings,
  type EventSettingsPatch,
  type EventSettingsResponse,
  type EventSummary,
} from '@livent/shared';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { forbidden, HttpError, validationFailed } from '../../lib/errors.js';
import type { AuditActor, AuditLog } from '../audit/index.js';
import type { AuthContext } from '../auth/index.js';
import { ownerPlanOf, planForAnotherEvent } from '../plans/index.js';
import { appendPageEntry, type PageNotifier } from '../live-page/index.js';
import { freeSlug, RESERVED_SLUGS, slugFromTitle } from './event-slug.js';
import { appendPageStateEntry, changesPageState, pageStateOf } from './page-state-entry.js';
import type { WebhookEmitter } from '../webhooks/index.js';
import { checkPlanFeatures } from './plan-features.js';
import { readEventSettings } from './settings-reader.js';
import { settingsAuditEntries } from './settings-audit.js';
import {
  channelIdsOfEvent,
  countEventParts,
  deleteEvent,
  insertEvent,
  listAccessibleEvents,
  settleOwnerEventsPlan,
  slugsStartingWith,
  slugTaken,
  updateEvent,
  type EventListRow,
  type EventRow,
} from './events.repository.js';
import { requireEventRole, roleOf, type EventRole } from './event-access.js';
import { EventsListCache } from './events-list-cache.js';

export interface EventsDependencies {
  db: Kysely<Database>;
  dialect: Dialect;
  now: Clock;
  /** The public pages' origin (EVENTS_URL). */
  eventsUrl: string;
  /** The owner's default active custom domain's origin, which then replaces EVENTS_URL (ADR 030). */
  publicOriginOf?: (ownerId: string) => string | undefined;
  /**
   * After a save that ended the viewers' access (ADR 044): this instance's public pages forget
   * the event at once (other instances hear of it through the change notices).
   */
  accessEnded?: (eventId: string) => void;
  /**
   * Wakes the open pages' streams after a remote reload's or a state change's page entry is
   * committed (ADR 057).
   */
  pageFeed?: PageNotifier;
  /**
   * In the deletion's transaction, before the event goes: queues the calendar cancellations
   * (ADR 064) and answers how many; `afterDelete` hears that number after the commit.
   */
  beforeDelete?: (trx: Kysely<Database>, eventId: string) => Promise<number>;
  afterDelete?: (queued: number) => void;
  /** Records creations, deletions and saved settings in their transaction (ADR 069). */
  audit: AuditLog;
  /** Tells the owner's webhooks when a save moves the page to another state (ADR 072). */
  webhooks?: WebhookEmitter;
}

/** "slug already in use" at the slug field (docs/product-spec.md section 5), with 409 (ADR 016). */
export const slugInUse = () =>
  new HttpError(409, ERROR_MESSAGES.validationFailed, { slug: validationMessage('slugInUse') });

/** Generated slugs that lose a race for the unique index try again with the next free one. */
const CREATE_ATTEMPTS = 3;

/**
 * Events and their settings (docs/product-spec.md section 3, "Event"; ADRs 015 and 016). Only the owner reaches
 * an event; for anyone else it does not exist ("Event not found"), so ids do not leak. Every
 * change bumps the event's `version`, the public page's cache key.
 */
export class EventsService {
  /** SQLite only: on PostgreSQL other instances write `events` unseen (events-list-cache.ts). */
  private readonly listCache: EventsListCache | undefined;

  constructor(private readonly deps: EventsDependencies) {
    this.listCache = deps.dialect === 'sqlite' ? new EventsListCache() : undefined;
  }

  async list(auth: AuthContext): Promise<EventListItem[]> {
    const userId = auth.user.id;
    return (await listAccessibleEvents(this.deps.db, userId)).flatMap((row) => {
      const role = roleOf(row, userId);
      return role ? [this.toListItem(row, role)] : [];
    });
  }

  /**
   * The list as its answer's body, `serialize` being the route's own serializer: kept per user
   * until `events` changes, since the dashboard asks for it on every page (ADR 020, third pass).
   */
  async listBody(auth: AuthContext, serialize: (list: EventListItem[]) => string): Promise<string> {
    const load = async () => serialize(await this.list(auth));
    return this.listCache ? this.listCache.get(auth.user.id, load) : load();
  }

  /**
   * The plan's event limit is counted inside the transaction after locking the owner, so that
   * parallel creates cannot pass it ("Event limit reached").
   */
  async create(auth: AuthContext, input: EventCreate, actor: AuditActor): Promise<EventListItem> {
    const { db, dialect, now, audit } = this.deps;
    const ownerId = auth.user.id;
    const base = input.slug ?? slugFromTitle(input.title);
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await db.transaction().execute(async (trx) => {
          const plan = await planForAnotherEvent(trx, ownerId, dialect, now());
          if (!plan) throw forbidden(ERROR_MESSAGES.eventLimitReached);
          let slug: string;
          if (input.slug !== undefined) {
            if (RESERVED_SLUGS.has(input.slug) || (await slugTaken(trx, input.slug))) {
              throw slugInUse();
            }
            slug = input.slug;
          } else {
            slug = freeSlug(base, await slugsStartingWith(trx, base));
          }
          const at = now().toISOString();
          const row = {
            id: randomUUID(),
            owner_id: ownerId,
            slug,
            title: input.title,
            settings: JSON.stringify(DEFAULT_EVENT_SETTINGS),
            remote_reload_at: null,
            created_at: at,
            updated_at: at,
          };
          // A new event ends what the other pages kept of a lapsed plan (ADR 054).
          await settleOwnerEventsPlan(trx, ownerId, plan.plan);
          await insertEvent(trx, { ...row, saved_plan: plan.plan });
          await audit.record(
            {
              accountId: ownerId,
              eventId: row.id,
              actor,
              action: 'event.created',
              details: { title: row.title, slug },
            },
            trx,
          );
          return this.toListItem(row, 'owner');
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // Someone took the slug between the check and the insert.
        if (input.slug !== undefined || attempt >= CREATE_ATTEMPTS) throw slugInUse();
      }
    }
  }

  async summary(auth: AuthContext, eventId: string): Promise<EventSummary> {
    const event = await requireEventRole(this.deps.db, auth, eventId);
    const settings = readEventSettings(event);
    return {
      ...this.toListItem(event, event.role),
      updatedAt: event.updated_at,
      language: settings.language,
      layout: settings.layout,
      playerMode: settings.playerMode,
      playerVisible: settings.playerVisible,
      messagesEnabled: settings.messagesEnabled,
      complianceBanner: settings.complianceBanner,
      complianceConfirmed: settings.complianceConfirmed,
      accessMode: settings.accessMode,
      ...(await countEventParts(this.deps.db, event.id)),
      remoteReloadAt: event.remote_reload_at,
      pageState: await pageStateOf(this.deps.db, event, settings, this.deps.now()),
    };
  }

  /**
   * The owner only: a shared user may not delete the event (ADR 031). Whoever holds a calendar
   * entry of it is sent its cancellation in the same transaction (ADR 064).
   */
  async remove(auth: AuthContext, eventId: string, actor: AuditActor): Promise<void> {
    const cancellations = await this.deps.db.transaction().execute(async (trx) => {
      const event = await requireEventRole(trx, auth, eventId, { roles: ['owner'] });
      const queued = (await this.deps.beforeDelete?.(trx, event.id)) ?? 0;
      await deleteEvent(trx, event.id);
      // The entry outlives the event: it keeps the title the log can no longer look up.
      await this.deps.audit.record(
        {
          accountId: event.owner_id,
          eventId: event.id,
          actor,
          action: 'event.deleted',
          details: { title: event.title, slug: event.slug },
        },
        trx,
      );
      return queued;
    });
    this.deps.afterDelete?.(cancellations);
  }

  async settings(auth: AuthContext, eventId: string): Promise<EventSettingsResponse> {
    return this.toSettingsResponse(await requireEventRole(this.deps.db, auth, eventId));
  }

  /**
   * Saves the changed fields in one transaction: a refused field (plan feature, slug in use,
   * routing rule to a foreign channel) leaves everything as it was.
   */
  async patchSettings(
    auth: AuthContext,
    eventId: string,
    patch: EventSettingsPatch,
    actor: AuditActor,
  ): Promise<EventSettingsResponse> {
    const { db, dialect, now, audit } = this.deps;
    try {
      const saved = await db.transaction().execute(async (trx) => {
        const event = await requireEventRole(trx, auth, eventId, { lock: dialect });
        const current = readEventSettings(event);
        const plan = ownerPlanOf(event, now());
        checkPlanFeatures(plan.allowance, current, patch);
        if (patch.slug !== undefined && patch.slug !== event.slug) {
          if (RESERVED_SLUGS.has(patch.slug) || (await slugTaken(trx, patch.slug, event.id))) {
            throw slugInUse();
          }
        }
        if (patch.channelRoutingRules && patch.channelRoutingRules.length > 0) {
          const channelIds = await channelIdsOfEvent(trx, event.id);
          const errors: Record<string, string> = {};
          patch.channelRoutingRules.forEach((rule, index) => {
            if (!channelIds.has(rule.channelId)) {
              errors[`channelRoutingRules.${index}.channelId`] = validationMessage('invalid');
            }
          });
          if (Object.keys(errors).length > 0) throw validationFailed(errors);
        }
        const { messagesGuestToken, ...settingsPatch } = patch;
        const { title, slug, ...rest } = { ...current, ...settingsPatch };
        const accessErrors = {
          ...accessSettingsErrors(rest),
          ...newAccessCodeErrors(current.accessCode, settingsPatch.accessCode),
        };
        if (Object.keys(accessErrors).length > 0) throw validationFailed(accessErrors);
        if (withdrawsConfirmation(current, rest, settingsPatch)) rest.complianceConfirmed = false;
        const endAccess = endsViewerAccess(current, rest);
        const row = await updateEvent(
          trx,
          event.id,
          now().toISOString(),
          {
            title,
            slug,
            settings: JSON.stringify(rest),
            // The page keeps no more than this plan allows from now on (ADR 054).
            saved_plan: plan.plan,
            ...(messagesGuestToken === undefined
              ? {}
              : guestTokenChange(event.messages_guest_token, messagesGuestToken)),
          },
          { endAccess, timeMoved: movesTime(current, rest) },
        );
        // Open pages show the new state within seconds (docs/decisions/063-event-times-and-page-states.md).
        const stateChanged = changesPageState(current, rest);
        if (stateChanged) {
          await appendPageStateEntry(trx, row, rest, now());
          await this.tellStateChange(trx, row, current, rest);
        }
        await audit.recordMany(
          settingsAuditEntries(current, { title, slug, ...rest }, messagesGuestToken, {
            accountId: event.owner_id,
            eventId: event.id,
            actor,
            hadGuestToken: event.messages_guest_token !== null,
          }),
          trx,
        );
        return { endAccess, stateChanged, response: this.toSettingsResponse(row) };
      });
      if (saved.endAccess) this.deps.accessEnded?.(eventId);
      if (saved.stateChanged) this.deps.pageFeed?.notify(eventId);
      return saved.response;
    } catch (error) {
      // Two saves with one new slug at once: the unique index decides.
      if (isUniqueViolation(error)) throw slugInUse();
      throw error;
    }
  }

  /**
   * Open viewer pages reload within seconds through their live stream (docs/product-spec.md
   * section 4, ADR 057); a new cache key as well.
   */
  async remoteReload(auth: AuthContext, eventId: string): Promise<void> {
    await this.touch(auth, eventId, true);
  }

  /** A new cache key: the public page is rendered afresh (docs/product-spec.md section 4, within 30 s). */
  async purgeCache(auth: AuthContext, eventId: string): Promise<void> {
    await this.touch(auth, eventId, false);
  }

  private async touch(auth: AuthContext, eventId: string, reload: boolean): Promise<void> {
    const { db, now } = this.deps;
    await db.transaction().execute(async (trx) => {
      const event = await requireEventRole(trx, auth, eventId);
      const at = now().toISOString();
      await updateEvent(trx, event.id, at, reload ? { remote_reload_at: at } : {});
      // Open pages hear of the reload on their live stream at once (ADR 057).
      if (reload) {
        const data = { reloadAt: at };
        await appendPageEntry(trx, {
          eventId: event.id,
          channelId: null,
          kind: 'reload',
          data,
          at,
        });
      }
    });
    if (reload) this.deps.pageFeed?.notify(eventId);
  }

  private fullUrl(slug: string, ownerId: string): string {
    return `${this.deps.publicOriginOf?.(ownerId) ?? this.deps.eventsUrl}/${slug}`;
  }

  private toListItem(row: EventListRow, role: EventRole): EventListItem {
    return {
      id: row.id,
      title: row.title,
      slug: row.slug,
      fullUrl: this.fullUrl(row.slug, row.owner_id),
      role,
      createdAt: row.created_at,
    };
  }

  /** `event.state_changed` when a save moved the page's state now (before, live, after, on demand). */
  private async tellStateChange(
    trx: Kysely<Database>,
    row: { id: string; owner_id: string },
    before: Parameters<typeof pageStateOf>[2],
    after: Parameters<typeof pageStateOf>[2],
  ): Promise<void> {
    const at = this.deps.now();
    const from = await pageStateOf(trx, row, before, at);
    const to = await pageStateOf(trx, row, after, at);
    if (from === to) return;
    await this.deps.webhooks?.emit(
      { type: 'event.state_changed', eventId: row.id, data: { state: { from, to } } },
      trx,
    );
  }

  private toSettingsResponse(row: EventRow): EventSettingsResponse {
    return {
      ...readEventSettings(row),
      id: row.id,
      fullUrl: this.fullUrl(row.slug, row.owner_id),
      updatedAt: row.updated_at,
      messagesGuestToken: row.messages_guest_token,
    };
  }
}

/**
 * A renewed or removed messages guest-access token (docs/product-spec.md section 4). The token
 * it replaces is kept as a hash only, so that its share link answers "Token expired" rather than
 * "Token not found".
 */
function guestTokenChange(
  current: string | null,
  action: 'renew' | null,
): { messages_guest_token: string | null; messages_guest_token_replaced?: string } {
  return {
    messages_guest_token: action === 'renew' ? randomToken(32) : null,
    ...(current ? { messages_guest_token_replaced: sha256(current) } : {}),
  };
}

/**
 * Whether a save withdraws the organiser's "compliance confirmed" (ADR 051): it changes what the
 * confirmation vouched for, and does not itself confirm anew (switched on in the same save).
 */
function withdrawsConfirmation(
  before: EventSettings,
  after: Omit<EventSettings, 'title' | 'slug'>,
  patch: EventSettingsPatch,
): boolean {
  if (!after.complianceConfirmed) return false;
  if (patch.complianceConfirmed === true && !before.complianceConfirmed) return false;
  return COMPLIANCE_REVIEWED_FIELDS.some(
    (field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]),
  );
}

/**
 * Whether a save ends the access viewers were granted (ADR 044): a new access mode, or a new code
 * in the code mode. A code changed while another mode is on concerns nobody who got in by it.
 */
function endsViewerAccess(
  before: Pick<EventSettings, 'accessMode' | 'accessCode'>,
  after: Pick<EventSettings, 'accessMode' | 'accessCode'>,
): boolean {
  if (before.accessMode !== after.accessMode) return true;
  return after.accessMode === 'code' && before.accessCode !== after.accessCode;
}

/** The settings that place the event in time: a change to one moves its calendar entries (ADR 064). */
const TIME_FIELDS = ['startMode', 'startDate', 'startTime', 'timeZone', 'durationMinutes'] as const;

/**
 * Whether a save moves the event in time: its calendar entries' SEQUENCE goes up (ADR 064). A
 * first date is no move: no calendar holds an entry of the event yet.
 */
function movesTime(
  before: Pick<EventSettings, (typeof TIME_FIELDS)[number]>,
  after: Pick<EventSettings, (typeof TIME_FIELDS)[number]>,
): boolean {
  const dated = before.startMode === 'datetime' && before.startDate !== null;
  return dated && TIME_FIELDS.some((field) => before[field] !== after[field]);
}

/**
 * A new access code must not be easy to guess (ADR 044); the stored one, and clearing it, are
 * never refused, so that no save loses what was saved before a minimum strength existed.
 */
function newAccessCodeErrors(stored: string, patched: string | undefined): Record<string, string> {
  if (patched === undefined || patched === '' || patched === stored) return {};
  const weakness = accessCodeWeakness(patched);
  return weakness ? { accessCode: weakness } : {};
}
