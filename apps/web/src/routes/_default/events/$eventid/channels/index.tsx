import Stack from '@mui/material/Stack';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../../../components/page/page-header';
import { channelsQueryOptions } from '../../../../../features/channels/api/channels-api';
import { ChannelsList } from '../../../../../features/channels/components/channels-list';
import { RoutingRulesEditor } from '../../../../../features/channels/components/routing-rules-editor';
import {
  eventSettingsQueryOptions,
  orEventUnavailable,
} from '../../../../../lib/events/event-settings';
import { loadEditorScreen } from '../../../../../lib/events/editor-loader';

export const Route = createFileRoute('/_default/events/$eventid/channels/')({
  staticData: { titleKey: 'channels' },
  loader: ({ context, params }) =>
    Promise.all([
      orEventUnavailable(context.queryClient.ensureQueryData(channelsQueryOptions(params.eventid))),
      loadEditorScreen(context.queryClient, params.eventid, 'channels'),
    ]),
  component: ChannelsScreen,
});

/** Channels and the routing rules that send first-time viewers to them. */
function ChannelsScreen() {
  const { eventid } = Route.useParams();
  const { t } = useTranslation(['common', 'screens']);
  const { data: settings } = useSuspenseQuery(eventSettingsQueryOptions(eventid));
  return (
    <>
      <PageHeader title={t('headings.channels')} description={t('screens:channels')} />
      <Stack spacing={3}>
        <ChannelsList eventId={eventid} eventUrl={settings.fullUrl} />
        <RoutingRulesEditor eventId={eventid} />
      </Stack>
    </>
  );
}
