import type { ErrorReport } from '@livent/shared';
import BugReportOutlined from '@mui/icons-material/BugReportOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/forms/form-alert';
import { TextAreaField } from '../../../components/forms/text-area-field';
import { IconTile } from '../../../components/page/icon-tile';
import { useCurrentUser } from '../../../lib/auth/use-auth';
import { translateMessage } from '../../../lib/forms/messages';
import { notify } from '../../../lib/notifications';
import { useSendFeedback } from '../api/feedback-api';

/** "Feedback could not be sent" (docs/product-spec.md section 8). */
const FEEDBACK_FAILED = 'serverErrors.feedbackFailed';

/**
 * The report dialog (docs/product-spec.md section 8; ADR 054): says that something went wrong and
 * offers to send the error to support through the feedback route, with what the user was doing.
 * Support reads English, so a report without a description says so in English.
 */
export function ErrorReportDialog({
  report,
  onClose,
}: {
  report: ErrorReport;
  onClose: () => void;
}) {
  const { t } = useTranslation('account');
  const user = useCurrentUser();
  const titleId = useId();
  const [description, setDescription] = useState('');
  const [failed, setFailed] = useState(false);
  const send = useSendFeedback();

  const submit = async () => {
    setFailed(false);
    try {
      await send.mutateAsync({
        email: user.email,
        message: description.trim() || 'Error report (no description)',
        error: report,
      });
    } catch {
      setFailed(true);
      return;
    }
    notify({ type: 'success', message: t('errorReport.sent') });
    onClose();
  };

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth={false}
      slotProps={{ paper: { sx: { width: 600, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, pb: 1 }}>
        <IconTile icon={BugReportOutlined} tone="error" size={36} />
        {t('errorReport.title')}
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Typography sx={{ color: 'text.secondary' }}>{t('errorReport.intro')}</Typography>
        {failed && <FormAlert>{translateMessage(FEEDBACK_FAILED)}</FormAlert>}
        <TextAreaField
          label={t('errorReport.description')}
          helperText={t('errorReport.descriptionHint', { email: user.email })}
          optional
          rows={3}
          value={description}
          maxLength={4000}
          onChange={(event) => setDescription(event.target.value)}
        />
        <Box component="details" sx={{ fontSize: '0.8125rem', color: 'text.secondary' }}>
          <Box component="summary" sx={{ cursor: 'pointer', mb: 1 }}>
            {t('errorReport.details')}
          </Box>
          <Box
            component="pre"
            data-testid="error-report-details"
            sx={{
              m: 0,
              p: 1.5,
              bgcolor: 'action.hover',
              borderRadius: 1,
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-word',
              maxHeight: 160,
              overflow: 'auto',
            }}
          >
            {`${report.name}: ${report.message}\n${report.path}`}
          </Box>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} color="inherit">
          {t('errorReport.close')}
        </Button>
        <Button variant="contained" loading={send.isPending} onClick={() => void submit()}>
          {t('errorReport.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
