import EventOutlined from '@mui/icons-material/EventOutlined';
import Stack from '@mui/material/Stack';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../../components/links/button-link';
import { EmptyState } from '../../../../components/page/empty-state';
import { PageHeader } from '../../../../components/page/page-header';
import { FollowUpSection } from '../../../../features/reminders/components/follow-up-section';
import { ReminderOffsets } from '../../../../features/reminders/components/reminder-offsets';
import { ReminderSchedule } from '../../../../features/reminders/components/reminder-schedule';
import { remindersQueryOptions } from '../../../../features/reminders/reminders-api';
import {
  eventSettingsQueryOptions,
  orEventUnavailable,
} from '../../../../lib/events/event-settings';
import { loadNamespaces } from '../../../../lib/i18n/i18n';

export const Route = createFileRoute('/_default/events/$eventid/reminders')({
  staticData: { titleKey: 'reminders' },
  loader: ({ context, params }) =>
    Promise.all([
      orEventUnavailable(
        context.queryClient.ensureQueryData(eventSettingsQueryOptions(params.eventid)),
      ),
      context.queryClient.ensureQueryData(remindersQueryOptions(params.eventid)),
      loadNamespaces('reminders', 'forms'),
    ]),
  component: RemindersScreen,
});

/**
 * Reminders before the event and the follow-up after it
 * (docs/decisions/065-reminders-and-follow-up.md).
 */
function RemindersScreen() {
  const { eventid } = Route.useParams();
  const { t } = useTranslation(['common', 'screens', 'reminders']);
  const { data: settings } = useSuspenseQuery(eventSettingsQueryOptions(eventid));
  const { data: overview } = useSuspenseQuery(remindersQueryOptions(eventid));
  return (
    <>
      <PageHeader title={t('headings.reminders')} description={t('screens:reminders')} />
      <Stack spacing={3} key={eventid}>
        {overview.start === null ? (
          <EmptyState
            icon={EventOutlined}
            title={t('reminders:noStart.title')}
            text={t('reminders:noStart.text')}
          >
            <ButtonLink variant="contained" to="/events/$eventid/general" params={{ eventid }}>
              {t('reminders:noStart.action')}
            </ButtonLink>
          </EmptyState>
        ) : (
          <>
            <ReminderOffsets eventId={eventid} settings={settings} />
            <ReminderSchedule overview={overview} />
          </>
        )}
        <FollowUpSection eventId={eventid} settings={settings} overview={overview} />
      </Stack>
    </>
  );
}
