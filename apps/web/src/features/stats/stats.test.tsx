import type { Stats, StatsLive, StatsPoint } from '@livent/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAuthStore, setSignedIn } from '../../lib/auth/auth-store';
import { loadNamespaces } from '../../lib/i18n/i18n';
import { createQueryClient } from '../../lib/query-client';
import { renderInRouter } from '../../test/render';
import { json, testUser } from '../../test/users';
import { LiveAudience } from './components/live-audience';
import { StatsDashboard } from './components/stats-dashboard';
import {
  customInstants,
  presetInstants,
  startOfDayIn,
  tickIndices,
  timeFormatter,
} from './stats-time';
import { stubFetch } from '../../test/fetch-stub';

const HOUR = 3600_000;
const NO_REACTIONS = { heart: 0, applause: 0, laugh: 0, wow: 0, thumbsup: 0 };

// These tests open menus and wait on a lazily loaded chart chunk; on a busy machine that takes
// longer than the library's one-second default.
configure({ asyncUtilTimeout: 4000 });
const SLOW = { timeout: 20_000 };

/** Hourly buckets from `from`, with the given pageviews and viewers. */
function hours(from: string, values: [number, number][]): StatsPoint[] {
  return values.map(([pageviews, viewers], index) => ({
    t: new Date(Date.parse(from) + index * HOUR).toISOString(),
    pageviews,
    viewers,
    playing: 0,
  }));
}

function stats(overrides: Partial<Stats> = {}): Stats {
  const series = hours('2026-11-23T12:00:00.000Z', [
    [10, 4],
    [25, 12],
    [5, 3],
  ]);
  return {
    from: '2026-11-23T12:00:00.000Z',
    to: '2026-11-23T15:00:00.000Z',
    bucket: 'hour',
    series,
    totals: {
      pageviews: 40,
      uniqueViewers: 31,
      peakViewers: 12,
      peakAt: '2026-11-23T13:00:00.000Z',
      viewersNow: 3,
    },
    channels: [
      { channelId: null, pageviews: 30, uniqueViewers: 24, peakViewers: 9, viewersNow: 2 },
      { channelId: 'c1', pageviews: 10, uniqueViewers: 7, peakViewers: 3, viewersNow: 1 },
    ],
    reactions: { series: [], totals: NO_REACTIONS },
    attendance: { people: 0, attended: 0 },
    ...overrides,
  };
}

const nothing = (): Stats =>
  stats({
    series: hours('2026-11-23T12:00:00.000Z', [
      [0, 0],
      [0, 0],
    ]),
    totals: { pageviews: 0, uniqueViewers: 0, peakViewers: 0, peakAt: null, viewersNow: 0 },
    channels: [{ channelId: null, pageviews: 0, uniqueViewers: 0, peakViewers: 0, viewersNow: 0 }],
  });

/** A "viewers now" stream the test writes into. */
function liveStream() {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start: (started) => {
      controller = started;
    },
  });
  return {
    response: () =>
      new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    send: (live: StatsLive) =>
      controller?.enqueue(encoder.encode(`event: viewers\ndata: ${JSON.stringify(live)}\n\n`)),
  };
}

/** Answers the stats with `answer` and opens the live stream; records every call. */
function serve(answer: (url: URL) => Response) {
  const live = liveStream();
  const fetch = stubFetch((path) => {
    const url = new URL(path, 'http://localhost');
    if (url.pathname === '/api/events/e1/stats/live') return live.response();
    if (url.pathname === '/api/events/e1/stats') return answer(url);
    if (url.pathname.endsWith('.csv')) {
      return new Response('time\r\n', { headers: { 'content-type': 'text/csv' } });
    }
    return undefined;
  });
  const statsCalls = () =>
    fetch.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/events/e1/stats');
  return { fetch, live, statsCalls };
}

