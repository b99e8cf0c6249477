import { access, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { notFound } from './errors.js';

/** Vite puts content-hashed files here; their URL changes whenever their content does. */
const ASSETS_DIR = 'assets';
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Always revalidated, so a deploy reaches every open tab on its next navigation. */
export const REVALIDATE_CACHE_CONTROL = 'no-cache';

export const DASHBOARD_NOT_BUILT_MESSAGE =
  'The Livent dashboard is not built yet. Run `npm run build` (or `npm start`, which builds it), then reload this page.';

/** The first path segment, compared whole: `/api/x` and `/api` are API paths, `/apis` is not. */
function firstSegment(url: string): string {
  const pathEnd = url.search(/[?#]/);
  const path = pathEnd === -1 ? url : url.slice(0, pathEnd);
  return path.split('/')[1] ?? '';
}

export function isApiPath(url: string): boolean {
  return firstSegment(url) === 'api';
}

function isAssetPath(url: string): boolean {
  return firstSegment(url) === ASSETS_DIR;
}

/** The dashboard's shared layout (`/shared/messages/{eventId}?token=…`). */
const SHARED_SEGMENT = 'shared';

function acceptsHtml(request: FastifyRequest): boolean {
  return request.headers.accept?.includes('text/html') ?? false;
}

export interface WebAppOptions {
  /** The built dashboard (Vite's dist). It may not exist yet; the API works without it. */
  webDist: string;
  /** Counts unknown /api requests against the API rate limit. */
  apiRateLimit: preHandlerAsyncHookHandler;
}

/**
 * Serves the built dashboard and answers every request that no route takes, on the dashboard's
 * host (other hosts get the events 404 page before this: lib/host-routing.ts, ADR 043):
 * - unknown /api paths (any method): JSON 404;
 * - files of WEB_DIST, hashed assets cached for a year, everything else revalidated
 *   (precompressed .br/.gz siblings when the client accepts them, ADR 004);
 * - other GET/HEAD navigations that accept HTML: index.html (history fallback), so every
 *   dashboard route loads on a hard refresh; a missing file under /assets/ stays a 404, or the
 *   browser would parse index.html as a script.
 */
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions): Promise<void> {
  const { webDist } = options;
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    // The wildcard route looks files up per request, so a build made after the start is served.
    wildcard: true,
    // `/` is a directory: serve its index.html (through setHeaders: revalidated). Other
    // directories have none, answer 404 and reach the not-found handler.
    index: 'index.html',
    redirect: false,
    dotfiles: 'ignore',
    preCompressed: true,
    cacheControl: false,
    suppressWarning: true,
    setHeaders(reply, filePath) {
      const [topDir] = relative(webDist, filePath).split(sep);
      reply.header(
        'cache-control',
        topDir === ASSETS_DIR ? IMMUTABLE_CACHE_CONTROL : REVALIDATE_CACHE_CONTROL,
      );
    },
  });

  const limitApiRequests: preHandlerAsyncHookHandler = async function (request, reply) {
    if (isApiPath(request.url)) await options.apiRateLimit.call(this, request, reply);
  };

  app.setNotFoundHandler({ preHandler: limitApiRequests }, async (request, reply) => {
    const isNavigation =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(request.url) &&
      !isAssetPath(request.url) &&
      acceptsHtml(request);
    if (!isNavigation) throw notFound();
    // The guest moderators' share link carries its token in the address until the page moves
    // it away; no request of that page may pass the address on in Referer (ADR 025).
    if (firstSegment(request.url) === SHARED_SEGMENT)
      reply.header('referrer-policy', 'no-referrer');
    return sendIndexHtml(webDist, reply);
  });
}

async function sendIndexHtml(webDist: string, reply: FastifyReply): Promise<FastifyReply> {
  let html: Buffer;
  try {
    html = await readFile(join(webDist, 'index.html'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return reply
      .code(503)
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(DASHBOARD_NOT_BUILT_MESSAGE);
  }
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', REVALIDATE_CACHE_CONTROL)
    .send(html);
}

/** Logs once at start when the dashboard is missing, which is fine for API-only work and tests. */
export async function warnIfDashboardMissing(app: FastifyInstance, webDist: string): Promise<void> {
  try {
    await access(join(webDist, 'index.html'));
  } catch {
    app.log.warn(
      `No dashboard build in ${webDist} (index.html is missing): the API works, the dashboard answers 503 until \`npm run build\` has run.`,
    );
  }
}
