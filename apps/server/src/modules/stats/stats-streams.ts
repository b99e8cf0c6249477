import { STATS_LIVE_INTERVAL_MS } from '@livent/shared';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { addressCap, LiveHub, MAX_STREAMS_PER_ADDRESS } from '../../lib/live-hub/live-hub.js';
import { sseFrame } from '../../lib/live-hub/sse.js';
import { StatsService } from './stats.service.js';

export interface StatsStreamsOptions {
  /** How often "viewers now" is sent. */
  intervalMs?: number;
  /** Open streams per account. */
  maxPerKey?: number;
  /** Open streams per client address, whatever the accounts (ADR 050). */
  maxPerAddress?: number;
  /** How often each stream's right to read is checked again (see the messages' streams). */
  recheckIntervalMs?: number;
}

const MAX_STREAMS_PER_KEY = 20;
/** A client that does not read its frames is dropped beyond this (it reconnects). */
const MAX_BUFFERED_BYTES = 64 * 1024;

const TOPIC_PREFIX = 'stats:';

/**
 * "Viewers now" streams (ADR 027) on the live hub (ADR 038), with the last minute's reactions
 * (ADR 059): a client gets the event's current count at once, then every `intervalMs` the count that one read per tick and instance found for
 * every event with an open stream, however many organisers watch it. No notification is needed,
 * as heartbeats arrive every 30 s anyway and the answer is a count.
 */
export class StatsStreams {
  private readonly hub: LiveHub;
  private tick: NodeJS.Timeout | undefined;
  private reading = false;
  private readonly intervalMs: number;
  private readonly maxPerKey: number;
  private readonly maxPerAddress: number;

  constructor(
    private readonly stats: StatsService,
    private readonly deps: { now: Clock; log: FastifyBaseLogger },
    options: StatsStreamsOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? STATS_LIVE_INTERVAL_MS;
    this.maxPerKey = options.maxPerKey ?? MAX_STREAMS_PER_KEY;
    this.maxPerAddress = options.maxPerAddress ?? MAX_STREAMS_PER_ADDRESS;
    this.hub = new LiveHub({
      name: 'live stats',
      log: deps.log,
      recheckMs: options.recheckIntervalMs,
      maxBufferedBytes: MAX_BUFFERED_BYTES,
    });
  }

  get size(): number {
    return this.hub.size;
  }

  async open(
    reply: FastifyReply,
    target: {
      eventId: string;
      key: string;
      /** The client's address (`request.ip`). */
      address: string;
      authorize: () => Promise<boolean>;
    },
  ): Promise<FastifyReply> {
    const client = this.hub.connect({
      topic: `${TOPIC_PREFIX}${target.eventId}`,
      caps: [
        { key: target.key, max: this.maxPerKey },
        addressCap(target.address, this.maxPerAddress),
      ],
      authorize: target.authorize,
    });
    client.onClose(() => {
      if (this.hub.size === 0) this.stopTicking();
    });
    // The first count at once, so that the screen need not wait for the next tick.
    const now = this.deps.now().getTime();
    let current;
    let reactions;
    try {
      [current, reactions] = await Promise.all([
        this.stats.viewersNowOf([target.eventId], now),
        this.stats.reactionsNowOf([target.eventId], now),
      ]);
    } catch (error) {
      client.stream.destroy();
      throw error;
    }
    client.write(
      sseFrame(
        'viewers',
        StatsService.live(current.get(target.eventId), reactions.get(target.eventId), now),
      ),
    );
    client.goLive();
    this.tick ??= setInterval(() => void this.sendAll(), this.intervalMs);
    this.tick.unref();
    return this.hub.respond(reply, client);
  }

  /** Ends every stream (clients reconnect to another instance) and refuses new ones. */
  close(): void {
    this.stopTicking();
    this.hub.close();
  }

  /** Sends every open stream its event's count (one query for all of them). */
  async sendAll(): Promise<void> {
    const topics = this.hub.activeTopics();
    if (this.reading || topics.length === 0) return;
    this.reading = true;
    try {
      const now = this.deps.now().getTime();
      const eventIds = topics.map((topic) => topic.slice(TOPIC_PREFIX.length));
      const [current, reactions] = await Promise.all([
        this.stats.viewersNowOf(eventIds, now),
        this.stats.reactionsNowOf(eventIds, now),
      ]);
      for (const eventId of eventIds) {
        const live = StatsService.live(current.get(eventId), reactions.get(eventId), now);
        const text = sseFrame('viewers', live);
        this.hub.publish(`${TOPIC_PREFIX}${eventId}`, [{ text }]);
      }
    } catch (error) {
      // The next tick tries again; the screens keep their last count meanwhile.
      this.deps.log.warn({ err: error }, 'live stats: reading viewers now failed');
    } finally {
      this.reading = false;
    }
  }

  private stopTicking(): void {
    clearInterval(this.tick);
    this.tick = undefined;
  }
}