function render() {
  return renderInRouter(
    <QueryClientProvider client={createQueryClient()}>
      <StatsDashboard
        eventId="e1"
        publicUrl="https://events.example.com/launch"
        channels={[
          { id: 'c1', title: 'Berlin stage' },
          { id: 'c2', title: 'Hamburg stage' },
        ]}
      />
    </QueryClientProvider>,
    { path: '/events/$eventid/stats', url: '/events/e1/stats' },
  );
}

/** A chart, once its lazily loaded code has arrived (the first import takes a while in tests). */
const findChart = (name: string) => screen.findByRole('figure', { name }, { timeout: 5000 });

/** The x axis's labels of a chart (the y axis's are numbers). */
const axisLabels = (chart: string) =>
  [...screen.getByRole('figure', { name: chart }).querySelectorAll('.MuiChartsAxis-tickLabel')]
    .map((label) => label.textContent ?? '')
    .filter((text) => /[a-z]/i.test(text));

const signIn = (timezone = 'Europe/Berlin') => {
  resetAuthStore();
  setSignedIn(testUser({ settings: { ...testUser().settings, timezone } }), 'token');
};

beforeAll(async () => {
  await loadNamespaces('stats', 'forms');
  // The screen loads its charts lazily: transformed once here rather than in the first test.
  await import('./components/stats-charts');
}, 60_000);
beforeEach(() => signIn());
afterEach(() => vi.unstubAllGlobals());

