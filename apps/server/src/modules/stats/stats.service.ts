import type { Readable } from 'node:stream';
import {
  STATS_CONCURRENT_CSV_DAYS,
  STATS_MINUTE_RANGE_MAX_MS,
  STATS_MINUTE_RETENTION_DAYS,
  STATS_PAGEVIEWS_CSV_DAYS,
  STATS_REACTIONS_CSV_DAYS,
  STATS_VIEWERS_NOW_WINDOW_MS,
  REACTIONS,
  type Language,
  type ReactionTotals,
  type Stats,
  type StatsBucket,
  type StatsLive,
} from '@livent/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { SERVER_RESOURCES } from '../../lib/i18n/i18n.js';
import type { AuthContext } from '../auth/index.js';
import { requireEventRole } from '../events/index.js';
import { attendanceRate } from '../attendance/index.js';
import { readReactionMinutes } from '../reactions/index.js';
import { statsCsv } from './stats-csv.js';
import { noReactions, reactionSeries, reactionsLastMinute } from './stats-reactions.js';
import { buildSeries, channelTotals } from './stats-series.js';
import { readRows, viewersNow } from './stats.repository.js';
import { ceilTo, DAY_MS, floorTo, HOUR_MS, iso, MINUTE_MS, minuteOf } from './stats-time.js';

export interface StatsDependencies {
  db: Kysely<Database>;
  now: Clock;
}

export interface StatsRange {
  from?: string;
  to?: string;
  channel?: string;
}

/** `main` names the main page, stored as ''; anything else is a channel's id. */
export const channelKeyOf = (channel: string | undefined): string | undefined =>
  channel === undefined ? undefined : channel === 'main' ? '' : channel;

/**
 * The bucket for a range (ADR 027): minutes for up to 6 hours while minute data is kept for all
 * of it, hours otherwise (minute rows older than the retention are rolled up).
 */
export function bucketFor(from: number, to: number, now: number): StatsBucket {
  const minutesKept = now - STATS_MINUTE_RETENTION_DAYS * DAY_MS;
  return to - from <= STATS_MINUTE_RANGE_MAX_MS && from >= minutesKept ? 'minute' : 'hour';
}

/** The organisers' reading of an event's statistics (ADR 027). */
export class StatsService {
  constructor(private readonly deps: StatsDependencies) {}

  async stats(auth: AuthContext, eventId: string, range: StatsRange): Promise<Stats> {
    const event = await requireEventRole(this.deps.db, auth, eventId);
    const now = this.deps.now().getTime();
    const to = range.to ? Date.parse(range.to) : now;
    const from = range.from ? Date.parse(range.from) : to - DAY_MS;
    const bucket = bucketFor(from, to, now);
    const size = bucket === 'minute' ? MINUTE_MS : HOUR_MS;
    // Whole buckets: the one `from` falls in up to the one before `to` ends in.
    const alignedFrom = floorTo(from, size);
    const alignedTo = ceilTo(to, size);
    // Reactions per hour, from the hour the range starts in to the one it ends in (ADR 059).
    const hoursFrom = floorTo(alignedFrom, HOUR_MS);
    const hoursTo = ceilTo(alignedTo, HOUR_MS);
    const [rows, current, reactionRows, attendance] = await Promise.all([
      readRows(this.deps.db, event.id, iso(alignedFrom), iso(alignedTo)),
      this.viewersNowOf([event.id], now),
      readReactionMinutes(this.deps.db, [event.id], iso(hoursFrom), iso(hoursTo)),
      attendanceRate(this.deps.db, event.id),
    ]);
    const options = { from: alignedFrom, to: alignedTo, bucket };
    const channelKey = channelKeyOf(range.channel);
    const series = buildSeries(rows, { ...options, channelKey });
    const nowByChannel = current.get(event.id) ?? new Map<string, number>();
    let viewersNowTotal = 0;
    for (const [key, count] of nowByChannel) {
      if (channelKey === undefined || key === channelKey) viewersNowTotal += count;
    }
    return {
      from: iso(alignedFrom),
      to: iso(alignedTo),
      bucket,
      series: series.points.map(({ t, pageviews, viewers, playing }) => ({
        t,
        pageviews,
        viewers,
        playing,
      })),
      totals: {
        pageviews: series.pageviews,
        uniqueViewers: series.uniqueViewers,
        peakViewers: series.peakViewers,
        peakAt: series.peakAt,
        viewersNow: viewersNowTotal,
      },
      channels: channelTotals(rows, options, nowByChannel),
      reactions: reactionSeries(reactionRows, hoursFrom, hoursTo, HOUR_MS),
      attendance,
    };
  }

  /** "Viewers now" of each event, per page ('' the main page). */
  async viewersNowOf(
    eventIds: readonly string[],
    now = this.deps.now().getTime(),
  ): Promise<Map<string, Map<string, number>>> {
    const since = now - STATS_VIEWERS_NOW_WINDOW_MS;
    const rows = await viewersNow(this.deps.db, eventIds, iso(since), minuteOf(since));
    const byEvent = new Map<string, Map<string, number>>();
    for (const row of rows) {
      const channels = byEvent.get(row.event_id) ?? new Map<string, number>();
      channels.set(row.channel_key, row.viewers);
      byEvent.set(row.event_id, channels);
    }
    return byEvent;
  }

