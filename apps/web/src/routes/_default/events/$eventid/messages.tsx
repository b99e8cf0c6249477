import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../../components/links/button-link';
import { PageHeader } from '../../../../components/page/page-header';
import { channelsQueryOptions } from '../../../../features/channels/api/channels-api';
import { organiserInboxApi } from '../../../../features/messages/api/inbox-api';
import { Inbox } from '../../../../features/messages/components/inbox';
import {
  eventSettingsQueryOptions,
  orEventUnavailable,
} from '../../../../lib/events/event-settings';
import { loadNamespaces } from '../../../../lib/i18n/i18n';

export const Route = createFileRoute('/_default/events/$eventid/messages')({
  staticData: { titleKey: 'messages' },
  loader: ({ context, params }) =>
    Promise.all([
      orEventUnavailable(
        context.queryClient.ensureQueryData(eventSettingsQueryOptions(params.eventid)),
      ),
      loadNamespaces('messages', 'forms'),
    ]),
  component: MessagesScreen,
});

/** The organisers' inbox (docs/product-spec.md section 2; ADR 025). */
function MessagesScreen() {
  const { eventid } = Route.useParams();
  const { t } = useTranslation(['common', 'screens', 'messages']);
  const { data: settings } = useSuspenseQuery(eventSettingsQueryOptions(eventid));
  const { data: channels } = useQuery(channelsQueryOptions(eventid));
  const api = useMemo(() => organiserInboxApi(eventid), [eventid]);
  return (
    <>
      <PageHeader title={t('headings.messages')} description={t('screens:messages')} />
      <Inbox
        key={eventid}
        api={api}
        mode={settings.messagesMode}
        messagesEnabled={settings.messagesEnabled}
        channels={channels ?? []}
        settingsLink={
          <ButtonLink to="/events/$eventid/interaction" params={{ eventid }} variant="contained">
            {t('messages:empty.enable')}
          </ButtonLink>
        }
      />
    </>
  );
}
