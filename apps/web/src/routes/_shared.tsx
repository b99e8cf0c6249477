import { createFileRoute, Outlet, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SharedLayout } from '../components/layouts/shared-layout';

/** Pages shared with guests: no sign-in, only the event title in the header (spec section 2). */
export const Route = createFileRoute('/_shared')({
  component: SharedLayoutRoute,
});

function SharedLayoutRoute() {
  const { t } = useTranslation();
  const { eventid } = useParams({ strict: false });
  // The event's title arrives with the shared messages API; until then the id names it.
  const title = eventid
    ? t('sharedInbox.eventLabel', { eventId: eventid })
    : t('titles.sharedMessages');
  return (
    <SharedLayout title={title}>
      <Outlet />
    </SharedLayout>
  );
}
