import { LANGUAGES, type Language, type PlanName } from '@livent/shared';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import CheckOutlined from '@mui/icons-material/CheckOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
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

/** The signed-in user as the avatar menu shows them (spec section 2, "Header"). */
export interface AccountMenuUser {
  name: string;
  email: string;
  initials: string;
  plan: PlanName;
}

export interface AccountMenuProps {
  /** Absent until sign-in exists; the accounts issue passes the user from `GET /auth/self`. */
  user?: AccountMenuUser;
  /** The ENTERPRISE_ADMIN feature shows the enterprise link (spec section 6). */
  showEnterprise?: boolean;
  onLogout?: () => void;
}

async function changeLanguage(language: Language): Promise<void> {
  await switchLanguage(language);
  // Confirm in the new language, so the notice itself shows the switch worked.
  notify({ type: 'success', message: i18n.t('language.changed') });
}

/**
 * The avatar menu: initials, name, email and plan badge, then account, enterprise, settings
 * and logout (spec section 2), plus the language switch (spec section 1).
 */
export function AccountMenu({ user, showEnterprise = false, onLogout }: AccountMenuProps) {
  const { t, i18n: active } = useTranslation();
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
          sx={{ p: 0.75 }}
        >
          {user ? (
            <Avatar sx={{ width: 32, height: 32, fontSize: '0.875rem', bgcolor: 'primary.main' }}>
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
      >
        {user && [
          <Box key="user" sx={{ px: 2, pt: 1, pb: 1.5 }}>
            <Typography sx={{ fontWeight: 500 }}>{user.name}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {user.email}
            </Typography>
          </Box>,
          <MenuItemLink key="plan" to="/account/plan" onClick={close}>
            <Chip
              size="small"
              color="accent"
              label={t('accountMenu.planBadge', { plan: user.plan })}
            />
          </MenuItemLink>,
          <Divider key="user-divider" />,
        ]}
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
              <ListItemText>{t(`language.${language}`)}</ListItemText>
            </MenuItem>
          );
        })}
        <Divider />
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
