import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestCookie } from '../../lib/cookies.js';

/**
 * The viewer's id for the abuse limits of the gates and the message tool (not a session: it
 * grants nothing), kept for a year.
 */
export const VIEWER_COOKIE = 'lvnt.viewer';
const VIEWER_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/** Who sends, votes or tries a gate through the public page: the viewer cookie's id and the address. */
export interface Viewer {
  id: string;
  ip: string;
}

/** The viewer cookie's id when the request carries a well-formed one. */
export function viewerIdOf(request: FastifyRequest): string | undefined {
  const id = requestCookie(request, VIEWER_COOKIE);
  return id && /^[0-9a-f-]{36}$/.test(id) ? id : undefined;
}

/** The viewer of a write: the cookie's id, made and set on the answer when the request has none. */
export function viewerOf(request: FastifyRequest, reply: FastifyReply): Viewer {
  const known = viewerIdOf(request);
  if (known) return { id: known, ip: request.ip };
  const id = randomUUID();
  reply.setCookie(VIEWER_COOKIE, id, {
    path: '/',
    maxAge: VIEWER_COOKIE_MAX_AGE_S,
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
  return { id, ip: request.ip };
}
