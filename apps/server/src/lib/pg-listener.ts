import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

export interface PgListenerOptions {
  /**
   * The database URL for the listener's own connection: a pooled connection cannot listen, since
   * the pool hands it to other queries.
   */
  url: string;
  /** Channel names (plain identifiers: they are written into `LISTEN` as they are). */
  channels: readonly string[];
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** What the log lines are about, e.g. `live messages`. */
  name: string;
  onNotification: (channel: string, payload: string) => void;
  /**
   * After every connection, the first included: what was notified while none listened is lost,
   * so the owner catches up (reads what it may have missed, drops what it may no longer trust).
   */
  onConnected: () => void;
  /** Reconnect waits: the first, then doubling up to the last. */
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
}

const DEFAULT_RECONNECT_MIN_MS = 500;
const DEFAULT_RECONNECT_MAX_MS = 30_000;
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * One PostgreSQL connection that LISTENs on some channels and comes back by itself when it is
 * lost (ADR 025). A database that cannot be reached is logged and retried; it never stops the
 * server or throws at its owner.
 */
export class PgListener {
  private client: pg.Client | undefined;
  private connected = false;
  private reconnect: NodeJS.Timeout | undefined;
  private readonly reconnectMinMs: number;
  private readonly reconnectMaxMs: number;
  private reconnectDelayMs: number;
  private closed = false;

  constructor(private readonly options: PgListenerOptions) {
    for (const channel of options.channels) {
      if (!IDENTIFIER.test(channel)) throw new Error(`Not a channel name: ${channel}`);
    }
    this.reconnectMinMs = options.reconnectMinMs ?? DEFAULT_RECONNECT_MIN_MS;
    this.reconnectMaxMs = options.reconnectMaxMs ?? DEFAULT_RECONNECT_MAX_MS;
    this.reconnectDelayMs = this.reconnectMinMs;
  }

  /** True while the connection listens: notifications then arrive through it. */
  get up(): boolean {
    return this.connected;
  }

  /** Connects and listens; resolves once it listens or the first try failed (then it retries). */
  async start(): Promise<void> {
    await this.connect();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.reconnect);
    const client = this.client;
    this.client = undefined;
    this.connected = false;
    await client?.end().catch((error: unknown) => {
      this.options.log.warn(
        { err: error },
        `${this.options.name}: closing the LISTEN connection failed`,
      );
    });
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const { url, channels, log, name, onNotification } = this.options;
    const client = new pg.Client({ connectionString: url, keepAlive: true });
    this.client = client;
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) {
        this.client = undefined;
        this.connected = false;
      }
      if (this.closed) return;
      log.warn({ err: error }, `${name}: the LISTEN connection was lost; reconnecting`);
      client.end().catch(() => {
        // Already broken; nothing more to release.
      });
      this.scheduleReconnect();
    };
    // Without an error listener, a dropped connection would crash the process.
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (message.payload !== undefined) onNotification(message.channel, message.payload);
    });
    try {
      await client.connect();
      for (const channel of channels) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      onLost(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (lost || this.closed) return;
    this.connected = true;
    this.reconnectDelayMs = this.reconnectMinMs;
    this.options.onConnected();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnect) return;
    const delay = this.reconnectDelayMs;
    this.reconnectDelayMs = Math.min(this.reconnectMaxMs, this.reconnectDelayMs * 2);
    this.reconnect = setTimeout(() => {
      this.reconnect = undefined;
      void this.connect();
    }, delay);
    this.reconnect.unref();
  }
}
