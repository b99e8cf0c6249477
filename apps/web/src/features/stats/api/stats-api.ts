import { statsLiveSchema, type StatsLive, type StatsQuery } from '@livent/shared';
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { API_BASE, apiResponse } from '../../../lib/api-client';
import { api, apiPath } from '../../../lib/api/typed-api';
import { downloadCsv } from '../../../lib/download';
import type { StreamInit } from '../../../lib/live/use-event-stream';
import { rangeInstants, type StatsRange } from '../stats-time';

/** An event's live statistics (docs/api.md, "Stats"; ADR 027). */

export const statsQueryKey = (eventId: string) => ['events', 'stats', eventId] as const;

/** While a range follows the clock, the charts move along with it. */
const FOLLOW_CLOCK_MS = 60_000;

/**
 * The stats of a range and page (`channel`: a channel id or `main`; absent: the whole event).
 * A preset's instants are taken when it is fetched, so each refetch shows the latest buckets.
 */
export const statsQueryOptions = (
  eventId: string,
  range: StatsRange,
  channel: string,
  timeZone: string,
) =>
  queryOptions({
    queryKey: [...statsQueryKey(eventId), { range, channel, timeZone }] as const,
    queryFn: ({ signal }) => {
      const instants = rangeInstants(range, timeZone);
      if ('problem' in instants) throw new Error(`Invalid range: ${instants.problem}`);
      const query: StatsQuery = {
        from: instants.from.toISOString(),
        to: instants.to.toISOString(),
        channel: channel || undefined,
      };
      return api.get('/events/{id}/stats', { path: { id: eventId }, query, signal });
    },
    enabled: !('problem' in rangeInstants(range, timeZone)),
    refetchInterval: range.kind === 'preset' ? FOLLOW_CLOCK_MS : false,
    // Another range or page keeps the last numbers on screen, dimmed, until its own arrive.
    placeholderData: keepPreviousData,
  });

/** The "viewers now" stream's address and opener, for the shared stream client. */
const livePath = (eventId: string) => apiPath('/events/{id}/stats/live', { path: { id: eventId } });
export const liveStreamPath = (eventId: string) => `${API_BASE}${livePath(eventId)}`;
export const openLiveStream = (eventId: string) => (init: StreamInit) =>
  apiResponse(livePath(eventId), init);

/** A `viewers` event's data, or undefined when it is not one. */
export function parseLive(data: string): StatsLive | undefined {
  try {
    const parsed = statsLiveSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export const STATS_CSV_FILES = ['pageviews', 'concurrent', 'reactions'] as const;
export type StatsCsvFile = (typeof STATS_CSV_FILES)[number];

/**
 * Downloads one of the CSVs (UTC, the user's delimiter; made by the server) with the access
 * token, which a plain link could not send.
 */
export function useDownloadStatsCsv(eventId: string) {
  return useMutation({
    mutationFn: ({ file, channel }: { file: StatsCsvFile; channel: string }) =>
      downloadCsv(
        file === 'reactions'
          ? // Reactions belong to the whole event: no page to narrow them to.
            apiPath('/events/{id}/stats/reactions.csv', { path: { id: eventId } })
          : apiPath(`/events/{id}/stats/${file}.csv`, {
              path: { id: eventId },
              query: { channel: channel || undefined },
            }),
        `${file}.csv`,
      ),
  });
}
