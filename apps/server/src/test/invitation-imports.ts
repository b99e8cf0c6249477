import type { FastifyInstance } from 'fastify';

/** Test helpers of the invitations CSV import (ADR 026, "Import"; ADR 046). */

const BOUNDARY = 'livent-import-boundary';

/** POSTs a multipart body with the CSV in `file` and the text fields to the event's import. */
export function importInvitations(
  app: FastifyInstance,
  headers: Record<string, string>,
  eventId: string,
  csv: string | Buffer,
  fields: Record<string, string> = {},
) {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  parts.push(
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="list.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    typeof csv === 'string' ? Buffer.from(csv) : csv,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  );
  return app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/invitations/import`,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: Buffer.concat(parts),
  });
}

/** A CSV of `rows` guests with a header line: `Guest 1,<prefix>-1@example.com`… */
export function guestsCsv(rows: number, prefix = 'guest'): string {
  const lines = ['name,email'];
  for (let index = 1; index <= rows; index += 1) {
    lines.push(`Guest ${index},${prefix}-${index}@example.com`);
  }
  return `${lines.join('\n')}\n`;
}
