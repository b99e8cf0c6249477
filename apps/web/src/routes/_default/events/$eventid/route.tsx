import { createFileRoute } from '@tanstack/react-router';

/** An event's pages show the event side navigation (spec section 2, "Side navigation"). */
export const Route = createFileRoute('/_default/events/$eventid')({
  staticData: { sideNavigation: 'event' },
});
