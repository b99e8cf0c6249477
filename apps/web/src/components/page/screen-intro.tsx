import Paper from '@mui/material/Paper';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenKey, TitleKey } from '../../lib/i18n/resources';
import { PageHeader } from './page-header';
import { IconTile } from './icon-tile';

/**
 * The frame of a screen whose content comes later: its title (h1) and a panel that says it is not
 * available yet and what it will be for (docs/product-spec.md section 2 lists the screen and its purpose).
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
      <PageHeader title={t(`headings.${screen}`)} actions={actions} />
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
        {/* Says that the screen is not built yet, so that its purpose below promises nothing. */}
        <Typography component="p" variant="h6">
          {t('screen.notAvailable')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', maxWidth: 520 }}>{tScreens(screen)}</Typography>
        {children}
      </Paper>
    </>
  );
}
