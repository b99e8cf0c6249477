import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { dropHeldNavigation, useHeldNavigation } from '../../lib/router/offline-navigation';

/** Runs `run` when the browser is online again (the `online` event), while `run` is given. */
export function useWhenOnline(run: (() => void) | undefined): void {
  useEffect(() => {
    if (!run) return;
    window.addEventListener('online', run);
    return () => window.removeEventListener('online', run);
  }, [run]);
}

/**
 * Says that a navigation waits for the connection (lib/router/offline-navigation.ts), with the
 * way to stay instead. Built from what the first load already has (ADR 009): offline, no further
 * code can load.
 */
export function OfflineNavigationNotice() {
  const { t } = useTranslation();
  const held = useHeldNavigation();
  return (
    // A live region without the status role: the screens' own status messages stay the only ones.
    <Box
      aria-live="polite"
      sx={{
        position: 'fixed',
        insetInline: 0,
        // Below the header, by its offline chip, and clear of a form's sticky save bar below.
        top: { xs: 64, sm: 76 },
        zIndex: 'snackbar',
        pointerEvents: 'none',
      }}
    >
      {held !== undefined && (
        <Box
          data-testid="offline-navigation"
          sx={{
            mx: 'auto',
            width: 'fit-content',
            maxWidth: 'calc(100% - 32px)',
            display: 'flex',
            alignItems: 'center',
            gap: 1.5,
            px: 2,
            py: 1,
            borderRadius: 2,
            bgcolor: 'grey.900',
            color: 'common.white',
            boxShadow: 6,
            pointerEvents: 'auto',
          }}
        >
          <CloudOffOutlined fontSize="small" aria-hidden />
          <Typography variant="body2">{t('offline.navigationHeld')}</Typography>
          <Button
            size="small"
            onClick={dropHeldNavigation}
            sx={{ color: 'inherit', flexShrink: 0 }}
          >
            {t('offline.stay')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
