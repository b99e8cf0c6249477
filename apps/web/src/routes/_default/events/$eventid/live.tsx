import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TextLink } from '../../../../components/links/text-link';
import { PageHeader } from '../../../../components/page/page-header';
import { channelsQueryOptions } from '../../../../features/channels/api/channels-api';
import { NewestQuestions } from '../../../../features/messages/components/newest-questions';
import { organiserPollsApi } from '../../../../features/polls/api/polls-api';
import { ControlRoomPolls } from '../../../../features/polls/components/control-room-polls';
import { LiveAudience } from '../../../../features/stats/components/live-audience';
import {
  eventSettingsQueryOptions,
  orEventUnavailable,
} from '../../../../lib/events/event-settings';
import { loadNamespaces } from '../../../../lib/i18n/i18n';

export const Route = createFileRoute('/_default/events/$eventid/live')({
  staticData: { titleKey: 'controlRoom' },
  loader: ({ context, params }) =>
    Promise.all([
      orEventUnavailable(
        context.queryClient.ensureQueryData(eventSettingsQueryOptions(params.eventid)),
      ),
      loadNamespaces('polls', 'stats', 'messages', 'forms'),
    ]),
  component: ControlRoomScreen,
});

/**
 * The event's control room (docs/decisions/060-control-room.md): polls with their live results
 * beside the audience (viewers now, reactions, the newest questions), laid out for a tablet:
 * the polls in one column, their results and the audience in the other.
 */
function ControlRoomScreen() {
  const { eventid } = Route.useParams();
  const { t } = useTranslation(['common', 'screens', 'polls']);
  useSuspenseQuery(eventSettingsQueryOptions(eventid));
  const { data: channels } = useQuery(channelsQueryOptions(eventid));
  const api = useMemo(() => organiserPollsApi(eventid), [eventid]);
  return (
    <>
      <PageHeader title={t('headings.controlRoom')} description={t('screens:controlRoom')} />
      <ControlRoomPolls
        key={eventid}
        api={api}
        channels={channels ?? []}
        planLink={<TextLink to="/account/plan">{t('polls:list.planLink')}</TextLink>}
        aside={
          <Box component="aside" aria-label={t('polls:audience')} sx={{ display: 'grid', gap: 3 }}>
            <LiveAudience eventId={eventid} />
            <NewestQuestions eventId={eventid} />
          </Box>
        }
      />
    </>
  );
}
