import type { MailSendMode } from '@livent/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/typed-api';

/**
 * The invitation and registration emails of an event (ADR 026): the default texts the editor
 * shows where the organiser's are empty, and sending to a list. Shared by the invitation and
 * registration screens and the event editor's registration section.
 */

/** Which list mails go to; also the list's path and its query key's second part. */
export type MailList = 'invitations' | 'registrations';

export const accessMailTextsQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: ['events', 'mail-texts', eventId] as const,
    queryFn: ({ signal }) => api.get('/events/{id}/mail-texts', { path: { id: eventId }, signal }),
    // The defaults change only with a release or the event's language.
    staleTime: 5 * 60_000,
  });

/**
 * Sends the mails of a list (`unsent`, `all`) or a test mail to the signed-in user, and
 * reloads the list so that its mail status column shows the queued mails.
 */
export function useSendAccessMails(eventId: string, list: MailList) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mode: MailSendMode) =>
      api.post(`/events/{id}/${list}/send`, { path: { id: eventId }, body: { mode } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['events', list, eventId] }),
  });
}
