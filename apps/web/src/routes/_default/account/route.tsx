import { createFileRoute } from '@tanstack/react-router';

/** The account area shows the account side navigation (docs/product-spec.md section 2, "Side navigation"). */
export const Route = createFileRoute('/_default/account')({
  staticData: { sideNavigation: 'account' },
});
