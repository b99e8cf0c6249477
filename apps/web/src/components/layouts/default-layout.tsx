import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMatches } from '@tanstack/react-router';
import { useId, useState, type ReactNode } from 'react';
import type { SideNavigationVariant } from '../../lib/router/static-data';
import { DRAWER_MINI_WIDTH, DRAWER_WIDTH } from '../../lib/theme/theme';
import type { AccountMenuProps } from '../header/account-menu';
import { AppHeader } from '../header/app-header';
import type { EventOption } from '../header/event-selector';
import { SideNavigation } from '../navigation/side-navigation';
import { AppFooter } from './app-footer';
import { InsideLayoutContext } from './layout-context';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

/** The side navigation of the current area, from the matched routes' static data. */
function useSideNavigationVariant(): SideNavigationVariant | undefined {
  return useMatches({
    select: (matches) =>
      matches.findLast((match) => match.staticData.sideNavigation)?.staticData.sideNavigation,
  });
}

export interface DefaultLayoutProps {
  children: ReactNode;
  events: readonly EventOption[];
  account?: AccountMenuProps;
  /** Above every screen: the plan and promo banners (docs/product-spec.md section 2, "Banners"). */
  banners?: ReactNode;
}

/**
 * The signed-in layout (docs/product-spec.md section 2, "Layouts"). The side navigation (width 280) shows only
 * on account and event pages: full on large screens, the mini variant on small and medium ones
 * (the toggle expands it), and a temporary drawer on phones. Elsewhere the toggle opens a
 * temporary drawer with the default navigation.
 */
export function DefaultLayout({ children, events, account = {}, banners }: DefaultLayoutProps) {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const isLarge = useMediaQuery(theme.breakpoints.up('lg'));
  const variant = useSideNavigationVariant();
  const navigationId = useId();

  const [largeExpanded, setLargeExpanded] = useState(true);
  const [compactExpanded, setCompactExpanded] = useState(false);
  const [temporaryOpen, setTemporaryOpen] = useState(false);

  const docked = variant !== undefined && !isPhone;
  const dockedExpanded = isLarge ? largeExpanded : compactExpanded;
  const expanded = docked ? dockedExpanded : temporaryOpen;
  const dockedWidth = dockedExpanded ? DRAWER_WIDTH : DRAWER_MINI_WIDTH;

  const toggle = () => {
    if (!docked) setTemporaryOpen((open) => !open);
    else if (isLarge) setLargeExpanded((value) => !value);
    else setCompactExpanded((value) => !value);
  };
  const closeTemporary = () => setTemporaryOpen(false);

  const widthTransition = theme.transitions.create('width', {
    easing: theme.transitions.easing.sharp,
    duration: theme.transitions.duration.enteringScreen,
  });

  return (
    <InsideLayoutContext.Provider value>
      <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
        <SkipLink />
        <AppHeader
          navigationId={navigationId}
          navigationExpanded={expanded}
          onToggleNavigation={toggle}
          events={events}
          account={account}
        />
        {docked ? (
          <Drawer
            variant="permanent"
            sx={{ width: dockedWidth, flexShrink: 0, transition: widthTransition }}
            slotProps={{
              paper: {
                id: navigationId,
                'data-testid': 'side-navigation',
                'data-expanded': dockedExpanded,
                sx: {
                  width: dockedWidth,
                  overflowX: 'hidden',
                  transition: widthTransition,
                  bgcolor: 'background.paper',
                },
              } as object,
            }}
          >
            <Toolbar />
            <SideNavigation variant={variant} mini={!dockedExpanded} />
          </Drawer>
        ) : (
          <Drawer
            variant="temporary"
            open={temporaryOpen}
            onClose={closeTemporary}
            slotProps={{
              paper: {
                id: navigationId,
                'data-testid': 'navigation-drawer',
                sx: { width: DRAWER_WIDTH, maxWidth: '85vw' },
              } as object,
            }}
          >
            <Toolbar />
            <SideNavigation variant={variant ?? 'default'} onNavigate={closeTemporary} />
          </Drawer>
        )}
        <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <Toolbar />
          {banners}
          <Box
            component="main"
            id={MAIN_CONTENT_ID}
            tabIndex={-1}
            sx={{
              flexGrow: 1,
              width: '100%',
              maxWidth: 1120,
              mx: 'auto',
              px: { xs: 2, sm: 3, md: 4 },
              py: { xs: 3, md: 4 },
              outline: 'none',
            }}
          >
            {children}
          </Box>
          <AppFooter />
        </Box>
      </Box>
    </InsideLayoutContext.Provider>
  );
}
