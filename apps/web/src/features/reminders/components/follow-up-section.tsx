import type { EventSettings, RemindersOverview } from '@livent/shared';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { SectionCard } from '../../../components/page/section-card';
import { useCurrentUser } from '../../../lib/auth/use-auth';
import { useSaveEventSettings } from '../../../lib/events/event-settings';
import { useDateTimeFormat } from '../../../lib/format/date-time';
import { translateMessage } from '../../../lib/forms/messages';
import { failureMessage } from '../../../lib/forms/report-error';
import { notify } from '../../../lib/notifications';
import { useSendFollowUp } from '../reminders-api';

type FollowUpTexts = Pick<
  EventSettings,
  | 'followUpAttendedSubject'
  | 'followUpAttendedBody'
  | 'followUpMissedSubject'
  | 'followUpMissedBody'
>;

const GROUPS = [
  { group: 'attended', subject: 'followUpAttendedSubject', body: 'followUpAttendedBody' },
  { group: 'missed', subject: 'followUpMissedSubject', body: 'followUpMissedBody' },
] as const;

/**
 * The follow-up after the event: the two texts (empty: the default, shown as placeholder), a test
 * to oneself, and the send, confirmed with the counts of those who attended and missed it.
 */
export function FollowUpSection({
  eventId,
  settings,
  overview,
}: {
  eventId: string;
  settings: FollowUpTexts;
  overview: RemindersOverview;
}) {
  const { t } = useTranslation('reminders');
  const user = useCurrentUser();
  const format = useDateTimeFormat();
  const save = useSaveEventSettings(eventId);
  const send = useSendFollowUp(eventId);
  const [texts, setTexts] = useState<FollowUpTexts>(settings);
  const [confirming, setConfirming] = useState(false);
  const { attended, missed, lastSentAt, defaults } = overview.followUp;
  const fail = async (error: unknown) =>
    notify({ type: 'error', message: translateMessage(await failureMessage(error)) ?? '' });
  const saveTexts = () =>
    save.mutate(texts, {
      onSuccess: () => notify({ type: 'success', message: t('followUp.saved') }),
      onError: fail,
    });
  const sendTest = () =>
    send.mutate(
      { mode: 'test' },
      {
        onSuccess: () =>
          notify({ type: 'success', message: t('followUp.testQueued', { email: user.email }) }),
        onError: fail,
      },
    );
  // The dialog is the confirmation: a repeat within the guard goes with `force`.
  const sendAll = () =>
    send.mutate(
      { mode: 'send', force: true },
      {
        onSuccess: ({ queued, skipped }) => {
          setConfirming(false);
          notify({
            type: 'success',
            message: `${t('followUp.queued', { count: queued })}${skipped > 0 ? ` ${t('followUp.skipped', { count: skipped })}` : ''}`,
          });
        },
        onError: async (error) => {
          setConfirming(false);
          await fail(error);
        },
      },
    );
  return (
    <SectionCard
      title={t('followUp.title')}
      description={t('followUp.description')}
      footer={
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button variant="outlined" onClick={saveTexts} disabled={save.isPending}>
            {t('followUp.save')}
          </Button>
          <Button variant="outlined" onClick={sendTest} disabled={send.isPending}>
            {t('followUp.test')}
          </Button>
          <Button variant="contained" onClick={() => setConfirming(true)} disabled={send.isPending}>
            {t('followUp.send')}
          </Button>
        </Stack>
      }
    >
      <Stack spacing={3}>
        {lastSentAt && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('followUp.lastSent', { at: format.dateTime(lastSentAt) })}
          </Typography>
        )}
        {GROUPS.map(({ group, subject, body }) => (
          <Stack key={group} spacing={1.5}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {t(`followUp.${group}`)}
            </Typography>
            <TextField
              label={t('followUp.subject')}
              value={texts[subject]}
              placeholder={defaults[group].subject}
              onChange={(event) => setTexts({ ...texts, [subject]: event.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label={t('followUp.body')}
              value={texts[body]}
              placeholder={defaults[group].body}
              onChange={(event) => setTexts({ ...texts, [body]: event.target.value })}
              multiline
              minRows={5}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>
        ))}
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('followUp.placeholders')}
        </Typography>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={t('followUp.confirmTitle')}
        message={
          lastSentAt
            ? `${t('followUp.confirm', { attended, missed })} ${t('followUp.confirmAgain')}`
            : t('followUp.confirm', { attended, missed })
        }
        confirmLabel={t('followUp.send')}
        onConfirm={sendAll}
        onClose={() => setConfirming(false)}
        busy={send.isPending}
      />
    </SectionCard>
  );
}
