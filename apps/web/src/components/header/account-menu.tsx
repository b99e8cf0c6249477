import { LANGUAGES, type Language } from '@livent/shared/constants';
import type { PlanName } from '@livent/shared/plans';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import CheckOutlined from '@mui/icons-material/CheckOutlined';
import ChevronRightOutlined from '@mui/icons-material/ChevronRightOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n, switchLanguage } from '../../lib/i18n/i18n';
import { notify } from '../../lib/notifications';
import { MenuItemLink } from '../links/menu-item-link';

/** The signed-in user as the avatar menu shows them (docs/product-spec.md section 2, "Header"). */
export interface AccountMenuUser {
  name: string;
  email: string;
  initials: string;
  plan: PlanName;
}

export interface AccountMenuProps {
  /** The signed-in user; without one the menu offers only the language switch. */
  user?: AccountMenuUser;
  /** The ENTERPRISE_ADMIN feature shows the enterprise link (docs/product-spec.md section 6). */
  showEnterprise?: boolean;
  onLogout?: () => void;
}

async function changeLanguage(language: Language): Promise<void> {
  await switchLanguage(language);
  // Confirm in the new language, so the notice itself shows the switch worked.
  notify({ type: 'success', message: i18n.t('language.changed') });
}

/**
 * The avatar menu (docs/product-spec.md section 2, "Header"): initials, name, email and the plan badge (a link
 * to /account/plan), then account, enterprise, settings, the language switch (docs/product-spec.md section 1)
 * and logout.
 */
export function AccountMenu({ user, showEnterprise = false, onLogout }: AccountMenuProps) {
  const { t, i18n: active } = useTranslation(['dashboard', 'common']);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);

  return (
    <>
      <Tooltip title={t('header.accountMenu')}>
        <IconButton
          aria-label={t('header.accountMenu')}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={{ p: 0.5 }}
        >
          {user ? (
            <Avatar
              sx={{
                width: 34,
                height: 34,
                fontSize: '0.8125rem',
                fontWeight: 600,
                bgcolor: 'primary.main',
              }}
            >
              {user.initials}
            </Avatar>
          ) : (
            <AccountCircleOutlined />
          )}
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 288, maxWidth: 'calc(100vw - 32px)', mt: 0.5 } } }}
      >
        {user && [
          <Box
            key="user"
            sx={{ px: 2, pt: 1.25, pb: 1.5, display: 'flex', gap: 1.5, alignItems: 'center' }}
          >
            <Avatar
              aria-hidden="true"
              sx={{ width: 40, height: 40, fontSize: '0.9375rem', bgcolor: 'primary.main' }}
            >
              {user.initials}
            </Avatar>
            <Box sx={{ minWidth: 0 }}>
              <Typography noWrap sx={{ fontWeight: 600, lineHeight: 1.35 }}>
                {user.name}
              </Typography>
              <Typography noWrap variant="body2" sx={{ color: 'text.secondary' }}>
                {user.email}
              </Typography>
            </Box>
          </Box>,
          <MenuItemLink
            key="plan"
            to="/account/plan"
            onClick={close}
            sx={{
              mx: 1.5,
              mb: 1,
              px: 1.25,
              borderRadius: 2,
              bgcolor: 'rgba(190, 24, 93, 0.06)',
              color: 'accent.dark',
              '&:hover': { bgcolor: 'rgba(190, 24, 93, 0.1)' },
            }}
          >
            <ListItemIcon sx={{ color: 'inherit !important' }}>
              <WorkspacePremiumOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText slotProps={{ primary: { sx: { fontWeight: 600 } } }}>
              {t('accountMenu.planBadge', { plan: t(`plans.${user.plan}`) })}
            </ListItemText>
            <ChevronRightOutlined fontSize="small" />
          </MenuItemLink>,
          <Divider key="user-divider" />,
        ]}
        <MenuItemLink to="/account" onClick={close}>
          <ListItemIcon>
            <AccountCircleOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('accountMenu.account')}</ListItemText>
        </MenuItemLink>
        {showEnterprise && (
          <MenuItemLink to="/enterprise" onClick={close}>
            <ListItemIcon>
              <BusinessOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('accountMenu.enterprise')}</ListItemText>
          </MenuItemLink>
        )}
        <MenuItemLink to="/settings" onClick={close}>
          <ListItemIcon>
            <SettingsOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('accountMenu.settings')}</ListItemText>
        </MenuItemLink>
        <Divider />
        {/* A caption, not an item: role none keeps the menu's children menu items only. */}
        <ListSubheader role="none" sx={{ lineHeight: 2.5, bgcolor: 'transparent' }}>
          {t('accountMenu.language')}
        </ListSubheader>
        {LANGUAGES.map((language) => {
          const selected = active.resolvedLanguage === language;
          return (
            <MenuItem
              key={language}
              role="menuitemradio"
              aria-checked={selected}
              lang={language}
              onClick={() => {
                close();
                if (!selected) void changeLanguage(language);
              }}
            >
              <ListItemIcon>{selected ? <CheckOutlined fontSize="small" /> : null}</ListItemIcon>
              <ListItemText>{t(`common:language.${language}`)}</ListItemText>
            </MenuItem>
          );
        })}
        {user &&
          onLogout && [
            <Divider key="logout-divider" />,
            <MenuItem
              key="logout"
              onClick={() => {
                close();
                onLogout();
              }}
            >
              <ListItemIcon>
                <LogoutOutlined fontSize="small" />
              </ListItemIcon>
              <ListItemText>{t('accountMenu.logout')}</ListItemText>
            </MenuItem>,
          ]}
      </Menu>
    </>
  );
}
