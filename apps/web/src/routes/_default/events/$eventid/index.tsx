import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LinkCardGrid } from '../../../../components/navigation/link-card-grid';
import { eventNavigationItems } from '../../../../components/navigation/navigation-items';
import { PageHeader } from '../../../../components/page/page-header';
import { usePlanAllowance } from '../../../../lib/auth/use-plan-allowance';

export const Route = createFileRoute('/_default/events/$eventid/')({
  staticData: { titleKey: 'eventOverview' },
  component: EventOverviewScreen,
});

function EventOverviewScreen() {
  const { eventid } = Route.useParams();
  const allowance = usePlanAllowance();
  const { t } = useTranslation();
  const { t: tScreens } = useTranslation('screens');
  return (
    <>
      <PageHeader title={t('titles.eventOverview')} description={tScreens('eventOverview')} />
      <LinkCardGrid items={eventNavigationItems(eventid, allowance)} />
    </>
  );
}