describe('the stats screen', SLOW, () => {
  it('shows viewers now, the peak with its time, pageviews and unique viewers', async () => {
    serve(() => json(200, stats()));
    render();
    const now = await screen.findByTestId('viewers-now');
    expect(within(now).getByText('3')).toBeInTheDocument();
    // 13:00 UTC is 14:00 in Berlin.
    const peak = screen.getByTestId('peak');
    expect(within(peak).getByText('12')).toBeInTheDocument();
    expect(peak).toHaveTextContent('on Nov 23, 2:00 PM');
    expect(within(screen.getByTestId('pageviews')).getByText('40')).toBeInTheDocument();
    expect(within(screen.getByTestId('unique-viewers')).getByText('31')).toBeInTheDocument();
    // In Berlin, 15:00 (14:00 UTC) is the round hour the axis labels.
    await findChart('Pageviews');
    expect(axisLabels('Pageviews')).toContain('3:00 PM');
    expect(axisLabels('Pageviews')).not.toContain('9:00 AM');
    const table = screen.getByRole('table', { name: 'By page' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Main page' + '2' + '9' + '30' + '24');
    expect(rows[2]).toHaveTextContent('Berlin stage' + '1' + '3' + '10' + '7');
    // A page nobody opened in the range is listed with zeros.
    expect(rows[3]).toHaveTextContent('Hamburg stage' + '0' + '0' + '0' + '0');
    // Nobody registered or invited: no attendance rate.
    expect(screen.queryByTestId('attendance-rate')).not.toBeInTheDocument();
  });

  it('shows the attendance rate of those registered or invited (ADR 066)', async () => {
    serve(() => json(200, stats({ attendance: { people: 3, attended: 2 } })));
    render();
    const rate = await screen.findByTestId('attendance-rate');
    expect(within(rate).getByText('67%')).toBeInTheDocument();
    expect(rate).toHaveTextContent('2 of 3 registered or invited watched');
  });

  it('describes each chart in words', async () => {
    serve(() => json(200, stats()));
    render();
    const chart = await findChart('Pageviews');
    expect(chart).toHaveAccessibleDescription(
      'Pageviews from Nov 23, 2026, 1:00 PM to Nov 23, 2026, 4:00 PM: 40 in all; the most, 25, on Nov 23, 2:00 PM.',
    );
    expect(screen.getByRole('figure', { name: 'Concurrent viewers' })).toHaveAccessibleDescription(
      'Concurrent viewers from Nov 23, 2026, 1:00 PM to Nov 23, 2026, 4:00 PM: at most 12, on Nov 23, 2:00 PM.',
    );
  });

  it('explains when counting starts, with a link to the public page, when nothing was counted', async () => {
    serve(() => json(200, nothing()));
    render();
    expect(await screen.findByText('No viewers in this period')).toBeInTheDocument();
    expect(screen.getByText(/Counting starts when viewers open the public event page/));
    expect(screen.getByRole('link', { name: /Open the public page/ })).toHaveAttribute(
      'href',
      'https://events.example.com/launch',
    );
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it(
    'says that the statistics could not be loaded, and loads them again on request',
    SLOW,
    async () => {
      let fail = true;
      const { statsCalls } = serve(() =>
        fail ? json(404, { code: 404, message: 'Event not found' }) : json(200, stats()),
      );
      render();
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('The statistics could not be loaded.');
      expect(alert).toHaveTextContent('Event not found');
      fail = false;
      await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await screen.findByTestId('pageviews')).toHaveTextContent('40');
      expect(statsCalls().length).toBeGreaterThanOrEqual(2);
    },
  );

  it('asks for the new range and page when they change', async () => {
    const { statsCalls } = serve(() => json(200, stats()));
    render();
    await screen.findByTestId('pageviews');
    const first = statsCalls()[0]!.searchParams;
    expect(Date.parse(first.get('to')!) - Date.parse(first.get('from')!)).toBe(24 * HOUR);
    expect(first.has('channel')).toBe(false);

    await userEvent.click(screen.getByRole('combobox', { name: 'Period' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Last 7 days' }));
    await waitFor(() => {
      const last = statsCalls().at(-1)!.searchParams;
      expect(Date.parse(last.get('to')!) - Date.parse(last.get('from')!)).toBe(7 * 24 * HOUR);
    });

    await userEvent.click(screen.getByRole('combobox', { name: 'Page' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Berlin stage' }));
    await waitFor(() => expect(statsCalls().at(-1)!.searchParams.get('channel')).toBe('c1'));
  });

  it(
    'asks for whole days in the user’s zone in a custom range, and refuses a reversed one',
    SLOW,
    async () => {
      const { statsCalls } = serve(() => json(200, stats()));
      render();
      await screen.findByTestId('pageviews');
      await userEvent.click(screen.getByRole('combobox', { name: 'Period' }));
      await userEvent.click(await screen.findByRole('option', { name: 'Custom range' }));
      const from = screen.getByLabelText('From');
      const to = screen.getByLabelText('To');
      // A date field's value is set whole, as the browser's date picker does.
      fireEvent.change(from, { target: { value: '2026-11-02' } });
      fireEvent.change(to, { target: { value: '2026-11-03' } });
      await waitFor(() => {
        const last = statsCalls().at(-1)!.searchParams;
        // Midnight in Berlin (UTC+1) to the end of the second day.
        expect(last.get('from')).toBe('2026-11-01T23:00:00.000Z');
        expect(last.get('to')).toBe('2026-11-03T23:00:00.000Z');
      });
      const calls = statsCalls().length;
      fireEvent.change(from, { target: { value: '2026-11-05' } });
      expect(await screen.findByText('The last day must not be before the first.')).toBeVisible();
      expect(statsCalls()).toHaveLength(calls);
    },
  );

  it('updates viewers now from the live stream without reloading', async () => {
    const { live, statsCalls } = serve(() => json(200, stats()));
    render();
    const now = await screen.findByTestId('viewers-now');
    expect(within(now).getByText('3')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('live-indicator')).toHaveAttribute('data-state', 'open'),
    );
    expect(screen.getByTestId('live-indicator')).toHaveTextContent('Live');
    live.send({
      at: new Date().toISOString(),
      viewersNow: 7,
      channels: [
        { channelId: null, viewersNow: 5 },
        { channelId: 'c1', viewersNow: 2 },
      ],
      reactions: NO_REACTIONS,
    });
    expect(await within(now).findByText('7')).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'By page' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Main page5');
    expect(statsCalls()).toHaveLength(1);
  });

  it('loads an empty range again when the first viewers arrive', async () => {
    let answer = nothing();
    const { live, statsCalls } = serve(() => json(200, answer));
    render();
    expect(await screen.findByText('No viewers in this period')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('live-indicator')).toHaveAttribute('data-state', 'open'),
    );
    answer = stats();
    live.send({
      at: new Date().toISOString(),
      viewersNow: 2,
      channels: [],
      reactions: NO_REACTIONS,
    });
    expect(await within(screen.getByTestId('pageviews')).findByText('40')).toBeInTheDocument();
    expect(await findChart('Pageviews')).toBeInTheDocument();
    expect(screen.queryByText('No viewers in this period')).not.toBeInTheDocument();
    expect(statsCalls()).toHaveLength(2);
  });

  it('shows the reactions of the range with the last minute’s from the live stream, or says there are none', async () => {
    const totals = { ...NO_REACTIONS, heart: 1200, applause: 300 };
    const { live } = serve(() => json(200, stats({ reactions: { series: [], totals } })));
    render();
    const card = await screen.findByRole('region', { name: 'Reactions' });
    const items = within(card).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '❤️Heart1,200',
      '👏Applause300',
      '😂Laughing0',
      '😮Surprised0',
      '👍Thumbs up0',
    ]);
    await waitFor(() =>
      expect(screen.getByTestId('live-indicator')).toHaveAttribute('data-state', 'open'),
    );
    live.send({
      at: new Date().toISOString(),
      viewersNow: 3,
      channels: [],
      reactions: { ...NO_REACTIONS, heart: 42 },
    });
    expect(await within(items[0]!).findByText('+42 in the last minute')).toBeInTheDocument();
  });

  it('says when nobody reacted in the range', async () => {
    serve(() => json(200, stats()));
    render();
    const card = await screen.findByRole('region', { name: 'Reactions' });
    expect(card).toHaveTextContent('No reactions in this period.');
  });

  it('downloads the reactions for the whole event whatever page is chosen', async () => {
    const { fetch } = serve(() => json(200, stats()));
    const saved = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:csv');
    // The download link's click would navigate the test's window away.
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockReturnValue(undefined);
    render();
    await screen.findByRole('region', { name: 'Reactions' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Page' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Berlin stage' }));
    await userEvent.click(
      screen.getByRole('button', { name: 'Reactions (last 14 days, CSV, all pages)' }),
    );
    await waitFor(() =>
      expect(fetch.mock.calls.map(([input]) => String(input))).toContain(
        '/api/events/e1/stats/reactions.csv',
      ),
    );
    await waitFor(() => expect(click).toHaveBeenCalled());
    saved.mockRestore();
    click.mockRestore();
  });

  it('shows times in the user’s zone, not the browser’s', async () => {
    signIn('America/New_York');
    serve(() => json(200, stats()));
    render();
    // 13:00 UTC is 08:00 in New York.
    expect(await screen.findByTestId('peak')).toHaveTextContent('on Nov 23, 8:00 AM');
    expect(screen.getByText(/Times in America\/New_York/)).toBeInTheDocument();
    await findChart('Pageviews');
    // The axis labels round hours of New York: 09:00 there is 14:00 UTC, the third bucket.
    expect(axisLabels('Pageviews')).toContain('9:00 AM');
    expect(axisLabels('Concurrent viewers')).toContain('9:00 AM');
    expect(screen.getByRole('figure', { name: 'Pageviews' })).toHaveAccessibleDescription(
      /from Nov 23, 2026, 7:00 AM to Nov 23, 2026, 10:00 AM/,
    );
  });
});

describe('ranges and axis labels in the user’s zone', () => {
  it('ends a preset with the bucket now running', () => {
    const now = Date.parse('2026-11-23T10:17:30Z');
    expect(presetInstants('hour', now)).toEqual({
      from: new Date('2026-11-23T09:18:00Z'),
      to: new Date('2026-11-23T10:18:00Z'),
    });
    expect(presetInstants('week', now)).toEqual({
      from: new Date('2026-11-16T11:00:00Z'),
      to: new Date('2026-11-23T11:00:00Z'),
    });
  });

  it('starts a day at its midnight, also on a day the clocks change', () => {
    expect(startOfDayIn('2026-11-23', 'Europe/Berlin')).toEqual(new Date('2026-11-22T23:00:00Z'));
    // Summer time in Berlin ends on 25 October 2026: the day has 25 hours.
    expect(customInstants('2026-10-25', '2026-10-25', 'Europe/Berlin')).toEqual({
      from: new Date('2026-10-24T22:00:00Z'),
      to: new Date('2026-10-25T23:00:00Z'),
    });
    expect(startOfDayIn('2026-03-08', 'America/New_York')).toEqual(
      new Date('2026-03-08T05:00:00Z'),
    );
    expect(customInstants('2026-01-01', '2027-12-31', 'UTC')).toEqual({ problem: 'tooLong' });
  });

  it('writes times on the clock of the language, in the user’s zone', () => {
    const at = '2026-11-23T13:00:00.000Z';
    expect(timeFormatter('de', 'Europe/Berlin').point(at)).toBe('23. Nov., 14:00');
    expect(timeFormatter('de', 'Asia/Tokyo').tick(at, 'hour', false)).toBe('22:00');
    expect(timeFormatter('en', 'America/New_York').tick(at, 'minute', false)).toBe('8:00 AM');
    expect(timeFormatter('en', 'UTC').tick(at, 'hour', true)).toBe('Nov 23');
  });

  it('labels round hours of the user’s zone', () => {
    const series = hours(
      '2026-11-23T00:00:00.000Z',
      Array.from({ length: 12 }, () => [0, 0]),
    );
    // Berlin is UTC+1: its 03:00, 06:00, 09:00 are 02:00, 05:00, 08:00 UTC (indices 2, 5, 8, 11).
    expect([...tickIndices(series, 'hour', 'Europe/Berlin')]).toEqual([2, 5, 8, 11]);
    expect([...tickIndices(series, 'hour', 'UTC')]).toEqual([0, 3, 6, 9]);
  });

  it('labels the midnights of the user’s zone across days', () => {
    const series = hours(
      '2026-11-23T00:00:00.000Z',
      Array.from({ length: 72 }, () => [0, 0]),
    );
    // Midnight in Berlin is 23:00 UTC.
    expect([...tickIndices(series, 'hour', 'Europe/Berlin')]).toEqual([23, 47, 71]);
  });
});

describe("the control room's audience (ADR 060)", SLOW, () => {
  it('shows viewers now and the reactions of the last minute from the live stream', async () => {
    const { live } = serve(() => json(200, stats()));
    renderInRouter(
      <QueryClientProvider client={createQueryClient()}>
        <LiveAudience eventId="e1" />
      </QueryClientProvider>,
    );
    const now = await screen.findByTestId('control-viewers-now');
    expect(now).toHaveTextContent('–');
    expect(screen.queryByTestId('control-reactions')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(within(now).getByTestId('live-indicator')).toHaveAttribute('data-state', 'open'),
    );
    live.send({
      at: new Date().toISOString(),
      viewersNow: 12,
      channels: [],
      reactions: { heart: 1200, applause: 40, laugh: 0, wow: 3, thumbsup: 9 },
    });
    expect(await within(now).findByText('12')).toBeInTheDocument();
    const reactions = await screen.findByTestId('control-reactions');
    expect(within(reactions).getByRole('img', { name: 'Heart' }).parentElement).toHaveTextContent(
      '1,200',
    );
    expect(
      within(reactions).getByRole('img', { name: 'Laughing' }).parentElement,
    ).toHaveTextContent('0');
  });
});
