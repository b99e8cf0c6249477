import Box from '@mui/material/Box';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../../components/page/page-header';
import {
  guestEvent,
  guestInboxApi,
  guestInboxQueryKey,
} from '../../../../features/messages/api/inbox-api';
import { Inbox } from '../../../../features/messages/components/inbox';
import { guestPollsApi } from '../../../../features/polls/api/polls-api';
import { ControlRoomPolls } from '../../../../features/polls/components/control-room-polls';
import { ApiError } from '../../../../lib/api-client';
import { loadNamespaces } from '../../../../lib/i18n/i18n';
import { guestTokenFragment, guestTokenFromFragment } from '../../../../lib/router/guest-link';
import { pageNotFound } from '../../../../lib/router/not-found';

/**
 * Guests open the inbox with the token from the share link (docs/product-spec.md section 2, "Shared routes").
 * Checked by hand rather than with zod: this function sits in the route tree, which every first
 * load includes, and one string check does not justify a schema library there.
 */
function validateSharedInboxSearch(search: Record<string, unknown>): { token?: string } {
  return typeof search.token === 'string' && search.token ? { token: search.token } : {};
}

export const Route = createFileRoute('/_shared/shared/messages/{-$eventid}')({
  staticData: { titleKey: 'sharedMessages' },
  validateSearch: validateSharedInboxSearch,
  // The share link carries the token in the fragment (ADR 056): the browser sends it to no
  // server, puts it in no Referer and keeps it in a bookmark, so the link can be reopened. A
  // link with `?token=` (docs/product-spec.md section 2) is moved there before anything loads;
  // its own request is served with `Referrer-Policy: no-referrer` and the request log redacts
  // the token (ADR 025). "A missing token gives a 404 page" (docs/product-spec.md section 2).
  beforeLoad: ({ search, params, location }) => {
    const eventId = params.eventid;
    if (!eventId) throw pageNotFound();
    if (search.token) {
      throw redirect({
        to: '/shared/messages/{-$eventid}',
        params: { eventid: eventId },
        search: {},
        hash: guestTokenFragment(search.token),
        replace: true,
      });
    }
    const guestToken = guestTokenFromFragment(location.hash);
    if (!guestToken) throw pageNotFound();
    return { guestToken };
  },
  loader: async ({ context, params }) => {
    const eventId = params.eventid ?? '';
    // The texts first: the 404 page below says why in the guest's language.
    const texts = loadNamespaces('messages', 'polls', 'forms');
    const event = await context.queryClient
      .fetchQuery({
        queryKey: [...guestInboxQueryKey(eventId), 'event', context.guestToken],
        queryFn: () => guestEvent(eventId, context.guestToken),
      })
      .catch(async (error: unknown) => {
        // "Token not found" / "Token expired" on the 404 page.
        if (error instanceof ApiError && error.code === 404) {
          await texts;
          throw pageNotFound(
            error.message === 'Token expired'
              ? 'serverErrors.tokenExpired'
              : 'serverErrors.tokenNotFound',
          );
        }
        throw error;
      });
    await texts;
    return { event, guestToken: context.guestToken };
  },
  component: SharedInboxScreen,
});

/**
 * A guest moderator's inbox: the organiser's without delete, notes, export and settings (ADR 025),
 * and below it the control room's polls and results, through the same token (ADR 060).
 */
function SharedInboxScreen() {
  const { t } = useTranslation(['common', 'screens']);
  const { event, guestToken } = Route.useLoaderData();
  const api = useMemo(() => guestInboxApi(event.id, guestToken), [event.id, guestToken]);
  const pollsApi = useMemo(() => guestPollsApi(event.id, guestToken), [event.id, guestToken]);
  return (
    <>
      <PageHeader title={t('headings.sharedMessages')} description={t('screens:sharedMessages')} />
      <Inbox key={api.eventId} api={api} mode={event.messagesMode} channels={event.channels} />
      <Box sx={{ mt: 4 }}>
        <ControlRoomPolls key={pollsApi.eventId} api={pollsApi} channels={event.channels} />
      </Box>
    </>
  );
}
