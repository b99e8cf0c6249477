import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';

export type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/**
 * Query parameters whose name ends in "token" (`token`, `access_token`, `refreshToken`) carry
 * verification, reset or guest tokens; their values never reach the log (ARCHITECTURE.md,
 * "Security requirements").
 */
const TOKEN_PARAMETER = /([?&][^=&#]*token=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(TOKEN_PARAMETER, '$1***');
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
  /** Human-readable lines (pino-pretty); by default only on a terminal outside production. */
  pretty?: boolean;
}

export function createLoggerOptions(
  config: Pick<Config, 'logLevel' | 'isProduction'>,
  overrides: LoggerOptionsOverrides = {},
): LoggerOptions {
  const pretty =
    config.logLevel !== 'silent' &&
    (overrides.pretty ?? (process.stdout.isTTY === true && !config.isProduction)) &&
    isInstalled('pino-pretty');
  return {
    level: config.logLevel,
    // Headers are not serialised today; should anyone add them, these stay out of the log.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["token-authorization"]',
        'res.headers["set-cookie"]',
      ],
      censor: '***',
    },
    serializers: { req: serializeRequest },
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
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
