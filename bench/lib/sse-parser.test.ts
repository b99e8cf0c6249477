import { describe, expect, it } from 'vitest';
import { SseParser, type ParsedFrame } from './sse-parser.js';

function parse(chunks: string[]): ParsedFrame[] {
  const frames: ParsedFrame[] = [];
  const parser = new SseParser((frame) => frames.push(frame));
  for (const chunk of chunks) parser.push(chunk);
  return frames;
}

const STREAM =
  'retry: 2000\n\n' +
  ': ping\n\n' +
  'id: 7\nevent: poll\ndata: {"id":"p1","status":"live"}\n\n' +
  'event: reactions\ndata: {"heart":3}\n\n' +
  'data: first line\ndata: second line\n\n';

const EXPECTED: ParsedFrame[] = [
  { id: '7', event: 'poll', data: '{"id":"p1","status":"live"}' },
  { id: undefined, event: 'reactions', data: '{"heart":3}' },
  { id: undefined, event: 'message', data: 'first line\nsecond line' },
];

describe('the stream bench SSE parser', () => {
  it('reads frames, skipping comments and retry, whole or split at any point', () => {
    expect(parse([STREAM])).toEqual(EXPECTED);
    for (let at = 1; at < STREAM.length; at += 1) {
      expect(parse([STREAM.slice(0, at), STREAM.slice(at)])).toEqual(EXPECTED);
    }
    expect(parse([...STREAM])).toEqual(EXPECTED);
  });

  it('reads CRLF line ends, even split between the CR and the LF', () => {
    const crlf = STREAM.replaceAll('\n', '\r\n');
    for (let at = 1; at < crlf.length; at += 1) {
      expect(parse([crlf.slice(0, at), crlf.slice(at)])).toEqual(EXPECTED);
    }
  });

  it('holds back a frame until its blank line arrives', () => {
    expect(parse(['event: poll\ndata: {}\n'])).toEqual([]);
  });
});
