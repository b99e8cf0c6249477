import type { StatsLive } from '@livent/shared';
import { useState } from 'react';
import { useEventStream, type StreamState } from '../../../lib/live/use-event-stream';
import { liveStreamPath, openLiveStream, parseLive } from './stats-api';

/**
 * The event's "viewers now" stream (`/stats/live`, ADR 027): the latest frame and the stream's
 * state, for the stats screen and the control room alike. `onLive` sees each frame as it comes.
 */
export function useStatsLive(
  eventId: string,
  onLive?: (live: StatsLive) => void,
): { live: StatsLive | undefined; streamState: StreamState } {
  const [live, setLive] = useState<StatsLive>();
  const streamState = useEventStream({
    url: liveStreamPath(eventId),
    open: openLiveStream(eventId),
    on: {
      viewers: (data) => {
        const next = parseLive(data);
        if (!next) return;
        setLive(next);
        onLive?.(next);
      },
    },
  });
  return { live, streamState };
}
