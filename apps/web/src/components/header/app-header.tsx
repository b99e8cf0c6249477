import MenuOutlined from '@mui/icons-material/MenuOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import { useTranslation } from 'react-i18next';
import { Logo } from '../brand/logo';
import { TextLink } from '../links/text-link';
import { AccountMenu, type AccountMenuProps } from './account-menu';
import { CurrentEventTitle, EventSelector, type EventOption } from './event-selector';
import { HelpMenu } from './help-menu';
import { OfflineIndicator } from './offline-indicator';

export interface AppHeaderProps {
  navigationId: string;
  navigationExpanded: boolean;
  onToggleNavigation: () => void;
  events: readonly EventOption[];
  account: AccountMenuProps;
}

/**
 * The top bar of the default layout (docs/product-spec.md section 2): navigation toggle, logo, event selector
 * (medium screens and up; below, the open event's title), offline indicator, help and account
 * menus.
 */
export function AppHeader({
  navigationId,
  navigationExpanded,
  onToggleNavigation,
  events,
  account,
}: AppHeaderProps) {
  const { t } = useTranslation(['common', 'dashboard']);
  return (
    <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 2 } }}>
        <IconButton
          edge="start"
          aria-label={t('dashboard:header.toggleNavigation')}
          aria-controls={navigationId}
          aria-expanded={navigationExpanded}
          onClick={onToggleNavigation}
          sx={{ ml: { xs: 0, sm: -0.5 } }}
        >
          <MenuOutlined />
        </IconButton>
        <TextLink
          to="/"
          underline="none"
          aria-label={t('header.home')}
          sx={{ display: 'inline-flex', borderRadius: 1, px: 0.5, mr: { md: 2 } }}
        >
          <Logo />
        </TextLink>
        <Box sx={{ display: { xs: 'none', md: 'block' } }}>
          <EventSelector events={events} />
        </Box>
        <Box sx={{ display: { xs: 'flex', md: 'none' }, minWidth: 0, ml: 0.5 }}>
          <CurrentEventTitle events={events} />
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <OfflineIndicator />
        <HelpMenu />
        <AccountMenu {...account} />
      </Toolbar>
    </AppBar>
  );
}
