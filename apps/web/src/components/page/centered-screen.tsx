import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenKey, TitleKey } from '../../lib/i18n/resources';

/** The heading of a login-type screen inside the centered layout's card. */
export function CenteredScreen({
  screen,
  children,
}: {
  screen: TitleKey & ScreenKey;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { t: tScreens } = useTranslation('screens');
  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Typography variant="h1">{t(`titles.${screen}`)}</Typography>
        <Typography sx={{ color: 'text.secondary' }}>{tScreens(screen)}</Typography>
      </Stack>
      {children}
    </Stack>
  );
}
