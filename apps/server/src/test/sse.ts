import { get, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';

/** A Server-Sent Events reader for tests: a real listening server's stream, frame by frame. */

export interface SseFrame {
  id: string | undefined;
  event: string;
  data: string;
}

export interface SseStream {
  status: 200;
  headers: IncomingHttpHeaders;
  /** The next frame (comments are skipped); rejects after `timeoutMs` or when the stream ends. */
  next(timeoutMs?: number): Promise<SseFrame>;
  /** Frames until one of `event` (inclusive). */
  until(event: string, timeoutMs?: number): Promise<SseFrame[]>;
  /** Settles when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Any other answer, read to its end. */
export interface SseRefusal {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * Opens the stream on a connection of its own (no keep-alive pool: a pooled socket that never
 * carried a request would keep the server's close waiting); any other answer is read and given
 * back for the caller to check.
 */
export function openSse(
  url: string,
  headers: Record<string, string> = {},
): Promise<SseStream | SseRefusal> {
  return new Promise((resolve, reject) => {
    const request = get(url, {
      agent: false,
      headers: { accept: 'text/event-stream', ...headers },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      response.setEncoding('utf8');
      if (response.statusCode !== 200) {
        let body = '';
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
        return;
      }
      resolve(reader(response, () => request.destroy()));
    });
  });
}

function reader(response: IncomingMessage, destroy: () => void): SseStream {
  const frames: SseFrame[] = [];
  const waiters: (() => void)[] = [];
  let done = false;
  const wakeAll = () => waiters.splice(0).forEach((wake) => wake());
  let buffer = '';
  response.on('data', (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const frame = parseBlock(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      if (frame) frames.push(frame);
    }
    wakeAll();
  });
  const ended = new Promise<void>((resolve) => {
    response.on('close', () => {
      done = true;
      wakeAll();
      resolve();
    });
  });

  async function next(timeoutMs = 5_000): Promise<SseFrame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const frame = frames.shift();
      if (frame) return frame;
      if (done) throw new Error('the stream ended');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no frame within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  return {
    status: 200,
    headers: response.headers,
    next,
    async until(event, timeoutMs) {
      const seen: SseFrame[] = [];
      for (;;) {
        const frame = await next(timeoutMs);
        seen.push(frame);
        if (frame.event === event) return seen;
      }
    },
    ended,
    close: destroy,
  };
}

/** A frame with data or an id; `retry:`-only blocks and comments give nothing. */
function parseBlock(block: string): SseFrame | undefined {
  let id: string | undefined;
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') id = value;
    else if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  if (data.length === 0) return undefined;
  return { id, event, data: data.join('\n') };
}

export function isSseStream(value: SseStream | SseRefusal): value is SseStream {
  return 'next' in value;
}
