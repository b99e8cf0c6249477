import { messageChangeSchema } from '@livent/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEventStream } from '../../../lib/live/use-event-stream';
import type { InboxApi } from './inbox-api';
import { receiveChange } from './inbox-queries';

/**
 * Keeps the open inbox live (ADR 025) through the shared stream client: each change is merged
 * into the cached lists; `reset` (too much missed) and a stream that comes back after failing
 * reload them, since changes may have been missed.
 */
export function useInboxStream(api: InboxApi): void {
  const queryClient = useQueryClient();
  const reload = () => void queryClient.invalidateQueries({ queryKey: api.queryKey });
  useEventStream({
    url: api.streamPath,
    open: api.openStream,
    on: {
      message: (data) => {
        const parsed = messageChangeSchema.safeParse(JSON.parse(data));
        if (parsed.success) receiveChange(queryClient, api, parsed.data);
      },
      reset: reload,
    },
    onResume: reload,
  });
}
