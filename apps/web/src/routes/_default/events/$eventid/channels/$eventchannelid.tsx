import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../../../components/links/button-link';
import { PageHeader } from '../../../../../components/page/page-header';
import { channelQueryOptions } from '../../../../../features/channels/api/channels-api';
import { ChannelForm } from '../../../../../features/channels/components/channel-form';
import { eventSettingsQueryOptions } from '../../../../../lib/events/event-settings';
import { loadEditorScreen } from '../../../../../lib/events/editor-loader';
import { highlightsQueryOptions } from '../../../../../lib/events/highlights';
import { ApiError } from '../../../../../lib/api-client';
import { pageNotFound } from '../../../../../lib/router/not-found';

export const Route = createFileRoute('/_default/events/$eventid/channels/$eventchannelid')({
  staticData: { titleKey: 'channel' },
  loader: async ({ context, params }) => {
    // Both at once, the event's answer first: an event this account cannot open says so, a
    // missing channel of an event it can open is "You are lost".
    const [editor, channel] = await Promise.allSettled([
      loadEditorScreen(context.queryClient, params.eventid, 'channels'),
      context.queryClient.ensureQueryData(
        channelQueryOptions(params.eventid, params.eventchannelid),
      ),
    ]);
    if (editor.status === 'rejected') throw editor.reason;
    if (channel.status === 'rejected') {
      throw channel.reason instanceof ApiError && channel.reason.code === 404
        ? pageNotFound()
        : channel.reason;
    }
  },
  component: ChannelScreen,
});

/** One channel: address, title, visibility, overrides and highlights. */
function ChannelScreen() {
  const { eventid, eventchannelid } = Route.useParams();
  const { t } = useTranslation(['channels', 'screens']);
  const { data: channel } = useSuspenseQuery(channelQueryOptions(eventid, eventchannelid));
  const { data: settings } = useSuspenseQuery(eventSettingsQueryOptions(eventid));
  // The highlights list is optional here: without it, the channel can still show all of them.
  const highlights = useQuery(highlightsQueryOptions(eventid));
  return (
    <>
      <PageHeader
        title={channel.title}
        description={t('screens:channel')}
        actions={
          <Stack direction="row" spacing={1}>
            <ButtonLink
              to="/events/$eventid/channels"
              params={{ eventid }}
              color="inherit"
              startIcon={<ArrowBackRounded />}
            >
              {t('editor.back')}
            </ButtonLink>
            <Button
              variant="outlined"
              href={channel.fullUrl}
              target="_blank"
              rel="noopener noreferrer"
              endIcon={<OpenInNewRounded />}
            >
              {t('editor.openPage')}
            </Button>
          </Stack>
        }
      />
      <ChannelForm
        // A fresh form when the saved channel is replaced from elsewhere (another tab's save).
        key={`${channel.id}:${channel.updatedAt}`}
        eventId={eventid}
        channel={channel}
        settings={settings}
        highlights={highlights.data ?? []}
      />
    </>
  );
}
