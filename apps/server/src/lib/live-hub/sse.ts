/**
 * What every Server-Sent Events answer of the API shares (ADR 025, ADR 027): its headers and
 * the frame format. The security headers come from the usual hook.
 */
export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  // nginx would otherwise buffer the response and hold every frame back.
  'x-accel-buffering': 'no',
};

/** One frame: an optional id, the event's name and its data as JSON. */
export function sseFrame(event: string, data: unknown, id?: number | string): string {
  return `${id === undefined ? '' : `id: ${String(id)}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}
