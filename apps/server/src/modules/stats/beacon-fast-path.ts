import type { IncomingMessage, ServerResponse } from 'node:http';
import { statsHeartbeatSchema, statsPageviewSchema } from '@livent/shared';
import type { FastifyBaseLogger, FastifyError } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorAnswer } from '../../lib/error-handler.js';
import { badRequest } from '../../lib/errors.js';
import { EVENTS_BASE_HEADERS } from '../../lib/events-origin.js';
import { HSTS_HEADER_VALUE } from '../../lib/security-headers.js';
import type { RawRequestFacts } from '../../lib/trust-proxy.js';
import type { BeaconIngest } from './beacon-ingest.js';

/** A beacon is a few dozen bytes; anything much larger is not one (the routes' body limit). */
export const BEACON_MAX_BYTES = 1024;
/** What `navigator.sendBeacon` sends a string as (no preflight); the body is JSON all the same. */
export const BEACON_CONTENT_TYPE = 'text/plain';
/** Every beacon answer's headers, whoever writes it: no cache keeps one. */
export const BEACON_HEADERS = { ...EVENTS_BASE_HEADERS, 'cache-control': 'no-store' } as const;

const BEACON_PATH = /^\/([a-z0-9]+(?:-[a-z0-9]+)*)\/_stats\/(view|beat)$/;
const JSON_TYPE = 'application/json; charset=utf-8';

export interface BeaconFastPathOptions {
  /** The events origin's `Host`; beacons to custom domains go to Fastify. */
  eventsHost: string;
  ingest: BeaconIngest;
  /** Read as Fastify reads them: the client's address and whether HSTS goes out. */
  requestFacts: RawRequestFacts;
  log: FastifyBaseLogger;
}

/**
 * The statistics' beacons, answered before Fastify sees them (ADR 035, ADR 045): every viewer
 * sends a heartbeat every 30 s, and through the framework's routing, hooks, body parsing and reply
 * each cost about as much again as the work itself (bench/stats.bench.ts). This answers exactly
 * what the routes in stats-beacon.routes.ts answer — the same ingest, validator and error shape;
 * a test compares the two answer by answer — for a POST on the events origin with a text/plain
 * body of 1 to {@link BEACON_MAX_BYTES} bytes and a declared length. Anything else (a custom
 * domain, another content type, a chunked or empty or oversized body, a query string) returns
 * false, and Fastify answers as before.
 *
 * No request log line, as on the routes (their `logLevel` is `warn`); a failure is logged. The
 * routes send no security headers of the dashboard (`securityHeaders: false`), only HSTS over
 * https, as here. Fastify's hooks do not run: a hook added later for every answer must be added
 * here too, or these conditions must send the beacon to Fastify.
 */
export function beaconFastPath(
  options: BeaconFastPathOptions,
): (request: IncomingMessage, response: ServerResponse) => boolean {
  const validate = {
    view: bodyValidator(statsPageviewSchema, '/:slug/_stats/view'),
    beat: bodyValidator(statsHeartbeatSchema, '/:slug/_stats/beat'),
  };
  const { ingest, requestFacts, log } = options;

  const write = (
    request: IncomingMessage,
    response: ServerResponse,
    status: number,
    body: object | undefined,
    headers: Readonly<Record<string, string>> = {},
  ) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    response.writeHead(status, {
      ...BEACON_HEADERS,
      ...headers,
      ...(requestFacts.isHttps(request) ? { 'strict-transport-security': HSTS_HEADER_VALUE } : {}),
      ...(text === undefined
        ? {}
        : { 'content-type': JSON_TYPE, 'content-length': String(Buffer.byteLength(text)) }),
    });
    response.end(text);
  };

  const answer = async (
    request: IncomingMessage,
    response: ServerResponse,
    slug: string,
    kind: 'view' | 'beat',
    text: string,
  ) => {
    try {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw badRequest();
      }
      const userAgent = request.headers['user-agent'];
      if (kind === 'view') {
        const beacon = validate.view(parsed);
        const address = requestFacts.clientAddress(request) ?? '';
        const view = await ingest.pageview(slug, beacon, address, userAgent);
        write(request, response, view ? 200 : 204, view);
      } else {
        await ingest.heartbeat(slug, validate.beat(parsed), userAgent);
        write(request, response, 204, undefined);
      }
    } catch (error) {
      const failed = errorAnswer(error as FastifyError);
      if (!failed.expected) log.error({ err: error }, 'beacon failed');
      write(request, response, failed.status, failed.body, failed.headers);
    }
  };

  return (request, response) => {
    const { headers } = request;
    if (request.method !== 'POST' || headers.host !== options.eventsHost) return false;
    const match = BEACON_PATH.exec(request.url ?? '');
    if (!match || !isBeaconType(headers['content-type'])) return false;
    const length = Number(headers['content-length']);
    if (!(length >= 1 && length <= BEACON_MAX_BYTES) || headers['transfer-encoding']) return false;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void answer(request, response, match[1]!, match[2] as 'view' | 'beat', concat(chunks));
    });
    // A client that went away gets no answer.
    request.on('error', () => response.destroy());
    return true;
  };
}

/**
 * The route's own validator (fastify-type-provider-zod's, as Fastify compiles it): the body's
 * value, or the validation failure Fastify would have thrown, which the error shape answers.
 */
function bodyValidator<T>(schema: z.ZodType<T>, url: string): (data: unknown) => T {
  const check = validatorCompiler({ schema, method: 'POST', url, httpPart: 'body' }) as (
    data: unknown,
  ) => { value?: T; error?: unknown };
  return (data) => {
    const result = check(data);
    if (result.error !== undefined) {
      throw Object.assign(new Error('body validation failed'), {
        validation: result.error,
        validationContext: 'body',
      });
    }
    return result.value as T;
  };
}

/** What Fastify's parser for `text/plain` takes: that type, with or without parameters. */
function isBeaconType(header: string | undefined): boolean {
  if (header === undefined) return false;
  const semicolon = header.indexOf(';');
  const type = (semicolon === -1 ? header : header.slice(0, semicolon)).trim().toLowerCase();
  return type === BEACON_CONTENT_TYPE;
}

function concat(chunks: Buffer[]): string {
  return (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).toString('utf8');
}
