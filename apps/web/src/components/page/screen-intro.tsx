import Paper from '@mui/material/Paper';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenKey, TitleKey } from '../../lib/i18n/resources';
import { PageHeader } from './page-header';
import { IconTile } from './icon-tile';

/**
 * The frame of a screen whose content a later issue adds: its title (h1) and a panel that says
 * what the screen is for (spec section 2 lists the screen; its purpose comes from the spec).
 */
export function ScreenIntro({
  screen,
  icon: Icon,
  actions,
  children,
}: {
  screen: TitleKey & ScreenKey;
  icon: ComponentType<SvgIconProps>;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { t: tScreens } = useTranslation('screens');
  return (
    <>
      <PageHeader title={t(`titles.${screen}`)} actions={actions} />
      <Paper
        variant="outlined"
        sx={{
          px: { xs: 3, md: 6 },
          py: { xs: 5, md: 8 },
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          textAlign: 'center',
          gap: 2,
          borderStyle: 'dashed',
          bgcolor: 'rgba(255, 255, 255, 0.6)',
        }}
      >
        <IconTile icon={Icon} size={56} />
        <Typography sx={{ color: 'text.secondary', maxWidth: 520 }}>{tScreens(screen)}</Typography>
        {children}
      </Paper>
    </>
  );
}
