import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The statistics' beacons of the page script (ADR 027, ADR 045): the pageview carries the page's
// view token, and heartbeats carry the id the counted pageview answered.

const SIGNED_VIEW = '6f1c1f0e-0d5e-4a57-9a57-2f0f6c1c9a11.mhz0.AAAAAAAAAAAAAAAAAAAAAA';

interface Sent {
  url: string;
  body: Record<string, unknown>;
  headers?: HeadersInit | undefined;
}

let fetched: Sent[];
let beacons: Sent[];
let pageviewAnswer: Response;
let messagesAnswer: () => Response;
let stateAnswer: object;

/** Loads the script on a page with these body attributes, as the browser would run it. */
async function loadScript(attributes: Record<string, string>, html = ''): Promise<void> {
  document.body.innerHTML = html;
  for (const name of Object.keys(document.body.dataset)) delete document.body.dataset[name];
  Object.assign(document.body.dataset, attributes);
  vi.resetModules();
  await import('./viewer.js');
  // The pageview's answer and its JSON are two promise turns away.
  await vi.advanceTimersByTimeAsync(0);
}

beforeEach(() => {
  vi.useFakeTimers();
  fetched = [];
  beacons = [];
  pageviewAnswer = new Response(JSON.stringify({ v: SIGNED_VIEW }), { status: 200 });
  messagesAnswer = () => new Response(null, { status: 304 });
  stateAnswer = { reloadAt: null, version: 0 };
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as object) : {};
      fetched.push({ url, body: body as Record<string, unknown>, headers: init?.headers });
      if (url.includes('/_messages')) return Promise.resolve(messagesAnswer());
      if (url.endsWith('/_state')) return Promise.resolve(Response.json(stateAnswer));
      return Promise.resolve(
        url.endsWith('/_stats/view') ? pageviewAnswer : new Response('{}', { status: 200 }),
      );
    }),
  );
  vi.spyOn(navigator, 'sendBeacon').mockImplementation((url, data) => {
    beacons.push({ url: String(url), body: JSON.parse(String(data)) as Record<string, unknown> });
    return true;
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const statsCalls = () => fetched.filter((sent) => sent.url.includes('/_stats/'));
const messageCalls = () => fetched.filter((sent) => sent.url.includes('/_messages'));

describe('the statistics beacons', () => {
  it('send the page’s token with the pageview and the answered id with each heartbeat', async () => {
    await loadScript({ slug: 'launch', channel: 'de', stats: 'mhz0.BBBBBBBBBBBBBBBBBBBBBB' });
    expect(statsCalls()).toEqual([
      { url: '/launch/_stats/view', body: { t: 'mhz0.BBBBBBBBBBBBBBBBBBBBBB', c: 'de' } },
    ]);
    expect(beacons).toEqual([]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(beacons).toEqual([{ url: '/launch/_stats/beat', body: { v: SIGNED_VIEW, c: 'de' } }]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(beacons).toHaveLength(2);
  });

  it('send no heartbeat when the pageview was not counted', async () => {
    pageviewAnswer = new Response(null, { status: 204 });
    await loadScript({ slug: 'launch', stats: 'mhz0.BBBBBBBBBBBBBBBBBBBBBB' });
    expect(statsCalls()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(90_000);
    expect(beacons).toEqual([]);
  });

  it('send nothing from the dashboard’s sandboxed preview (an opaque origin)', async () => {
    vi.stubGlobal('origin', 'null');
    await loadScript({ slug: 'launch', stats: 'mhz0.BBBBBBBBBBBBBBBBBBBBBB' });
    await vi.advanceTimersByTimeAsync(90_000);
    expect(statsCalls()).toEqual([]);
    expect(beacons).toEqual([]);
  });

  it('send nothing from a page without a token (a gate)', async () => {
    await loadScript({ slug: 'launch' });
    await vi.advanceTimersByTimeAsync(90_000);
    expect(statsCalls()).toEqual([]);
    expect(beacons).toEqual([]);
  });
});

// The message tool's lists (ADR 053) without the live stream (the dashboard's preview): polled
// every 2 s with the tag of the last answer.
const MESSAGES_BLOCK = `
  <section class="lv-messages" data-url="/launch/_messages" data-channel="">
    <form class="lv-message-form" action="/launch/_messages">
      <textarea></textarea><button type="submit"></button><p class="lv-message-status"></p>
    </form>
    <div class="lv-message-lists" data-vote-one="%n vote" data-vote-other="%n votes">
      <section class="lv-own" hidden><ul></ul></section>
      <section class="lv-questions" hidden><ul></ul><p class="lv-vote-status"></p></section>
    </div>
  </section>`;

const questionsAnswer = (text: string, tag: string) => () =>
  new Response(
    JSON.stringify({
      mode: 'qa',
      questions: [
        {
          id: 'q1',
          authorName: '',
          text,
          status: 'answered',
          answer: 'At nine.',
          votes: 0,
          pinned: true,
          createdAt: '2026-11-28T09:00:00.000Z',
        },
      ],
      voted: [],
      mine: [],
    }),
    { status: 200, headers: { etag: tag } },
  );

describe('the message lists', () => {
  it('poll every 2 s with the last tag, keep the list on a 304 and show what changed', async () => {
    messagesAnswer = questionsAnswer('When does it start?', '"one"');
    await loadScript({ slug: 'launch' }, MESSAGES_BLOCK);
    const list = () => document.querySelector('.lv-question-list, .lv-questions ul')!;
    expect(list().textContent).toContain('When does it start?');
    expect(messageCalls()).toHaveLength(1);
    expect(messageCalls()[0]!.headers).toEqual({});

    messagesAnswer = () => new Response(null, { status: 304 });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(messageCalls()).toHaveLength(2);
    expect(messageCalls()[1]!.headers).toEqual({ 'if-none-match': '"one"' });
    expect(list().textContent).toContain('When does it start?');

    messagesAnswer = questionsAnswer('Is it recorded?', '"two"');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(list().textContent).toContain('Is it recorded?');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(messageCalls()[3]!.headers).toEqual({ 'if-none-match': '"two"' });
  });
});

// With the live stream (ADR 057): the lists follow its `messages` and `reset` frames, with a slow
// safety poll; the organiser's remote reload arrives as a `reload` frame.
describe('the page with its live stream', () => {
  class QuietEventSource extends EventTarget {
    static readonly CLOSED = 2;
    readyState = 0;
    close(): void {
      this.readyState = 2;
    }
  }
  const live = (kind: string, data: unknown = {}) =>
    document.dispatchEvent(new CustomEvent('lv:live', { detail: { kind, data } }));

  beforeEach(() => {
    vi.stubGlobal('EventSource', QuietEventSource);
    sessionStorage.clear();
  });

  // Listeners stay on `document` from one test's script to the next: the reload test runs first.
  it('reloads once on a `reload` newer than the stamp it was rendered with', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...location, reload });
    await loadScript({ slug: 'launch', live: '', reloadAt: '2026-11-28T09:00:00.000Z' });
    live('reload', { reloadAt: '2026-11-28T08:00:00.000Z' });
    expect(reload).not.toHaveBeenCalled();
    live('reload', { reloadAt: '2026-11-28T10:00:00.000Z' });
    expect(reload).toHaveBeenCalledTimes(1);
    // A cached copy rendered with the old stamp does not reload again for the same one.
    live('reload', { reloadAt: '2026-11-28T10:00:00.000Z' });
    expect(reload).toHaveBeenCalledTimes(1);
    // No `_state` poll any more: it is read only after a reset.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetched.filter((sent) => sent.url.includes('/_state'))).toEqual([]);
  });

  it('reads the message lists again on `messages` and `reset`, and polls only every 30 s', async () => {
    messagesAnswer = questionsAnswer('When does it start?', '"one"');
    await loadScript({ slug: 'launch', live: '' }, MESSAGES_BLOCK);
    expect(messageCalls()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(messageCalls()).toHaveLength(1);

    messagesAnswer = questionsAnswer('Is it recorded?', '"two"');
    live('messages');
    await vi.advanceTimersByTimeAsync(0);
    expect(messageCalls()).toHaveLength(2);
    expect(messageCalls()[1]!.headers).toEqual({ 'if-none-match': '"one"' });
    expect(document.querySelector('.lv-questions ul')!.textContent).toContain('Is it recorded?');
    live('reset');
    live('poll');
    await vi.advanceTimersByTimeAsync(0);
    expect(messageCalls()).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(messageCalls()).toHaveLength(4);
  });

  it('after a `reset`, reloads for a version newer than the page (a missed `state` frame)', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...location, reload });
    stateAnswer = { reloadAt: null, version: 8 };
    await loadScript({ slug: 'states', live: '', version: '7', state: 'before' });
    live('reset');
    await vi.advanceTimersByTimeAsync(0);
    expect(fetched.filter((sent) => sent.url === '/states/_state')).toHaveLength(1);
    // After the server's freshness window and the spread of the reloads. (The scripts of the tests
    // before listen on `document` too, hence no exact count: page-state.test.ts checks once-ness.)
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(9_000);
    expect(reload).toHaveBeenCalled();
  });
});
