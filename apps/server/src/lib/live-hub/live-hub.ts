import type { FastifyReply } from 'fastify';
import { ERROR_MESSAGES } from '@livent/shared';
import { isHttpError, serviceUnavailable, tooManyRequests } from '../errors.js';
import { clientAddressKey } from '../rate-limiter.js';
import { SSE_HEADERS } from './sse.js';
import { HubClient, type HubFrame } from './hub-client.js';

export type { HubClient, HubFrame } from './hub-client.js';

export type HubLog = {
  info: (message: string) => void;
  warn: (fields: { err: unknown; [field: string]: unknown }, message: string) => void;
};

export interface LiveHubOptions {
  /** How the hub's log lines start, e.g. `live messages`. */
  name: string;
  log: HubLog;
  /** A comment line this often keeps proxies and load balancers from closing an idle stream. */
  heartbeatMs?: number;
  /** How often each stream's right to read is asked again (`authorize`). */
  recheckMs?: number;
  /** Bytes a client may have waiting for its socket before it is dropped. */
  maxBufferedBytes?: number;
  /** Frames a client may have waiting while it catches up before it is dropped. */
  maxPendingFrames?: number;
}

/** A limit of open streams shared by every stream with the same key (an account, an address). */
export interface StreamCap {
  key: string;
  max: number;
}

export interface ConnectOptions {
  /** What the client follows, e.g. `messages:<eventId>:organisers` or `stats:<eventId>`. */
  topic: string;
  /** Every cap must have room, or the stream is refused with 429. */
  caps: readonly StreamCap[];
  /**
   * Whether the caller may still read, asked every `recheckMs`: a stream outlives its request,
   * and a logout, an expired token or a deleted event must end it too. False, or an HTTP error,
   * ends the stream (the client's reconnect gets the answer that says why); any other error is
   * logged and the stream stays until a check says no.
   */
  authorize?: () => Promise<boolean>;
}

/**
 * Open streams of one kind per client address on an instance: generous, since organisers and
 * guest moderators behind one NAT share an address, yet a bound on what one address can hold
 * open however many accounts or guest tokens it uses (ADR 050).
 */
export const MAX_STREAMS_PER_ADDRESS = 100;

/**
 * The cap shared by every stream from the client's address: `request.ip`, which follows the
 * TRUST_PROXY rules (ADR 008), IPv6 by its /64 as the rate limits count it.
 */
export function addressCap(ip: string, max: number): StreamCap {
  return { key: `address:${clientAddressKey(ip)}`, max };
}

export const HEARTBEAT_MS = 15_000;
export const RECHECK_MS = 15_000;
export const MAX_BUFFERED_BYTES = 1024 * 1024;
export const MAX_PENDING_FRAMES = 1000;
/** How long a client waits before reconnecting after the stream ends (SSE `retry:`). */
const RETRY_MS = 2_000;
const HEARTBEAT = ': ping\n\n';
/** Streams whose access is asked again in one turn of the event loop. */
const RECHECK_SLICE = 250;

/**
 * The open Server-Sent Events streams of one kind on this instance, by topic
 * (docs/decisions/038-background-loops-and-the-live-hub.md). A publish is serialised once and
 * written to every client of its topic; one heartbeat timer and one access-check timer serve
 * every client; a client whose socket does not take its frames is dropped, never buffered for
 * without bound. Where the frames come from (a durable log, a periodic read) is the owner's
 * business: it replays what a client missed between `connect` and `goLive`.
 */
export class LiveHub {
  private readonly topics = new Map<string, Set<HubClient>>();
  private readonly open = new Map<string, number>();
  private heartbeat: NodeJS.Timeout | undefined;
  private recheck: NodeJS.Timeout | undefined;
  private clients = 0;
  private closing = false;
  /** A round of access checks is still being handed out (`recheckAll`). */
  private rechecking = false;
  private readonly heartbeatMs: number;
  private readonly recheckMs: number;
  private readonly limits: { maxBufferedBytes: number; maxPendingFrames: number };

  constructor(private readonly options: LiveHubOptions) {
    this.heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
    this.recheckMs = options.recheckMs ?? RECHECK_MS;
    this.limits = {
      maxBufferedBytes: options.maxBufferedBytes ?? MAX_BUFFERED_BYTES,
      maxPendingFrames: options.maxPendingFrames ?? MAX_PENDING_FRAMES,
    };
  }

  /** Open streams. */
  get size(): number {
    return this.clients;
  }

  /** True once `close` was called: no stream opens any more. */
  get closed(): boolean {
    return this.closing;
  }

  /** The topics with at least one client. */
  activeTopics(): string[] {
    return [...this.topics.keys()];
  }

