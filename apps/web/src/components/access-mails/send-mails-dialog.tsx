import { MAIL_SEND_MODES, type MailSendMode } from '@livent/shared';
import SendOutlined from '@mui/icons-material/SendOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../lib/auth/use-auth';
import { useSendAccessMails, type MailList } from '../../lib/events/access-mails';
import { ApiError } from '../../lib/api-error';
import { translateMessage } from '../../lib/forms/messages';
import { failureMessage } from '../../lib/forms/report-error';
import { notify } from '../../lib/notifications';
import { ConfirmDialog } from '../dialogs/confirm-dialog';
import { FormAlert } from '../forms/form-alert';
import { PlanFeatureNotice } from '../page/plan-feature-notice';

/**
 * "Send emails" on the invitation and registration lists (ADR 026): only to those without a mail
 * yet, to all again (after a confirmation, with the list's count), or a test mail to oneself.
 * The list reloads afterwards, so its mail status column shows the queued mails. Needs the
 * `mails`, `forms` and `events` namespaces.
 */
export function SendMailsButton({
  eventId,
  list,
  total,
  canSend = true,
}: {
  eventId: string;
  list: MailList;
  /** How many are on the list (without search): who "all" reaches. */
  total: number;
  /** The plan allows these mails; else the dialog says so and sends nothing. */
  canSend?: boolean;
}) {
  const { t } = useTranslation('mails');
  const user = useCurrentUser();
  const send = useSendAccessMails(eventId, list);
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [mode, setMode] = useState<MailSendMode>('unsent');
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();

  const close = () => {
    if (send.isPending) return;
    setOpen(false);
    setConfirming(false);
  };
  const submit = () => {
    setError(null);
    send.mutate(mode, {
      onSuccess: ({ queued, skipped }) => {
        const sentText =
          mode === 'test'
            ? t('editor.testQueued', { email: user.email })
            : queued === 0
              ? t('send.nothingToSend')
              : t('send.queued', { count: queued });
        // Addresses that unsubscribed from the event's mails get none (ADR 049).
        const skippedText = skipped > 0 ? ` ${t('send.skipped', { count: skipped })}` : '';
        notify({ type: 'success', message: sentText + skippedText });
        setConfirming(false);
        setOpen(false);
      },
      onError: async (failure) => {
        setConfirming(false);
        setError(
          failure instanceof ApiError && failure.code === 429
            ? t('send.tooMany')
            : (translateMessage(await failureMessage(failure)) ?? ''),
        );
      },
    });
  };

  const hints: Record<MailSendMode, string> = {
    unsent: t(`send.unsentHint.${list}`),
    all: t('send.allHint', { count: total }),
    test: t('send.testHint', { email: user.email }),
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<SendOutlined />}
        onClick={() => {
          setError(null);
          setMode('unsent');
          setOpen(true);
        }}
      >
        {t('send.button')}
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
        <DialogTitle id={titleId}>{t('send.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t(list === 'invitations' ? 'send.invitationsText' : 'send.registrationsText')}
            </Typography>
            {!canSend && <PlanFeatureNotice>{t('send.plan')}</PlanFeatureNotice>}
            {error && <FormAlert>{error}</FormAlert>}
            <RadioGroup
              aria-label={t('send.modesLabel')}
              value={mode}
              onChange={(event) => setMode(event.target.value as MailSendMode)}
            >
              {MAIL_SEND_MODES.map((value) => (
                <FormControlLabel
                  key={value}
                  value={value}
                  disabled={!canSend}
                  control={<Radio />}
                  sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { mt: -0.75 } }}
                  label={
                    <>
                      <Typography component="span" sx={{ display: 'block', fontWeight: 500 }}>
                        {t(`send.${value}`)}
                      </Typography>
                      <Typography
                        component="span"
                        variant="body2"
                        sx={{ display: 'block', color: 'text.secondary' }}
                      >
                        {hints[value]}
                      </Typography>
                    </>
                  }
                />
              ))}
            </RadioGroup>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={close} disabled={send.isPending}>
            {t('send.cancel')}
          </Button>
          <Button
            variant="contained"
            startIcon={<SendOutlined />}
            disabled={!canSend}
            loading={send.isPending && !confirming}
            onClick={() => (mode === 'all' ? setConfirming(true) : submit())}
          >
            {t('send.submit')}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={confirming}
        title={t('send.confirmAllTitle', { count: total })}
        message={t('send.confirmAllText')}
        confirmLabel={t('send.confirmAll')}
        busy={send.isPending}
        onConfirm={submit}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
