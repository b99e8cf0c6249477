import { createFileRoute } from '@tanstack/react-router';

/** An event's pages show the event side navigation (docs/product-spec.md section 2, "Side navigation"). */
export const Route = createFileRoute('/_default/events/$eventid')({
  staticData: { sideNavigation: 'event' },
});
