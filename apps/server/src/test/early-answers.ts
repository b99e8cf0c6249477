import { request as httpRequest } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * Counts the requests the responders before Fastify answered (ADR 035), so that a test can tell
 * which path answered: call the returned function for the count so far.
 */
export function countEarlyAnswers(app: FastifyInstance): () => number {
  let answered = 0;
  app.earlyResponses.responders = app.earlyResponses.responders.map(
    (respond) => (request, response) => {
      const took = respond(request, response);
      if (took) answered += 1;
      return took;
    },
  );
  return () => answered;
}

/** An answer as the two paths are compared: status, headers without the transport's, body. */
export interface ComparableAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** What the HTTP layer adds around any answer, whoever wrote it. */
const TRANSPORT = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

export function comparableHeaders(
  headers: Record<string, string | string[] | number | undefined>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name, value]) => !TRANSPORT.has(name) && value !== undefined)
      .map(([name, value]) => [name, String(value)])
      .sort(([a], [b]) => a!.localeCompare(b!)),
  );
}

/** A request over a real socket to the app listening on `port`, where the early responders sit. */
export function overSocket(
  port: number,
  request: { path: string; method: string; headers: Record<string, string>; body?: string },
): Promise<ComparableAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: request.path,
        method: request.method,
        headers: request.headers,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: comparableHeaders(response.headers),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}