  /**
   * A new client of `topic`, catching up (see `HubClient`). Refuses with 503 while the server
   * stops and with 429 when a cap is full. The owner sends it with `respond`; the stream's end,
   * however it comes, releases its place.
   */
  connect(options: ConnectOptions): HubClient {
    if (this.closing) throw serviceUnavailable();
    for (const cap of options.caps) {
      if ((this.open.get(cap.key) ?? 0) >= cap.max) {
        throw tooManyRequests(ERROR_MESSAGES.tooManyRequests);
      }
    }
    const client = new HubClient(options.topic, options.authorize, this.limits, () =>
      this.options.log.info(`${this.options.name}: dropped a client that does not keep up`),
    );
    for (const cap of options.caps) this.open.set(cap.key, (this.open.get(cap.key) ?? 0) + 1);
    let members = this.topics.get(options.topic);
    if (!members) {
      members = new Set();
      this.topics.set(options.topic, members);
    }
    members.add(client);
    this.clients += 1;
    client.onClose(() => this.release(client, options.caps));
    this.startTimers();
    client.stream.write(`retry: ${RETRY_MS}\n\n`);
    return client;
  }

  /**
   * Answers `reply` with the stream of `client`, fed from a durable log by its owner: `join`
   * counts the stream with its topic's reader and answers the log position it starts at, `leave`
   * undoes that once the stream is gone, and `resume` sends what the client missed up to that
   * position and lets it go live. A failed join refuses the request; a failed resume ends the
   * stream (the client reconnects). 503 when the server began stopping meanwhile.
   */
  async serve(
    reply: FastifyReply,
    client: HubClient,
    owner: {
      join: () => Promise<number>;
      leave: () => void;
      resume: (position: number) => Promise<void>;
      /** Fields of the log line when resuming fails, e.g. the event. */
      context?: Record<string, unknown>;
    },
  ): Promise<FastifyReply> {
    let position: number;
    try {
      position = await owner.join();
    } catch (error) {
      client.stream.destroy();
      throw error;
    }
    // A client that went away, a dropped slow client and the server's stop all end here.
    client.onClose(owner.leave);
    if (this.closing) {
      client.stream.destroy();
      throw serviceUnavailable();
    }
    owner.resume(position).catch((error: unknown) => {
      this.options.log.warn(
        { err: error, ...owner.context },
        `${this.options.name}: resuming failed`,
      );
      client.stream.destroy();
    });
    return this.respond(reply, client);
  }

  /** Answers `reply` with the client's stream. */
  respond(reply: FastifyReply, client: HubClient): FastifyReply {
    return reply.headers(SSE_HEADERS).send(client.stream);
  }

  /** Sends `frames` to every client of `topic`, serialised into one text for all of them. */
  publish(topic: string, frames: readonly HubFrame[]): void {
    const members = this.topics.get(topic);
    if (!members || frames.length === 0) return;
    const text = frames.map((frame) => frame.text).join('');
    for (const client of members) client.deliver(frames, text);
  }

  /** Ends every stream (clients reconnect, to another instance) and refuses new ones. */
  close(): void {
    this.closing = true;
    this.stopTimers();
    for (const members of this.topics.values()) {
      for (const client of members) client.stream.end();
    }
  }

  private release(client: HubClient, caps: readonly StreamCap[]): void {
    const members = this.topics.get(client.topic);
    if (!members?.delete(client)) return;
    if (members.size === 0) this.topics.delete(client.topic);
    for (const cap of caps) {
      const left = (this.open.get(cap.key) ?? 1) - 1;
      if (left > 0) this.open.set(cap.key, left);
      else this.open.delete(cap.key);
    }
    this.clients -= 1;
    if (this.clients === 0) this.stopTimers();
  }

  private startTimers(): void {
    this.heartbeat ??= setInterval(() => this.beat(), this.heartbeatMs);
    this.heartbeat.unref();
    this.recheck ??= setInterval(() => this.recheckAll(), this.recheckMs);
    this.recheck.unref();
  }

  private stopTimers(): void {
    clearInterval(this.heartbeat);
    clearInterval(this.recheck);
    this.heartbeat = undefined;
    this.recheck = undefined;
  }

  private beat(): void {
    for (const members of this.topics.values()) {
      for (const client of members) if (!client.catchingUp) client.write(HEARTBEAT);
    }
  }

  /**
   * Asks every stream's `authorize` again, a slice at a time with the event loop free between
   * slices: at 10,000 streams one burst of checks held the loop for seconds (ADR 062).
   */
  private recheckAll(): void {
    if (this.rechecking) return;
    const clients = [...this.topics.values()].flatMap((members) => [...members]);
    this.rechecking = true;
    const checkFrom = (start: number) => {
      for (const client of clients.slice(start, start + RECHECK_SLICE)) {
        // Gone since the round began: nothing to ask.
        if (this.topics.get(client.topic)?.has(client)) this.check(client);
      }
      if (start + RECHECK_SLICE < clients.length && !this.closing) {
        setImmediate(() => checkFrom(start + RECHECK_SLICE));
      } else {
        this.rechecking = false;
      }
    };
    checkFrom(0);
  }

  private check(client: HubClient): void {
    const { authorize } = client;
    if (!authorize || client.checking) return;
    client.checking = true;
    authorize()
      .then(
        (allowed) => {
          if (!allowed) client.stream.end();
        },
        (error: unknown) => {
          if (isHttpError(error)) {
            client.stream.end();
            return;
          }
          // The database did not answer: the stream stays until the next check says no.
          this.options.log.warn(
            { err: error },
            `${this.options.name}: checking a stream's access failed`,
          );
        },
      )
      .finally(() => {
        client.checking = false;
      });
  }
}
