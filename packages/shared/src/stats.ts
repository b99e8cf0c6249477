import { z } from 'zod';
import { attendanceRateSchema } from './attendance.js';
import type { Reaction } from './engagement.js';
import { validationMessage } from './validation.js';

// Live statistics (docs/product-spec.md section 2, "Stats"; ADR 027): what the public page reports,
// what the dashboard reads. One contract for the server, the dashboard and the viewer script.

/**
 * The size of a series bucket. The server picks it from the range: `minute` when the range is at
 * most `STATS_MINUTE_RANGE_MAX_MS` long and lies within the minute data's retention, else `hour`.
 */
export const STATS_BUCKETS = ['minute', 'hour'] as const;
export type StatsBucket = (typeof STATS_BUCKETS)[number];

export const STATS_MINUTE_RANGE_MAX_MS = 6 * 60 * 60 * 1000;
/** The longest range one request may ask for (hour buckets: at most 8,784 of them). */
export const STATS_RANGE_MAX_DAYS = 366;
/** Minute data older than this is rolled up into hours (ADR 027); the pageview CSV's window. */
export const STATS_MINUTE_RETENTION_DAYS = 30;
export const STATS_PAGEVIEWS_CSV_DAYS = 30;
export const STATS_CONCURRENT_CSV_DAYS = 14;
export const STATS_REACTIONS_CSV_DAYS = 14;
/** How often the viewer script sends a heartbeat while its page is visible. */
export const STATS_HEARTBEAT_MS = 30_000;
/** A viewer counts in "viewers now" while their last heartbeat is at most this old. */
export const STATS_VIEWERS_NOW_WINDOW_MS = 75_000;
/** How often `GET /events/{id}/stats/live` sends "viewers now". */
export const STATS_LIVE_INTERVAL_MS = 5_000;

/**
 * A channel filter: a channel id, or `main` for the event's main page. Letters, digits, `-` and
 * `_` only, as the messages filter (nothing PostgreSQL refuses in a text parameter).
 */
export const statsChannelSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/);

const isoInstant = z.iso.datetime({ offset: true, error: () => validationMessage('date') });

/**
 * `GET /events/{id}/stats` query. `from` and `to` are instants (ISO 8601 with `Z` or an offset);
 * `to` defaults to now, `from` to 24 hours before `to`. The range is [from, to): buckets whose
 * start lies in it. `channel` narrows the series and the totals to one page; the `channels`
 * breakdown always lists every page.
 */
export const statsQuerySchema = z
  .strictObject({
    from: isoInstant.optional(),
    to: isoInstant.optional(),
    channel: statsChannelSchema.optional(),
  })
  .superRefine((query, ctx) => {
    if (!query.from || !query.to) return;
    const from = Date.parse(query.from);
    const to = Date.parse(query.to);
    if (from >= to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: validationMessage('invalid') });
    } else if (to - from > STATS_RANGE_MAX_DAYS * 24 * 60 * 60 * 1000) {
      ctx.addIssue({
        code: 'custom',
        path: ['from'],
        message: validationMessage('maxValue', { max: STATS_RANGE_MAX_DAYS }),
      });
    }
  });
export type StatsQuery = z.input<typeof statsQuerySchema>;

/**
 * One bucket of the series; `t` is its start (ISO, UTC). Minute buckets: `viewers` are the page
 * views (one per page load) with a heartbeat or pageview in that minute, `playing` those of them
 * whose player said it was playing. Hour buckets: `viewers` and `playing` are the highest minute
 * of the hour (the peak), `pageviews` the sum. The series is dense: buckets without data are 0.
 */
export const statsPointSchema = z.object({
  t: z.string(),
  pageviews: z.number().int(),
  viewers: z.number().int(),
  playing: z.number().int(),
});
export type StatsPoint = z.infer<typeof statsPointSchema>;

export const statsChannelTotalsSchema = z.object({
  /** null: the event's main page. */
  channelId: z.string().nullable(),
  pageviews: z.number().int(),
  uniqueViewers: z.number().int(),
  peakViewers: z.number().int(),
  viewersNow: z.number().int(),
});
export type StatsChannelTotals = z.infer<typeof statsChannelTotalsSchema>;

/** `GET /events/{id}/stats`. */
/** Taps of every reaction (zeros included), in the bar's order. */
const taps = z.number().int();
// Spelled out (not a record over REACTIONS) so that the OpenAPI document names each property.
export const reactionTotalsSchema = z.object({
  heart: taps,
  applause: taps,
  laugh: taps,
  wow: taps,
  thumbsup: taps,
} satisfies Record<Reaction, typeof taps>);
export type ReactionTotals = z.infer<typeof reactionTotalsSchema>;

