import type { QueryClient } from '@tanstack/react-query';
import type { Namespace } from '../i18n/resources';
import { eventSettingsQueryOptions, orEventUnavailable } from './event-settings';
import { loadEditorNamespaces } from './use-settings-form';

/**
 * The `loader` of an editor screen: the event's settings (an event this account cannot open shows that page)
 * and the texts every editor screen needs (`events`: the framework's; `forms`: messages) plus
 * the screen's own namespaces.
 *
 * @example
 * loader: ({ context, params }) => loadEditorScreen(context.queryClient, params.eventid, 'design'),
 */
export async function loadEditorScreen(
  queryClient: QueryClient,
  eventId: string,
  ...namespaces: Namespace[]
): Promise<void> {
  await Promise.all([
    orEventUnavailable(queryClient.ensureQueryData(eventSettingsQueryOptions(eventId))),
    loadEditorNamespaces(...namespaces),
  ]);
}
