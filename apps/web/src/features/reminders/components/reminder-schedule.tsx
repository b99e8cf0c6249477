import type { RemindersOverview } from '@livent/shared';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/page/section-card';
import { useDateTimeFormat } from '../../../lib/format/date-time';
import { useOffsetLabel } from './reminder-offsets';

const STATUS_COLORS = { scheduled: 'info', sent: 'success', skipped: 'default' } as const;

/** The reminders as scheduled: due time in the user's time zone, status, how many went, preview. */
export function ReminderSchedule({ overview }: { overview: RemindersOverview }) {
  const { t } = useTranslation('reminders');
  const format = useDateTimeFormat();
  const label = useOffsetLabel();
  const { registrations, invitations } = overview.recipients;
  return (
    <SectionCard
      title={t('schedule.title')}
      description={t('schedule.description', {
        start: format.dateTime(overview.start ?? ''),
        registrations: t('schedule.registrants', { count: registrations }),
        invitations: t('schedule.invitees', { count: invitations }),
      })}
    >
      {overview.reminders.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('schedule.none')}</Typography>
      ) : (
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {overview.reminders.map((reminder) => (
            <Box
              component="li"
              key={reminder.offsetMinutes}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}
            >
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
              >
                <Box>
                  <Typography sx={{ fontWeight: 600 }}>{label(reminder.offsetMinutes)}</Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t('schedule.due', { at: format.dateTime(reminder.dueAt) })}
                  </Typography>
                </Box>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  {reminder.sent > 0 && (
                    <Typography variant="body2">
                      {t('schedule.sent', { count: reminder.sent })}
                    </Typography>
                  )}
                  <Chip
                    size="small"
                    color={STATUS_COLORS[reminder.status]}
                    label={t(`schedule.status.${reminder.status}`)}
                  />
                </Stack>
              </Stack>
              <Box
                component="details"
                sx={{ mt: 1.5, '& summary': { cursor: 'pointer', color: 'primary.main' } }}
              >
                <summary>{t('schedule.preview')}</summary>
                <Typography sx={{ fontWeight: 600, mt: 1 }}>{reminder.preview.subject}</Typography>
                <Typography sx={{ whiteSpace: 'pre-line', mt: 0.5 }} variant="body2">
                  {reminder.preview.body}
                </Typography>
              </Box>
            </Box>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
