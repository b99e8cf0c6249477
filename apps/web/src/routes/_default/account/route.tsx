import { createFileRoute } from '@tanstack/react-router';

/** The account area shows the account side navigation (spec section 2, "Side navigation"). */
export const Route = createFileRoute('/_default/account')({
  staticData: { sideNavigation: 'account' },
});
