import { createHash, randomBytes } from 'node:crypto';
import { STATS_MINUTE_RETENTION_DAYS } from '@livent/shared';
import type { FastifyBaseLogger } from 'fastify';
import { isbot } from 'isbot';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/schema.js';
import { AttendanceBatch, AttendanceWebhooks } from '../attendance/index.js';
import type { WebhookEmitter } from '../webhooks/index.js';
import type { Clock } from '../../lib/clock.js';
import {
  addToMinutes,
  dailySalt,
  deleteSaltsBefore,
  deleteVisitorsBefore,
  existingEventIds,
  insertVisitors,
  mergeIntoHours,
  oldestMinute,
  oldestPresenceMinute,
  takeMinutes,
  takePresence,
  upsertPresence,
  type HourMerge,
  type MinuteAdd,
  type PresenceKey,
} from './stats.repository.js';
import {
  DAY_MS,
  dayOf,
  floorTo,
  HOUR_MS,
  hourOf,
  hourOfText,
  iso,
  MINUTE_MS,
  minuteOf,
} from './stats-time.js';
import { NewViewCap } from './new-view-cap.js';

export interface StatsCollectorOptions {
  /** How often collected hits are written (one batch of multi-row upserts). */
  flushIntervalMs?: number;
  /** How often closed minutes are compacted (and, hourly, old minutes rolled up). */
  maintenanceIntervalMs?: number;
  /** New page views counted per client address and event in 10 minutes (`STATS_VIEWS_PER_ADDRESS`). */
  newViewsPerAddress?: number;
}

const FLUSH_INTERVAL_MS = 1_000;
const NO_COUNTS = { pageviews: 0, uniques: 0, pageUniques: 0, viewers: 0, playing: 0 } as const;
/** A first visit of the day counts to the event once and to each page it opened once. */
const VISITOR_SCOPES = ['event', 'page'] as const;
type VisitorScope = (typeof VISITOR_SCOPES)[number];
const MAINTENANCE_INTERVAL_MS = 30_000;
/** Bounds one maintenance run's work; the next run goes on where it stopped. */
const MAINTENANCE_STEPS = 120;
const SALT_PREFIX = 'stats_salt:';
/**
 * A presence key this instance wrote is written again only when its page view started playing
 * or its last write is this old: "viewers now" looks 75 s back, so 15 s of lag changes no count,
 * and a hot event costs about one row write per viewer and 15 s instead of one per hit.
 */
const PRESENCE_REFRESH_MS = 15_000;
/** Keys remembered as written (presence of this and the last minute, today's visitors). */
const WRITTEN_MAX = 200_000;

/** Why a hit was not counted; `overCap`: too many new page views from one address (ADR 045). */
export type DropReason = 'bot' | 'noUserAgent' | 'overCap';

export interface Hit {
  eventId: string;
  /** The channel's id, '' for the main page. */
  channelKey: string;
  /** The page load's random id. */
  viewId: string;
  playing: boolean;
  userAgent: string | undefined;
  /** The registrant or invitee whose page this is (`r:<id>` / `i:<id>`, ADR 066), if known. */
  attendee?: string | undefined;
}

export interface StatsCounters {
  pageviews: number;
  heartbeats: number;
  dropped: Record<DropReason, number>;
  /** Hits written to the database. */
  flushed: number;
}

/** A presence key in memory: its time a number until written (no date text per hit). */
type PendingPresence = Omit<PresenceKey, 'seenAt'> & { seenAtMs: number };

interface PendingVisitor {
  eventId: string;
  day: string;
  minute: string;
  channelKey: string;
  ip: string;
  userAgent: string;
}

/**
 * Counts pageviews and heartbeats in memory per (event, minute, page) and writes them in one
 * batch at most every second (ADR 027), so that a hit costs no database round trip. Page views'
 * presence goes out as keys (one per view and minute) that every instance may write, so that a
 * viewer counted by two instances counts once; closed minutes are compacted into counts.
 */
