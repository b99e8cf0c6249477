import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { dismiss, type Notification } from '../../lib/notifications';

/**
 * The notifications as stacked snackbars, newest at the bottom (docs/product-spec.md section 3, "Notification").
 * The store closes them after their timeout; the close button does it at once. Errors and
 * warnings interrupt screen readers (role=alert); the others wait (role=status).
 */
export function NotificationStack({ notifications }: { notifications: readonly Notification[] }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1} sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
      {notifications.map((notification) => (
        <Snackbar
          key={notification.id}
          open
          sx={{ position: 'static', transform: 'none', pointerEvents: 'auto' }}
        >
          <Alert
            severity={notification.type}
            variant="outlined"
            role={
              notification.type === 'error' || notification.type === 'warning' ? 'alert' : 'status'
            }
            closeText={t('notifications.close')}
            onClose={() => dismiss(notification.id)}
            sx={{
              width: { xs: '100%', sm: 400 },
              bgcolor: 'background.paper',
              alignItems: 'center',
              boxShadow: '0 12px 32px -12px rgba(15, 23, 42, 0.28)',
            }}
          >
            {notification.message}
          </Alert>
        </Snackbar>
      ))}
    </Stack>
  );
}
