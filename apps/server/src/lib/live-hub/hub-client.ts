import { PassThrough } from 'node:stream';

/** A frame as the hub sends it: its SSE text, serialised once, and the log position it carries. */
export interface HubFrame {
  /** The frame's `id:` (a durable log's seq), so that a client never gets one twice. */
  id?: number;
  text: string;
}

export interface HubClientLimits {
  /** Bytes that may wait for the client's socket; beyond, the client is dropped. */
  maxBufferedBytes: number;
  /** Frames that may wait while the client catches up; beyond, the client is dropped. */
  maxPendingFrames: number;
}

/**
 * One open stream of the hub (live-hub.ts). It starts catching up: frames published to its topic
 * wait in `pending` while its owner sends what it missed with `replay`/`write`, then `goLive`
 * sends what waited (without what the catch-up already sent) and lets published frames through.
 */
export class HubClient {
  readonly stream = new PassThrough();
  /** True until `goLive`. */
  catchingUp = true;
  /** A check of the caller's access is running (see `LiveHub`'s recheck). */
  checking = false;
  private pending: HubFrame[] = [];
  /** The highest frame id sent; frames at or below it are not sent again. */
  private lastId = -1;
  private readonly closeListeners: (() => void)[] = [];

  constructor(
    readonly topic: string,
    readonly authorize: (() => Promise<boolean>) | undefined,
    private readonly limits: HubClientLimits,
    private readonly onDrop: () => void,
  ) {
    this.stream.on('close', () => {
      for (const listener of this.closeListeners.splice(0)) listener();
    });
  }

  get closed(): boolean {
    return this.stream.destroyed || this.stream.writableEnded;
  }

  /** Calls `listener` once the stream is gone (at once if it is already). */
  onClose(listener: () => void): void {
    if (this.stream.destroyed) listener();
    else this.closeListeners.push(listener);
  }

  /**
   * Writes to this client only (a first state, a catch-up's last frame), or drops it when its
   * socket has not taken what it was sent before: a client that cannot keep up reconnects and
   * resumes instead of being buffered for without bound.
   */
  write(text: string): void {
    const { stream } = this;
    if (!text || this.closed) return;
    stream.write(text);
    if (stream.writableLength + stream.readableLength > this.limits.maxBufferedBytes) {
      this.onDrop();
      stream.destroy();
    }
  }

  /**
   * Writes a catch-up frame at the pace the socket takes it: resolves once it may write more (or
   * the stream is gone), so that a long replay is never held in memory at once.
   */
  async replay(frame: HubFrame): Promise<void> {
    if (this.closed) return;
    if (frame.id !== undefined) this.lastId = Math.max(this.lastId, frame.id);
    if (this.stream.write(frame.text)) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        this.stream.off('drain', done);
        this.stream.off('close', done);
        resolve();
      };
      this.stream.on('drain', done);
      this.stream.on('close', done);
    });
  }

  /** Ends catching up at `position` (the log position the catch-up reached, if any). */
  goLive(position?: number): void {
    if (position !== undefined) this.lastId = Math.max(this.lastId, position);
    this.catchingUp = false;
    const pending = this.pending;
    this.pending = [];
    this.deliver(pending, undefined);
  }

  /**
   * A published batch. `text` is the batch serialised once for every client of the topic; it is
   * sent as is unless this client already has some of the frames (only right after catching up).
   */
  deliver(frames: readonly HubFrame[], text: string | undefined): void {
    if (this.closed || frames.length === 0) return;
    if (this.catchingUp) {
      this.pending.push(...frames);
      if (this.pending.length > this.limits.maxPendingFrames) {
        this.onDrop();
        this.stream.destroy();
      }
      return;
    }
    const first = frames[0]!.id;
    const last = frames[frames.length - 1]!.id;
    if (text !== undefined && (first === undefined || first > this.lastId)) {
      this.write(text);
    } else {
      this.write(
        frames
          .filter((frame) => frame.id === undefined || frame.id > this.lastId)
          .map((frame) => frame.text)
          .join(''),
      );
    }
    if (last !== undefined) this.lastId = Math.max(this.lastId, last);
  }
}