export class StatsCollector {
  private minutes = new Map<string, MinuteAdd>();
  private presence = new Map<string, PendingPresence>();
  private visitors = new Map<string, PendingVisitor>();
  private readonly attendance = new AttendanceBatch();
  private readonly attendanceWebhooks: AttendanceWebhooks | undefined;
  private pendingHits = 0;
  private readonly salts = new Map<string, string>();
  private readonly bots = new LRUCache<string, boolean>({ max: 2_000 });
  private readonly writtenPresence = new LRUCache<string, { playing: number; seenAtMs: number }>({
    max: WRITTEN_MAX,
  });
  private readonly writtenVisitors = new LRUCache<string, true>({ max: WRITTEN_MAX });
  private readonly totals: StatsCounters = {
    pageviews: 0,
    heartbeats: 0,
    dropped: noDrops(),
    flushed: 0,
  };
  private droppedSinceLog = noDrops();
  private readonly newViews: NewViewCap;
  private flushing: Promise<void> | undefined;
  private maintaining: Promise<void> | undefined;
  private flushTimer: NodeJS.Timeout | undefined;
  private maintenanceTimer: NodeJS.Timeout | undefined;
  private lastRollup = 0;
  /** The current minute's ISO text, made once a minute instead of on every hit. */
  private minuteStart = -1;
  private minuteText = '';
  private readonly flushIntervalMs: number;
  private readonly maintenanceIntervalMs: number;

  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      now: Clock;
      log: FastifyBaseLogger;
      /** Known viewers' attendance goes to the owners' webhooks too (ADR 072). */
      webhooks?: WebhookEmitter;
    },
    options: StatsCollectorOptions = {},
  ) {
    this.attendanceWebhooks = deps.webhooks
      ? new AttendanceWebhooks({ db: deps.db, webhooks: deps.webhooks })
      : undefined;
    this.flushIntervalMs = options.flushIntervalMs ?? FLUSH_INTERVAL_MS;
    this.newViews = new NewViewCap(options.newViewsPerAddress);
    this.maintenanceIntervalMs = options.maintenanceIntervalMs ?? MAINTENANCE_INTERVAL_MS;
  }

  /** What was counted and dropped since the start (a log line reports drops per flush). */
  get counters(): StatsCounters {
    return structuredClone(this.totals);
  }

  /**
   * A page load: a pageview, a first visit of the day where it is one, and presence; not counted
   * (false) for a bot, or beyond the cap of new page views from the address.
   */
  pageview(hit: Hit, ip: string): boolean {
    if (!this.accept(hit)) return false;
    const at = this.deps.now().getTime();
    if (!this.newViews.admit(hit.eventId, ip, at)) {
      this.drop('overCap');
      return false;
    }
    const minute = this.minuteAt(at);
    this.minuteRow(hit.eventId, minute, hit.channelKey).pageviews += 1;
    // The minute's ISO text starts with its UTC day.
    const day = minute.slice(0, 10);
    const userAgent = hit.userAgent ?? '';
    const key = `${hit.eventId}|${day}|${hit.channelKey}|${ip}|${userAgent}`;
    if (!this.visitors.has(key)) {
      this.visitors.set(key, {
        eventId: hit.eventId,
        day,
        minute,
        channelKey: hit.channelKey,
        ip,
        userAgent,
      });
    }
    this.present(hit, at, minute);
    if (hit.attendee !== undefined) this.attendance.seen(hit.eventId, hit.attendee, at, null);
    this.totals.pageviews += 1;
    return true;
  }

  /** A heartbeat: the page view is present in this minute. */
  heartbeat(hit: Hit): boolean {
    if (!this.accept(hit)) return false;
    const at = this.deps.now().getTime();
    const minute = this.minuteAt(at);
    this.present(hit, at, minute);
    if (hit.attendee !== undefined) this.attendance.seen(hit.eventId, hit.attendee, at, minute);
    this.totals.heartbeats += 1;
    return true;
  }

  start(): void {
    this.flushTimer ??= setInterval(() => void this.flush(), this.flushIntervalMs);
    this.flushTimer.unref();
    this.maintenanceTimer ??= setInterval(() => void this.maintain(), this.maintenanceIntervalMs);
    this.maintenanceTimer.unref();
  }

  /** Stops the timers and writes what is still in memory (a clean shutdown loses nothing). */
  async close(): Promise<void> {
    clearInterval(this.flushTimer);
    clearInterval(this.maintenanceTimer);
    this.flushTimer = undefined;
    this.maintenanceTimer = undefined;
    await this.maintaining;
    await this.flush();
  }

  /** Writes what was collected; concurrent calls share one write, and a failed one is retried. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.pendingHits === 0) return;
    this.flushing = this.write().finally(() => {
      this.flushing = undefined;
    });
    await this.flushing;
  }

  /**
   * Compacts closed minutes (ended a minute ago: far beyond a flush's delay) and, once an hour,
   * rolls minutes older than the retention up into hours and deletes old salts and hashes.
   * Every step takes its rows out with DELETE … RETURNING, so instances never count twice.
   */
  async maintain(): Promise<void> {
    if (this.maintaining) return this.maintaining;
    this.maintaining = this.runMaintenance()
      .catch((error: unknown) => this.deps.log.warn({ err: error }, 'stats: maintenance failed'))
      .finally(() => {
        this.maintaining = undefined;
      });
    return this.maintaining;
  }

  private accept(hit: Hit): boolean {
    const reason = this.dropReason(hit.userAgent);
    if (!reason) return true;
    this.drop(reason);
    return false;
  }

  private drop(reason: DropReason): void {
    this.totals.dropped[reason] += 1;
    this.droppedSinceLog[reason] += 1;
  }

  private dropReason(userAgent: string | undefined): DropReason | undefined {
    if (!userAgent) return 'noUserAgent';
    let bot = this.bots.get(userAgent);
    if (bot === undefined) {
      // isbot's list names crawlers, monitors and headless browsers (HeadlessChrome, PhantomJS).
      bot = isbot(userAgent);
      this.bots.set(userAgent, bot);
    }
    return bot ? 'bot' : undefined;
  }

  private minuteAt(at: number): string {
    const start = floorTo(at, MINUTE_MS);
    if (start !== this.minuteStart) {
      this.minuteStart = start;
      this.minuteText = iso(start);
    }
    return this.minuteText;
  }

  private minuteRow(eventId: string, minute: string, channelKey: string): MinuteAdd {
    const key = `${eventId}|${minute}|${channelKey}`;
    let row = this.minutes.get(key);
    if (!row) {
      row = { eventId, minute, channelKey, ...NO_COUNTS };
      this.minutes.set(key, row);
    }
    return row;
  }

  private present(hit: Hit, at: number, minute: string): void {
    const key = `${hit.eventId}|${minute}|${hit.channelKey}|${hit.viewId}`;
    const known = this.presence.get(key);
    const playing = hit.playing ? 1 : 0;
    if (known) {
      known.seenAtMs = at;
      if (playing) known.playing = 1;
    } else {
      this.presence.set(key, {
        eventId: hit.eventId,
        minute,
        channelKey: hit.channelKey,
        viewId: hit.viewId,
        playing,
        seenAtMs: at,
      });
    }
    this.pendingHits += 1;
  }

  private async write(): Promise<void> {
    const minutes = this.minutes;
    const presence = this.presence;
    const visitors = this.visitors;
    const hits = this.pendingHits;
    const attendance = this.attendance.take();
    this.minutes = new Map();
    this.presence = new Map();
    this.visitors = new Map();
    this.pendingHits = 0;
    const dropped = this.droppedSinceLog;
    this.droppedSinceLog = noDrops();
    try {
      // Each visitor twice: to the event (on the page of the first visit, as the visitors came
      // in) and to the page; both hashes share the table, told apart by what went into them.
      const hashed = new Map<string, PendingVisitor & { hash: string; scope: VisitorScope }>();
      for (const visitor of visitors.values()) {
        const salt = await this.salt(visitor.day);
        for (const scope of VISITOR_SCOPES) {
          const page = scope === 'page' ? `${visitor.channelKey}\n` : '';
          const hash = createHash('sha256')
            .update(`${salt}\n${visitor.eventId}\n${page}${visitor.ip}\n${visitor.userAgent}`)
            .digest('base64url')
            .slice(0, 22);
          const key = `${visitor.eventId}|${visitor.day}|${hash}`;
          if (!hashed.has(key)) hashed.set(key, { ...visitor, hash, scope });
        }
      }
      // What this instance already wrote needs no second write (a returning visitor, a beat).
      const newVisitors = [...hashed].filter(([key]) => !this.writtenVisitors.has(key));
      const presenceWrites = [...presence].filter(([key, row]) => {
        const written = this.writtenPresence.get(key);
        return (
          !written ||
          row.playing > written.playing ||
          row.seenAtMs - written.seenAtMs >= PRESENCE_REFRESH_MS
        );
      });
      const eventIds = new Set([
        ...[...minutes.values()].map((row) => row.eventId),
        ...presenceWrites.map(([, row]) => row.eventId),
        ...[...attendance.values()].map((person) => person.eventId),
      ]);
      let live: ReadonlySet<string> = new Set();
      await this.deps.db.transaction().execute(async (trx) => {
        // An event deleted since its hits came would fail the whole batch on its foreign key,
        // again on every retry: its hits are let go instead.
        live = await existingEventIds(trx, [...eventIds]);
        const fresh = await insertVisitors(
          trx,
          newVisitors.filter(([, v]) => live.has(v.eventId)).map(([, visitor]) => visitor),
        );
        for (const visitor of fresh) {
          const pending = hashed.get(`${visitor.eventId}|${visitor.day}|${visitor.hash}`);
          if (!pending) continue;
          const key = `${pending.eventId}|${pending.minute}|${pending.channelKey}`;
          const row = minutes.get(key) ?? {
            eventId: pending.eventId,
            minute: pending.minute,
            channelKey: pending.channelKey,
            ...NO_COUNTS,
          };
          if (pending.scope === 'event') row.uniques += 1;
          else row.pageUniques += 1;
          minutes.set(key, row);
        }
        // Sorted by key: instances writing the same rows lock them in one order (no deadlock).
        await addToMinutes(
          trx,
          sortedValues(minutes).filter((row) => live.has(row.eventId)),
        );
        presenceWrites.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
        await upsertPresence(
          trx,
          presenceWrites
            .filter(([, row]) => live.has(row.eventId))
            .map(([, { seenAtMs, ...key }]) => ({ ...key, seenAt: iso(seenAtMs) })),
        );
        await AttendanceBatch.write(trx, attendance, live);
      });
      await this.tellAttendance(attendance, live);
      for (const [key] of newVisitors) this.writtenVisitors.set(key, true);
      for (const [key, row] of presenceWrites) {
        this.writtenPresence.set(key, { playing: row.playing, seenAtMs: row.seenAtMs });
      }
      this.totals.flushed += hits;
      if (Object.values(dropped).some((count) => count > 0)) {
        this.deps.log.info(
          { statsDropped: dropped, statsCounters: this.totals },
          'stats: dropped hits',
        );
      }
    } catch (error) {
      // Back into memory, to go out with the next flush (nothing is lost while the database is away).
      this.restore(minutes, presence, visitors, hits);
      this.attendance.restore(attendance);
      for (const reason of Object.keys(dropped) as DropReason[]) {
        this.droppedSinceLog[reason] += dropped[reason];
      }
      this.deps.log.warn({ err: error }, 'stats: writing collected hits failed; retrying');
    }
  }

  /** After the write, never failing it: a notice missed is sent with the person's next minutes. */
  private async tellAttendance(
    attendance: ReturnType<AttendanceBatch['take']>,
    live: ReadonlySet<string>,
  ): Promise<void> {
    if (!this.attendanceWebhooks || attendance.size === 0) return;
    try {
      await this.attendanceWebhooks.tell(attendance, live, this.deps.now().getTime());
    } catch (error) {
      this.deps.log.warn({ err: error }, 'stats: telling webhooks of attendance failed');
    }
  }

  private restore(
    minutes: Map<string, MinuteAdd>,
    presence: Map<string, PendingPresence>,
    visitors: Map<string, PendingVisitor>,
    hits: number,
  ): void {
    for (const [key, row] of minutes) {
      const current = this.minutes.get(key);
      if (current) {
        current.pageviews += row.pageviews;
        // Uniques are recounted from the visitors on the next try.
      } else {
        this.minutes.set(key, { ...row, uniques: 0, pageUniques: 0 });
      }
    }
    for (const [key, row] of presence) {
      const current = this.presence.get(key);
      if (!current) this.presence.set(key, row);
      else {
        if (row.playing) current.playing = 1;
        current.seenAtMs = Math.max(current.seenAtMs, row.seenAtMs);
      }
    }
    for (const [key, visitor] of visitors) {
      if (!this.visitors.has(key)) this.visitors.set(key, visitor);
    }
    this.pendingHits += hits;
  }

  private async salt(day: string): Promise<string> {
    let salt = this.salts.get(day);
    if (salt === undefined) {
      salt = await dailySalt(
        this.deps.db,
        `${SALT_PREFIX}${day}`,
        randomBytes(32).toString('base64url'),
        this.deps.now().toISOString(),
      );
      this.salts.set(day, salt);
      for (const known of this.salts.keys()) if (known < day) this.salts.delete(known);
    }
    return salt;
  }

  private async runMaintenance(): Promise<void> {
    const now = this.deps.now().getTime();
    const { db } = this.deps;
    // A minute is closed once the next one has ended too.
    const closedBefore = minuteOf(now - MINUTE_MS);
    for (let step = 0; step < MAINTENANCE_STEPS; step++) {
      const minute = await oldestPresenceMinute(db, closedBefore);
      if (!minute) break;
      await db.transaction().execute(async (trx) => {
        const keys = await takePresence(trx, minute);
        const rows = new Map<string, MinuteAdd>();
        for (const key of keys) {
          const id = `${key.event_id}|${key.channel_key}`;
          const row = rows.get(id) ?? {
            eventId: key.event_id,
            minute,
            channelKey: key.channel_key,
            ...NO_COUNTS,
          };
          row.viewers += 1;
          row.playing += Number(key.playing);
          rows.set(id, row);
        }
        await addToMinutes(trx, sortedValues(rows));
      });
    }
    if (now - this.lastRollup < HOUR_MS) return;
    this.lastRollup = now;
    await this.rollUp(now);
    const today = dayOf(now);
    await deleteVisitorsBefore(db, today);
    await deleteSaltsBefore(db, SALT_PREFIX, today);
  }

  /** Minutes older than the retention become hour rows: sums add, peaks keep the higher. */
  async rollUp(now = this.deps.now().getTime()): Promise<void> {
    const { db } = this.deps;
    const before = hourOf(now - STATS_MINUTE_RETENTION_DAYS * DAY_MS);
    for (let step = 0; step < MAINTENANCE_STEPS; step++) {
      const oldest = await oldestMinute(db, before);
      if (!oldest) break;
      const hour = hourOfText(oldest);
      // `before` is on an hour, so the whole hour is past the retention.
      await db.transaction().execute(async (trx) => {
        const taken = await takeMinutes(trx, hour, iso(Date.parse(hour) + HOUR_MS));
        const merged = new Map<string, HourMerge>();
        for (const row of taken) {
          const id = `${row.event_id}|${row.channel_key}`;
          const target = merged.get(id) ?? {
            eventId: row.event_id,
            hour,
            channelKey: row.channel_key,
            ...NO_COUNTS,
          };
          target.pageviews += Number(row.pageviews);
          target.uniques += Number(row.uniques);
          target.pageUniques += Number(row.page_uniques);
          target.viewers = Math.max(target.viewers, Number(row.viewers));
          target.playing = Math.max(target.playing, Number(row.playing));
          merged.set(id, target);
        }
        await mergeIntoHours(trx, sortedValues(merged));
      });
    }
  }
}

function noDrops(): Record<DropReason, number> {
  return { bot: 0, noUserAgent: 0, overCap: 0 };
}

function sortedValues<T>(map: Map<string, T>): T[] {
  return [...map.keys()].sort().map((key) => map.get(key) as T);
}
