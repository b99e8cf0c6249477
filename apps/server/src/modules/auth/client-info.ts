import type { FastifyRequest } from 'fastify';
import type { ClientInfo } from './sessions.service.js';

/** The client as recorded on sessions and counted by abuse limits: `request.ip` only (ADR 008). */
export function clientInfo(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}
