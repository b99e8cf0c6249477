/**
 * A cheap incremental Server-Sent Events parser for the stream bench's clients: thousands of
 * streams per process, so it keeps one remainder string per stream and reads only what a frame
 * needs (`id:`, `event:`, `data:`); comments (`: ping`) and `retry:` dispatch nothing. A chunk
 * may end anywhere, inside a line or between the `\r` and `\n` of a CRLF (the spec allows CRLF,
 * CR and LF line ends; Livent sends LF).
 */

export interface ParsedFrame {
  id: string | undefined;
  event: string;
  data: string;
}

export class SseParser {
  private rest = '';

  constructor(private readonly onFrame: (frame: ParsedFrame) => void) {}

  /** Feeds the next piece of the stream's body (decoded as UTF-8). */
  push(chunk: string): void {
    let text = this.rest + chunk;
    let held = '';
    if (text.includes('\r')) {
      // A last `\r` may be the first half of a CRLF: it waits for the next chunk.
      if (text.endsWith('\r')) {
        held = '\r';
        text = text.slice(0, -1);
      }
      text = text.replace(/\r\n?/g, '\n');
    }
    let start = 0;
    for (let end = text.indexOf('\n\n'); end !== -1; end = text.indexOf('\n\n', start)) {
      this.frame(text.slice(start, end));
      start = end + 2;
    }
    this.rest = text.slice(start) + held;
  }

  private frame(block: string): void {
    let id: string | undefined;
    let event = 'message';
    let data: string | undefined;
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      let value = colon === -1 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'data') data = data === undefined ? value : `${data}\n${value}`;
      else if (field === 'event') event = value;
      else if (field === 'id') id = value;
    }
    // A block of comments or `retry:` alone dispatches nothing, as in a browser's EventSource.
    if (data !== undefined) this.onFrame({ id, event, data });
  }
}
