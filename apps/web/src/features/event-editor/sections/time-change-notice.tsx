import SendOutlined from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { eventSettingsQueryOptions } from '../../../lib/events/event-settings';
import { translateMessage } from '../../../lib/forms/messages';
import { failureMessage } from '../../../lib/forms/report-error';
import { notify } from '../../../lib/notifications';
import { timeChangeNoticeQueryOptions, useSendTimeChangeNotices } from '../api/time-change-api';

/**
 * After a save that moved the event's time: offers to mail the new time, with an updated calendar
 * invitation, to everyone registered or invited (ADR 064). Shows nothing otherwise.
 */
export function TimeChangeNotice({ eventId }: { eventId: string }) {
  const { t } = useTranslation(['editor', 'mails']);
  const settings = useQuery(eventSettingsQueryOptions(eventId)).data;
  const notice = useQuery({
    ...timeChangeNoticeQueryOptions(eventId, settings?.updatedAt ?? ''),
    enabled: settings !== undefined,
  }).data;
  const send = useSendTimeChangeNotices(eventId);
  const [confirming, setConfirming] = useState(false);

  if (!notice?.pending || notice.recipients === 0) return null;
  const count = notice.recipients;
  const submit = () =>
    send.mutate(undefined, {
      onSuccess: ({ queued, skipped }) => {
        // Addresses that unsubscribed from the event's mails get none (ADR 049).
        const skippedText = skipped > 0 ? ` ${t('mails:send.skipped', { count: skipped })}` : '';
        notify({
          type: 'success',
          message: t('timeChange.queued', { count: queued }) + skippedText,
        });
        setConfirming(false);
      },
      onError: async (failure) => {
        setConfirming(false);
        notify({ type: 'error', message: translateMessage(await failureMessage(failure)) ?? '' });
      },
    });

  return (
    <>
      <Alert severity="info">
        <AlertTitle>{t('timeChange.title')}</AlertTitle>
        {t('timeChange.text')}
        <Box sx={{ mt: 1.5 }}>
          <Button
            variant="outlined"
            color="info"
            size="small"
            startIcon={<SendOutlined />}
            onClick={() => setConfirming(true)}
            sx={{ textAlign: 'start' }}
          >
            {t('timeChange.notify', { count })}
          </Button>
        </Box>
      </Alert>
      <ConfirmDialog
        open={confirming}
        title={t('timeChange.confirmTitle')}
        message={t('timeChange.confirmText')}
        confirmLabel={t('timeChange.confirm')}
        busy={send.isPending}
        onConfirm={submit}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
