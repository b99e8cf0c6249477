import { randomUUID } from 'node:crypto';
import {
  channelSettings,
  ERROR_MESSAGES,
  limitOf,
  validationMessage,
  type Channel,
  type ChannelPatch,
} from '@livent/shared';
import type { Kysely, Updateable } from 'kysely';
import type { Dialect } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { ChannelsTable, Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { forbidden, HttpError, notFound, validationFailed } from '../../lib/errors.js';
import type { AuthContext } from '../auth/index.js';
import { ownerPlanOf } from '../plans/index.js';
import type { PageNotifier } from '../live-page/index.js';
import {
  type AccessibleEvent,
  appendPageStateEntry,
  changesPageState,
  checkPlanFeatures,
  readChannelOverrides,
  readEventSettings,
  readHighlightIds,
  requireEventRole,
} from '../events/index.js';
import {
  countChannels,
  deleteChannel,
  findChannel,
  foreignHighlightIds,
  insertChannel,
  listChannels,
  slugTaken,
  touchEvent,
  updateChannel,
  type ChannelRow,
} from './channels.repository.js';

export interface ChannelsDependencies {
  db: Kysely<Database>;
  dialect: Dialect;
  now: Clock;
  /** The public pages' origin (EVENTS_URL). */
  eventsUrl: string;
  /** Wakes the open pages' streams after a channel's state entry is committed (ADR 057). */
  pageFeed?: PageNotifier;
}

type Transaction = Kysely<Database>;

/** 409 with the message at the slug field, like the event's slug (docs/product-spec.md section 5). */
const slugInUse = () =>
  new HttpError(409, ERROR_MESSAGES.validationFailed, { slug: validationMessage('slugInUse') });

/**
 * Channels: alternate versions of an event at `/{eventSlug}/{channelSlug}` (docs/product-spec.md section 3,
 * "Event channel"; ADR 018). Every change bumps the event's version, the public page's cache
 * key. Only the event's owner reaches them; anyone else gets "Event not found".
 */
export class ChannelsService {
  constructor(private readonly deps: ChannelsDependencies) {}

  async list(auth: AuthContext, eventId: string): Promise<Channel[]> {
    const event = await requireEventRole(this.deps.db, auth, eventId);
    const rows = await listChannels(this.deps.db, event.id);
    return rows.map((row) => this.toChannel(row, event));
  }

  async get(auth: AuthContext, eventId: string, channelId: string): Promise<Channel> {
    const event = await requireEventRole(this.deps.db, auth, eventId);
    return this.toChannel(await this.channelOf(this.deps.db, event, channelId), event);
  }

  /** The plan's limit per event is counted inside the transaction, so parallel creates cannot pass it. */
  async create(
    auth: AuthContext,
    eventId: string,
    input: { slug: string; title: string },
  ): Promise<Channel> {
    const { db, dialect, now } = this.deps;
    try {
      return await db.transaction().execute(async (trx) => {
        const event = await requireEventRole(trx, auth, eventId, { lock: dialect });
        const limit = limitOf(ownerPlanOf(event, now()).allowance, 'channels');
        if ((await countChannels(trx, event.id)) >= limit) {
          throw forbidden(ERROR_MESSAGES.eventChannelLimitReached);
        }
        if (await slugTaken(trx, event.id, input.slug)) throw slugInUse();
        const at = now().toISOString();
        const row: ChannelRow = {
          id: randomUUID(),
          event_id: event.id,
          slug: input.slug,
          title: input.title,
          visible: 1,
          overrides: '{}',
          highlight_ids: null,
          created_at: at,
          updated_at: at,
        };
        await insertChannel(trx, row);
        await touchEvent(trx, event.id, at);
        return this.toChannel(row, event);
      });
    } catch (error) {
      // Two creates with one slug at once: the unique constraint decides.
      if (isUniqueViolation(error)) throw slugInUse();
      throw error;
    }
  }

  /** Only the fields given change; `overrides` replaces the channel's overrides as a whole. */
  async update(
    auth: AuthContext,
    eventId: string,
    channelId: string,
    patch: ChannelPatch,
  ): Promise<Channel> {
    const { db, now } = this.deps;
    let stateChanged = false;
    try {
      const updated = await db.transaction().execute(async (trx) => {
        const event = await requireEventRole(trx, auth, eventId);
        const channel = await this.channelOf(trx, event, channelId);
        if (patch.overrides !== undefined) {
          const stored = readChannelOverrides(channel.overrides);
          checkPlanFeatures(ownerPlanOf(event, now()).allowance, stored, patch.overrides);
        }
        if (patch.slug !== undefined && (await slugTaken(trx, event.id, patch.slug, channel.id))) {
          throw slugInUse();
        }
        const highlightIds =
          patch.highlightIds === undefined || patch.highlightIds === null
            ? patch.highlightIds
            : [...new Set(patch.highlightIds)];
        if (highlightIds && (await foreignHighlightIds(trx, event.id, highlightIds)).length > 0) {
          throw validationFailed({ highlightIds: validationMessage('invalid') });
        }
        const at = now().toISOString();
        const changes: Updateable<ChannelsTable> = {
          ...(patch.slug === undefined ? {} : { slug: patch.slug }),
          ...(patch.title === undefined ? {} : { title: patch.title }),
          ...(patch.visible === undefined ? {} : { visible: patch.visible ? 1 : 0 }),
          ...(patch.overrides === undefined ? {} : { overrides: JSON.stringify(patch.overrides) }),
          ...(highlightIds === undefined
            ? {}
            : { highlight_ids: highlightIds === null ? null : JSON.stringify(highlightIds) }),
          updated_at: at,
        };
        await updateChannel(trx, channel.id, changes);
        await touchEvent(trx, event.id, at);
        if (patch.overrides !== undefined) {
          // The channel's page shows its new state within seconds (docs/decisions/063-event-times-and-page-states.md).
          const settings = readEventSettings(event);
          const before = channelSettings(settings, readChannelOverrides(channel.overrides));
          const after = channelSettings(settings, patch.overrides);
          stateChanged = changesPageState(before, after);
          if (stateChanged) {
            const saved = { ...event, version: event.version + 1 };
            await appendPageStateEntry(trx, saved, after, now(), channel.id);
          }
        }
        return this.toChannel({ ...channel, ...changes } as ChannelRow, event);
      });
      if (stateChanged) this.deps.pageFeed?.notify(eventId);
      return updated;
    } catch (error) {
      if (isUniqueViolation(error)) throw slugInUse();
      throw error;
    }
  }

  /**
   * Deleting a channel also drops the event's routing rules that send viewers to it. The event
   * row is locked first, so a settings save running at the same time (which checks the rules'
   * channels under the same lock) cannot bring the rule back or lose its own change.
   */
  async remove(auth: AuthContext, eventId: string, channelId: string): Promise<void> {
    const { db, dialect, now } = this.deps;
    await db.transaction().execute(async (trx) => {
      const event = await requireEventRole(trx, auth, eventId, { lock: dialect });
      const channel = await this.channelOf(trx, event, channelId);
      await deleteChannel(trx, channel.id);
      // Read and written back as a settings save does (the one settings reader).
      const { title: _title, slug: _slug, ...settings } = readEventSettings(event);
      const rules = settings.channelRoutingRules;
      const kept = rules.filter((rule) => rule.channelId !== channel.id);
      await touchEvent(
        trx,
        event.id,
        now().toISOString(),
        kept.length === rules.length
          ? undefined
          : JSON.stringify({ ...settings, channelRoutingRules: kept }),
      );
    });
  }

  private async channelOf(
    db: Transaction,
    event: AccessibleEvent,
    channelId: string,
  ): Promise<ChannelRow> {
    const channel = await findChannel(db, event.id, channelId);
    if (!channel) throw notFound(ERROR_MESSAGES.eventChannelNotFound);
    return channel;
  }

  private toChannel(row: ChannelRow, event: AccessibleEvent): Channel {
    return {
      id: row.id,
      eventId: row.event_id,
      slug: row.slug,
      title: row.title,
      visible: row.visible === 1,
      overrides: readChannelOverrides(row.overrides),
      highlightIds: readHighlightIds(row.highlight_ids),
      fullUrl: `${this.deps.eventsUrl}/${event.slug}/${row.slug}`,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }
}
