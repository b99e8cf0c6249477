import type { Writable } from 'node:stream';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';

export type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/**
 * Query parameters whose name ends in "token" (`token`, `access_token`, `refreshToken`) carry
 * verification, reset or guest tokens, and an OpenID provider answers the single sign-on
 * callback with an authorization `code` and the flow's `state`; their values never reach the
 * log (docs/architecture.md, "Security requirements").
 */
const SECRET_PARAMETER = /([?&](?:[^=&#]*token|code|state)=)[^&#]*/gi;
/** The personal links of registrations and invitations carry their token in the path (ADR 026). */
const PERSONAL_LINK = /(\/_access\/[ri]\/)[^/?#]+/g;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMETER, '$1***').replace(PERSONAL_LINK, '$1***');
}

/** Fastify's default request fields, with the URL redacted. Headers are not logged at all. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export interface LoggerOptionsOverrides {
  /** Human-readable lines (pino-pretty); by default only on a developer's terminal. */
  pretty?: boolean;
}

/** What the standard output may hold unwritten before log lines are dropped (ADR 019). */
export const LOG_BUFFER_LIMIT_BYTES = 4 * 1024 * 1024;

export interface LogDestination {
  write(line: string): void;
  /** Lines refused so far because the stream was not taking them. */
  readonly dropped: number;
  /**
   * Hands on the lines that wait for the next turn of the event loop at once, then resolves once
   * the stream has taken everything, or after `timeoutMs` at the latest.
   */
  flush(timeoutMs: number): Promise<void>;
}

/** Lines waiting for the next turn of the event loop are written at once beyond this size. */
export const LOG_BATCH_BYTES = 64 * 1024;

/**
 * A pino destination that never waits for its reader. pino's default destination writes
 * synchronously: when the process reading the standard output stops reading (a stalled log
 * collector, a terminal paused with Ctrl-S), the main thread waits in that write and the whole
 * server freezes, SIGTERM included. Here lines go through the stream's own asynchronous queue;
 * once `limitBytes` wait unwritten, further lines are dropped and counted, and the count is
 * logged when the reader catches up (ADR 019).
 *
 * The lines of one turn of the event loop go out as one write (at the latest when
 * {@link LOG_BATCH_BYTES} wait): one system call for the requests answered together rather
 * than one per line, which cost a signed-in request about a tenth of its CPU (ADR 020, third
 * pass). `flush` writes what waits at once.
 */
export function createLogDestination(
  stream: Writable,
  limitBytes: number = LOG_BUFFER_LIMIT_BYTES,
): LogDestination {
  let dropped = 0;
  let unreported = 0;
  let batch = '';
  let scheduled: NodeJS.Immediate | undefined;
  // A reader that went away (EPIPE) must not take the server with it; its lines are lost either
  // way, and there is no other place to report that to.
  stream.on('error', () => undefined);

  const writeBatch = () => {
    if (scheduled) clearImmediate(scheduled);
    scheduled = undefined;
    if (batch === '' || stream.destroyed) return;
    const lines = batch;
    batch = '';
    stream.write(lines);
  };

  return {
    write(line) {
      // Characters for bytes: the limit bounds memory, not an exact count.
      if (stream.destroyed || stream.writableLength + batch.length >= limitBytes) {
        dropped += 1;
        unreported += 1;
        return;
      }
      if (unreported > 0) {
        batch += `${JSON.stringify({ level: 40, time: Date.now(), dropped: unreported, msg: 'log lines dropped: the standard output was not being read' })}\n`;
        unreported = 0;
      }
      batch += line;
      if (batch.length >= LOG_BATCH_BYTES || batch.length >= limitBytes) writeBatch();
      else scheduled ??= setImmediate(writeBatch);
    },
    get dropped() {
      return dropped;
    },
    flush(timeoutMs) {
      writeBatch();
      if (stream.writableLength === 0 || stream.destroyed) return Promise.resolve();
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          stream.off('drain', done);
          resolve();
        };
        const timer = setTimeout(done, timeoutMs);
        timer.unref();
        stream.on('drain', done);
      });
    },
  };
}

let stdoutDestination: LogDestination | undefined;

/** The process's one destination on the standard output, made on first use. */
export function standardOutputLog(): LogDestination {
  if (!stdoutDestination) {
    const destination = createLogDestination(nonBlockingStdout());
    // process.exit() ends the process without another turn of the event loop: the lines
    // logged in its last turn (a fatal error, the shutdown) are handed on here.
    process.once('exit', () => void destination.flush(0));
    stdoutDestination = destination;
  }
  return stdoutDestination;
}

/**
 * Node writes to a terminal synchronously on Linux (pipes and sockets it writes asynchronously),
 * so a terminal paused with Ctrl-S would still stop the main thread. The stream's handle can be
 * switched back to libuv's non-blocking writes, which queue instead.
 */
function nonBlockingStdout(): Writable {
  const stdout = process.stdout as Writable & {
    _handle?: { setBlocking?: (blocking: boolean) => number };
  };
  if (process.stdout.isTTY) stdout._handle?.setBlocking?.(false);
  return stdout;
}

export function createLoggerOptions(
  config: Pick<Config, 'logLevel' | 'devTools'>,
  overrides: LoggerOptionsOverrides = {},
): LoggerOptions {
  const pretty =
    config.logLevel !== 'silent' &&
    (overrides.pretty ?? (process.stdout.isTTY === true && config.devTools)) &&
    isInstalled('pino-pretty');
  return {
    level: config.logLevel,
    // No `redact`: it cloned every line for paths that never occur, since headers are not
    // serialised (serializeRequest); logger.test.ts proves no credential reaches a line.
    serializers: { req: serializeRequest },
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : config.logLevel === 'silent'
        ? {}
        : { stream: standardOutputLog() }),
  };
}

/** pino-pretty is a development dependency; an install without dev dependencies lacks it. */
function isInstalled(name: string): boolean {
  try {
    import.meta.resolve(name);
    return true;
  } catch {
    return false;
  }
}
