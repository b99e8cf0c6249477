import type { TitleKey } from '../i18n/resources';

/** Which side navigation a route shows (docs/product-spec.md section 2: only on account and event pages). */
export type SideNavigationVariant = 'account' | 'event';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Key under `titles` in the common catalogue: the page title (docs/product-spec.md section 2). */
    titleKey?: TitleKey;
    /** Set on a layout route; applies to all its children. */
    sideNavigation?: SideNavigationVariant;
  }
}