/**
 * Reactions over a statistics range (ADR 059), for the whole event (reactions have no page):
 * taps per hour, dense, from the hour the range starts in to the one it ends in, and the totals.
 */
export const statsReactionsSchema = z.object({
  series: z.array(z.object({ t: z.string(), counts: reactionTotalsSchema })),
  totals: reactionTotalsSchema,
});
export type StatsReactions = z.infer<typeof statsReactionsSchema>;

export const statsSchema = z.object({
  from: z.string(),
  to: z.string(),
  bucket: z.enum(STATS_BUCKETS),
  series: z.array(statsPointSchema),
  totals: z.object({
    pageviews: z.number().int(),
    /**
     * Distinct viewers per UTC day (a viewer is known by a hash with a salt replaced daily, so
     * days cannot be joined), summed over the days in the range; a viewer counts on the day's
     * first page they opened, and in the bucket of that first pageview.
     */
    uniqueViewers: z.number().int(),
    /** The highest `viewers` of a bucket in the range, and that bucket's start (null: none). */
    peakViewers: z.number().int(),
    peakAt: z.string().nullable(),
    /** Page views with a heartbeat in the last `STATS_VIEWERS_NOW_WINDOW_MS` (whatever the range). */
    viewersNow: z.number().int(),
  }),
  channels: z.array(statsChannelTotalsSchema),
  reactions: statsReactionsSchema,
  /** Of everyone registered or invited now, how many attended (whatever the range, ADR 066). */
  attendance: attendanceRateSchema,
});
export type Stats = z.infer<typeof statsSchema>;

/**
 * `GET /events/{id}/stats/live`: Server-Sent Events, `event: viewers` with this data, once at the
 * start and then every `STATS_LIVE_INTERVAL_MS`.
 */
export const statsLiveSchema = z.object({
  at: z.string(),
  viewersNow: z.number().int(),
  channels: z.array(z.object({ channelId: z.string().nullable(), viewersNow: z.number().int() })),
  /** Taps of the last 60 s, from the stored minutes (the previous one weighted by its share). */
  reactions: reactionTotalsSchema,
});
export type StatsLive = z.infer<typeof statsLiveSchema>;

/**
 * `GET /events/{id}/stats/pageviews.csv` (hourly rows of the last 30 days: hour start in UTC,
 * pageviews, unique viewers) and `/stats/concurrent.csv` (minute rows of the last 14 days: minute
 * start in UTC, viewers, playing); `/stats/reactions.csv` (minute rows of the last 14 days: minute
 * start in UTC, one column per reaction, for the whole event). All in the user's CSV delimiter, every row present (zeros
 * included), the channel optional as in the stats query.
 */
export const statsCsvQuerySchema = z.strictObject({
  channel: statsChannelSchema.optional(),
});
export type StatsCsvQuery = z.input<typeof statsCsvQuerySchema>;

// The viewer script (events origin).

/** The channel page's slug in a beacon; absent on the main page. */
const beaconChannelSchema = z
  .string()
  .regex(/^[a-z0-9-]{1,64}$/)
  .optional();
/** true/false where the player says so; absent where it cannot (iframe players). */
const beaconPlayingSchema = z.boolean().optional();

/**
 * `POST /{slug}/_stats/view`, on load, as text/plain JSON (no preflight). `t` is the view token
 * the server rendered into the page (`data-stats`, ADR 045). A counted pageview answers 200 with
 * the page view's signed id ({@link statsViewAnswerSchema}); one not counted answers 204.
 */
export const statsPageviewSchema = z.strictObject({
  t: z.string().regex(/^[0-9a-z]{1,12}\.[\w-]{22}(?:\.[ri]:[\w-]{1,64})?$/),
  c: beaconChannelSchema,
  p: beaconPlayingSchema,
});
export type StatsPageview = z.infer<typeof statsPageviewSchema>;

/** A counted pageview's answer: the page view's signed id, which its heartbeats carry. */
export const statsViewAnswerSchema = z.strictObject({
  v: z.string(),
});
export type StatsViewAnswer = z.infer<typeof statsViewAnswerSchema>;

/**
 * `POST /{slug}/_stats/beat`, every `STATS_HEARTBEAT_MS` while visible, sent with
 * `navigator.sendBeacon` as text/plain JSON (no preflight). `v` is the id the pageview answered.
 * Answer: 204, no cookie.
 */
export const statsHeartbeatSchema = z.strictObject({
  v: z.string().regex(/^[0-9a-f-]{36}\.[0-9a-z]{1,12}\.[\w-]{22}(?:\.[ri]:[\w-]{1,64})?$/),
  c: beaconChannelSchema,
  p: beaconPlayingSchema,
});
export type StatsHeartbeat = z.infer<typeof statsHeartbeatSchema>;
