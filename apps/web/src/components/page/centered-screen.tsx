import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TitleKey } from '../../lib/i18n/resources';

/** The heading of a login-type screen inside the centered layout's card: title and lead. */
export function CenteredScreen({
  titleKey,
  description,
  children,
}: {
  titleKey: TitleKey;
  description?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={3.5}>
      <Stack spacing={1}>
        <Typography variant="h1">{t(`headings.${titleKey}`)}</Typography>
        {description && (
          <Typography component="div" sx={{ color: 'text.secondary' }}>
            {description}
          </Typography>
        )}
      </Stack>
      {children}
    </Stack>
  );
}

/** The closing line of a login-type card, e.g. "New to Livent? Create an account". */
export function CenteredScreenFooter({ children }: { children: ReactNode }) {
  return (
    <Typography
      variant="body2"
      sx={{
        color: 'text.secondary',
        textAlign: 'center',
        pt: 3,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      {children}
    </Typography>
  );
}