  /** Each event's reactions of the 60 s before `now` (one read of two minutes' rows). */
  async reactionsNowOf(
    eventIds: readonly string[],
    now = this.deps.now().getTime(),
  ): Promise<Map<string, ReactionTotals>> {
    const from = floorTo(now, MINUTE_MS) - MINUTE_MS;
    const rows = await readReactionMinutes(this.deps.db, eventIds, iso(from), iso(now + 1));
    return new Map(
      eventIds.map((eventId) => [
        eventId,
        reactionsLastMinute(
          rows.filter((row) => row.event_id === eventId),
          now,
        ),
      ]),
    );
  }

  /** The live message of one event from {@link viewersNowOf}'s and {@link reactionsNowOf}'s answers. */
  static live(
    channels: ReadonlyMap<string, number> | undefined,
    reactions: ReactionTotals | undefined,
    now: number,
  ): StatsLive {
    const list = [...(channels ?? new Map<string, number>())]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, viewers]) => ({ channelId: key === '' ? null : key, viewersNow: viewers }));
    return {
      at: iso(now),
      viewersNow: list.reduce((sum, channel) => sum + channel.viewersNow, 0),
      channels: list,
      reactions: reactions ?? noReactions(),
    };
  }

  /** Hourly pageviews and first visits of the last 30 days (the current hour last), UTC. */
  async pageviewsCsv(
    auth: AuthContext,
    eventId: string,
    channel: string | undefined,
    language: Language,
  ): Promise<{ filename: string; body: Readable }> {
    const event = await requireEventRole(this.deps.db, auth, eventId);
    const now = this.deps.now().getTime();
    const to = floorTo(now, HOUR_MS) + HOUR_MS;
    const from = to - STATS_PAGEVIEWS_CSV_DAYS * DAY_MS;
    const rows = await readRows(this.deps.db, event.id, iso(from), iso(to));
    const series = buildSeries(rows, {
      from,
      to,
      bucket: 'hour',
      channelKey: channelKeyOf(channel),
    });
    const labels = SERVER_RESOURCES[language].exports.stats.pageviews;
    return {
      filename: `pageviews-${event.slug}.csv`,
      body: statsCsv(
        series.points.map((point) => ({
          time: point.t,
          pageviews: point.pageviews,
          uniqueViewers: point.uniques,
        })),
        {
          delimiter: auth.user.csv_delimiter,
          columns: [
            { key: 'time', header: labels.time },
            { key: 'pageviews', header: labels.pageviews },
            { key: 'uniqueViewers', header: labels.uniqueViewers },
          ],
        },
      ),
    };
  }

  /** Concurrent viewers per minute of the last 14 days (the current minute last), UTC. */
  async concurrentCsv(
    auth: AuthContext,
    eventId: string,
    channel: string | undefined,
    language: Language,
  ): Promise<{ filename: string; body: Readable }> {
    const event = await requireEventRole(this.deps.db, auth, eventId);
    const now = this.deps.now().getTime();
    const to = floorTo(now, MINUTE_MS) + MINUTE_MS;
    const from = to - STATS_CONCURRENT_CSV_DAYS * DAY_MS;
    const rows = await readRows(this.deps.db, event.id, iso(from), iso(to));
    const series = buildSeries(rows, {
      from,
      to,
      bucket: 'minute',
      channelKey: channelKeyOf(channel),
    });
    const labels = SERVER_RESOURCES[language].exports.stats.concurrent;
    return {
      filename: `concurrent-${event.slug}.csv`,
      body: statsCsv(
        series.points.map((point) => ({
          time: point.t,
          viewers: point.viewers,
          playing: point.playing,
        })),
        {
          delimiter: auth.user.csv_delimiter,
          columns: [
            { key: 'time', header: labels.time },
            { key: 'viewers', header: labels.viewers },
            { key: 'playing', header: labels.playing },
          ],
        },
      ),
    };
  }

  /** Reactions per minute of the last 14 days (the current minute last), UTC (ADR 059). */
  async reactionsCsv(
    auth: AuthContext,
    eventId: string,
    language: Language,
  ): Promise<{ filename: string; body: Readable }> {
    const event = await requireEventRole(this.deps.db, auth, eventId);
    const now = this.deps.now().getTime();
    const to = floorTo(now, MINUTE_MS) + MINUTE_MS;
    const from = to - STATS_REACTIONS_CSV_DAYS * DAY_MS;
    const rows = await readReactionMinutes(this.deps.db, [event.id], iso(from), iso(to));
    const labels = SERVER_RESOURCES[language].exports.stats.reactions;
    return {
      filename: `reactions-${event.slug}.csv`,
      body: statsCsv(
        reactionSeries(rows, from, to, MINUTE_MS).series.map((point) => ({
          time: point.t,
          ...point.counts,
        })),
        {
          delimiter: auth.user.csv_delimiter,
          columns: [
            { key: 'time', header: labels.time },
            ...REACTIONS.map((reaction) => ({ key: reaction, header: labels[reaction] })),
          ],
        },
      ),
    };
  }
}
