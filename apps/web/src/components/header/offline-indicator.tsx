import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useOnlineStatus } from '../../lib/use-online-status';

/** Shown only while the browser is offline (docs/product-spec.md section 4, "Online/offline indicator"). */
export function OfflineIndicator() {
  const { t } = useTranslation('dashboard');
  const online = useOnlineStatus();
  return (
    <div role="status">
      {online ? null : (
        <Tooltip title={t('header.offlineHint')}>
          <Chip
            icon={<CloudOffOutlined />}
            label={t('header.offline')}
            color="warning"
            size="small"
            sx={{ mr: 1 }}
          />
        </Tooltip>
      )}
    </div>
  );
}
