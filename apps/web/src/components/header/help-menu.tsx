import ContactSupportOutlined from '@mui/icons-material/ContactSupportOutlined';
import FeedbackOutlined from '@mui/icons-material/FeedbackOutlined';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useId, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { EXTERNAL_LINKS } from '../../lib/external-links';
import { MenuItemLink } from '../links/menu-item-link';
import { visuallyHidden } from '../visually-hidden';

const external: ReadonlyArray<{
  key: 'documentation' | 'helpCenter' | 'supportChat';
  icon: ComponentType<{ fontSize: 'small' }>;
}> = [
  { key: 'documentation', icon: MenuBookOutlined },
  { key: 'helpCenter', icon: ContactSupportOutlined },
  { key: 'supportChat', icon: SupportAgentOutlined },
];

/** Documentation, help center, support chat, send feedback (docs/product-spec.md section 2, "Header"). */
export function HelpMenu() {
  const { t } = useTranslation('dashboard');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);

  return (
    <>
      <Tooltip title={t('header.help')}>
        <IconButton
          aria-label={t('header.help')}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <HelpOutlineOutlined />
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
        {external.map(({ key, icon: Icon }) => (
          <MenuItem
            key={key}
            component="a"
            href={EXTERNAL_LINKS[key]}
            target="_blank"
            rel="noopener noreferrer"
            onClick={close}
          >
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            <ListItemText>
              {t(`help.${key}`)}
              <span style={visuallyHidden}> ({t('help.opensInNewTab')})</span>
            </ListItemText>
            <OpenInNewOutlined fontSize="inherit" sx={{ ml: 2, color: 'text.secondary' }} />
          </MenuItem>
        ))}
        <Divider />
        <MenuItemLink to="/feedback" onClick={close}>
          <ListItemIcon>
            <FeedbackOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('help.sendFeedback')}</ListItemText>
        </MenuItemLink>
      </Menu>
    </>
  );
}
