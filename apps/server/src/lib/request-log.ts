import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per answered request instead of Fastify's two ("incoming request" and "request
 * completed"): the request (its URL redacted by lib/logger.ts), the status and the response time
 * together. Production logs at info, where the second line cost about a quarter of a signed-in
 * request's CPU (ADR 020, second pass). A request that never completes leaves no line; errors,
 * stream failures and unknown routes are still logged as Fastify logs them.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {
    // Logged with its outcome in requestCompleted.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else {
      reply.log.info(
        { req: request, res: reply, responseTime: reply.elapsedTime },
        'request completed',
      );
    }
  }
}
