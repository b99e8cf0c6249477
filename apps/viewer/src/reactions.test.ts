import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FLOATING_MAX, SEND_EVERY_MS, setupReactions } from './reactions.js';

// The reactions bar's script (ADR 059): taps float at once and go out batched once a second;
// bursts from the live stream float for everyone, capped.

const BAR = `
  <div class="lv-reactions" role="group" aria-label="Reactions">
    <div class="lv-reactions-float" aria-hidden="true"></div>
    <button type="button" data-reaction="heart" data-emoji="❤️" aria-label="Send a heart">❤️</button>
    <button type="button" data-reaction="wow" data-emoji="😮" aria-label="Be amazed">😮</button>
  </div>`;

let sent: { url: string; body: unknown }[];
let answer: () => Response;

const floating = () => document.querySelectorAll('.lv-reaction-float');
const tap = (reaction: string, times = 1) => {
  const button = document.querySelector<HTMLButtonElement>(`[data-reaction="${reaction}"]`);
  for (let i = 0; i < times; i++) button?.click();
};
const burst = (data: unknown) =>
  document.dispatchEvent(new CustomEvent('lv:live', { detail: { kind: 'reactions', data } }));

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
  answer = () => new Response(null, { status: 204 });
  document.body.innerHTML = BAR;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init?.body)) });
      return Promise.resolve(answer());
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

/** Each test sets up on a fresh document; its listeners die with the replaced nodes. */
function start(): void {
  setupReactions('launch');
}

describe('the reactions bar', () => {
  it('floats a tap at once and sends the second’s taps together, per reaction', async () => {
    start();
    tap('heart', 3);
    tap('wow');
    expect(floating()).toHaveLength(4);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(SEND_EVERY_MS);
    expect(sent).toEqual([
      { url: '/launch/_reactions', body: { reaction: 'heart', count: 3 } },
      { url: '/launch/_reactions', body: { reaction: 'wow', count: 1 } },
    ]);
    // The emoji are gone once they floated up.
    await vi.advanceTimersByTimeAsync(3_000);
    expect(floating()).toHaveLength(0);
  });

  it('works from the keyboard (buttons), and sends at most a batch’s taps at once', async () => {
    start();
    const heart = document.querySelector<HTMLButtonElement>('[data-reaction="heart"]');
    expect(heart?.type).toBe('button');
    tap('heart', 50);
    await vi.advanceTimersByTimeAsync(SEND_EVERY_MS);
    expect(sent).toEqual([{ url: '/launch/_reactions', body: { reaction: 'heart', count: 20 } }]);
    expect(floating()).toHaveLength(FLOATING_MAX);
  });

  it('stops sending after a 429 until the server allows again', async () => {
    answer = () => new Response(null, { status: 429, headers: { 'retry-after': '5' } });
    start();
    tap('heart');
    await vi.advanceTimersByTimeAsync(SEND_EVERY_MS);
    expect(sent).toHaveLength(1);
    tap('heart');
    await vi.advanceTimersByTimeAsync(SEND_EVERY_MS);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5_000);
    tap('heart');
    await vi.advanceTimersByTimeAsync(SEND_EVERY_MS);
    expect(sent).toHaveLength(2);
  });

  it('floats the bursts of other viewers, capped however big, without this viewer’s own taps', async () => {
    start();
    burst({ heart: 2, wow: 1 });
    expect(floating()).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(4_000);
    burst({ heart: 1000, wow: 10 });
    expect(floating()).toHaveLength(FLOATING_MAX);
    expect([...floating()].some((item) => item.textContent === '😮')).toBe(true);
    await vi.advanceTimersByTimeAsync(4_000);
    // Its own three taps came back in the burst: they floated already.
    tap('heart', 3);
    await vi.advanceTimersByTimeAsync(SEND_EVERY_MS + 3_000);
    burst({ heart: 4, laugh: 2, unknown: 5 });
    expect(floating()).toHaveLength(1);
    burst({ heart: 'many' });
    document.dispatchEvent(new CustomEvent('lv:live', { detail: { kind: 'poll', data: {} } }));
    expect(floating()).toHaveLength(1);
  });

  it('floats but sends nothing in the dashboard’s sandboxed preview (an opaque origin)', async () => {
    vi.stubGlobal('origin', 'null');
    start();
    tap('heart');
    expect(floating()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(SEND_EVERY_MS);
    expect(sent).toEqual([]);
  });

  it('does nothing on a page without the bar', () => {
    document.body.innerHTML = '';
    expect(() => start()).not.toThrow();
  });
});
