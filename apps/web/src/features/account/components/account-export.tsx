import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/page/section-card';
import { translateMessage } from '../../../lib/forms/messages';
import { failureMessage } from '../../../lib/forms/report-error';
import { notify } from '../../../lib/notifications';
import { useExportAccount } from '../api/account-api';

/**
 * "Download my data": everything stored for the account and its events as one JSON file
 * (docs/decisions/073-data-retention-and-privacy.md). The button waits while the file is made.
 */
export function AccountExport() {
  const { t } = useTranslation('account');
  const exportAccount = useExportAccount();
  const start = () =>
    exportAccount.mutate(undefined, {
      onError: async (error) =>
        notify({ type: 'error', message: translateMessage(await failureMessage(error)) ?? '' }),
    });
  return (
    <SectionCard
      title={t('profile.export.title')}
      description={t('profile.export.description')}
      footer={
        <Button
          variant="outlined"
          startIcon={
            exportAccount.isPending ? (
              <CircularProgress size={16} color="inherit" />
            ) : (
              <DownloadOutlined />
            )
          }
          disabled={exportAccount.isPending}
          onClick={start}
        >
          {exportAccount.isPending ? t('profile.export.busy') : t('profile.export.download')}
        </Button>
      }
    />
  );
}
