import type { QueryClient } from '@tanstack/react-query';
import type { Namespace } from '../i18n/resources';
import { eventSettingsQueryOptions, orPageNotFound } from './event-settings';
import { loadEditorNamespaces } from './use-settings-form';

/**
 * The `loader` of an editor screen: the event's settings (a missing event shows the 404 page)
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
    orPageNotFound(queryClient.ensureQueryData(eventSettingsQueryOptions(eventId))),
    loadEditorNamespaces(...namespaces),
  ]);
}
