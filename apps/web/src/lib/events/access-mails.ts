import type { MailSendMode, MailStatus } from '@livent/shared';
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

/** How often a list asks again while one of its mails waits in the outbox. */
export const QUEUED_MAIL_POLL_MS = 3_000;

/**
 * `refetchInterval` of the invitation and registration lists: a queued mail changes its status
 * once the outbox worker has sent it, which no other event tells the list, so the list asks
 * again while any row it shows is queued, and stops when none is.
 */
export function pollWhileMailsQueued(query: {
  state: { data?: { results: readonly { mailStatus: MailStatus | null }[] } | undefined };
}): number | false {
  const queued = query.state.data?.results.some((row) => row.mailStatus === 'queued') ?? false;
  return queued ? QUEUED_MAIL_POLL_MS : false;
}
