import Box from '@mui/material/Box';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotifications } from '../../lib/notifications';

// Snackbars and alerts load with the first notification, not with the first screen
// (docs/architecture.md, "Performance budgets").
const NotificationStack = lazy(() =>
  import('./notification-stack').then((module) => ({ default: module.NotificationStack })),
);

/** Where notifications appear: a fixed region at the bottom left (bottom, full width on phones). */
export function NotificationCenter() {
  const { t } = useTranslation();
  const notifications = useNotifications();
  return (
    <Box
      component="section"
      aria-label={t('notifications.region')}
      sx={{
        position: 'fixed',
        zIndex: (theme) => theme.zIndex.snackbar,
        bottom: { xs: 16, sm: 24 },
        left: { xs: 16, sm: 24 },
        right: { xs: 16, sm: 'auto' },
        pointerEvents: 'none',
      }}
    >
      {notifications.length > 0 && (
        <Suspense fallback={null}>
          <NotificationStack notifications={notifications} />
        </Suspense>
      )}
    </Box>
  );
}
