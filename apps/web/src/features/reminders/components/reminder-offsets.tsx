import {
  REMINDER_OFFSET_MAX_MINUTES,
  REMINDER_OFFSETS_MAX,
  type EventSettings,
} from '@livent/shared';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveEventSettings } from '../../../lib/events/event-settings';
import { failureMessage } from '../../../lib/forms/report-error';
import { translateMessage } from '../../../lib/forms/messages';
import { notify } from '../../../lib/notifications';
import { SectionCard } from '../../../components/page/section-card';
import {
  OFFSET_UNITS,
  offsetParts,
  PRESET_OFFSETS,
  remindersQueryKey,
  toMinutes,
  type OffsetUnit,
} from '../reminders-api';

/** "1 day before", "90 minutes before", "At the start". */
export function useOffsetLabel() {
  const { t } = useTranslation('reminders');
  return (minutes: number) => {
    if (minutes === 0) return t('offsets.atStart');
    const { amount, unit } = offsetParts(minutes);
    return t(`offsets.before.${unit}`, { count: amount });
  };
}

/**
 * When the reminders go (chips: the presets and the custom ones) and which lists get them, saved
 * with the event's settings.
 */
export function ReminderOffsets({
  eventId,
  settings,
}: {
  eventId: string;
  settings: Pick<EventSettings, 'reminderOffsets' | 'remindRegistrations' | 'remindInvitations'>;
}) {
  const { t } = useTranslation('reminders');
  const label = useOffsetLabel();
  const save = useSaveEventSettings(eventId);
  const queryClient = useQueryClient();
  const [offsets, setOffsets] = useState<number[]>(settings.reminderOffsets);
  const [registrations, setRegistrations] = useState(settings.remindRegistrations);
  const [invitations, setInvitations] = useState(settings.remindInvitations);
  const [amount, setAmount] = useState('2');
  const [unit, setUnit] = useState<OffsetUnit>('hours');
  const shown = [...new Set([...PRESET_OFFSETS, ...offsets])].sort((a, b) => b - a);
  const full = offsets.length >= REMINDER_OFFSETS_MAX;
  const custom = toMinutes(Number(amount), unit);
  const customValid =
    Number.isInteger(Number(amount)) &&
    custom > 0 &&
    custom <= REMINDER_OFFSET_MAX_MINUTES &&
    !offsets.includes(custom);
  const toggle = (minutes: number) =>
    setOffsets((current) =>
      current.includes(minutes)
        ? current.filter((value) => value !== minutes)
        : full
          ? current
          : [...current, minutes],
    );
  const submit = () =>
    save.mutate(
      {
        reminderOffsets: offsets,
        remindRegistrations: registrations,
        remindInvitations: invitations,
      },
      {
        onSuccess: () => {
          notify({ type: 'success', message: t('offsets.saved') });
          // The schedule follows the offsets.
          void queryClient.invalidateQueries({ queryKey: remindersQueryKey(eventId) });
        },
        onError: async (error) =>
          notify({ type: 'error', message: translateMessage(await failureMessage(error)) ?? '' }),
      },
    );
  return (
    <SectionCard
      title={t('offsets.title')}
      description={t('offsets.description', { max: REMINDER_OFFSETS_MAX })}
      footer={
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          {t('offsets.save')}
        </Button>
      }
    >
      <Stack spacing={2.5}>
        <Stack
          direction="row"
          role="group"
          aria-label={t('offsets.title')}
          sx={{ flexWrap: 'wrap', gap: 1 }}
        >
          {shown.map((minutes) => {
            const selected = offsets.includes(minutes);
            return (
              <Chip
                key={minutes}
                label={label(minutes)}
                color={selected ? 'primary' : 'default'}
                variant={selected ? 'filled' : 'outlined'}
                aria-pressed={selected}
                onClick={() => toggle(minutes)}
                disabled={!selected && full}
              />
            );
          })}
        </Stack>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ alignItems: { sm: 'center' } }}
        >
          <TextField
            label={t('offsets.amount')}
            type="number"
            size="small"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            slotProps={{ htmlInput: { min: 1 } }}
            sx={{ width: { sm: 120 } }}
          />
          <TextField
            select
            label={t('offsets.unit')}
            size="small"
            value={unit}
            onChange={(event) => setUnit(event.target.value as OffsetUnit)}
            sx={{ width: { sm: 200 } }}
          >
            {OFFSET_UNITS.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`offsets.units.${value}`)}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="outlined"
            disabled={!customValid || full}
            onClick={() => setOffsets((current) => [...current, custom])}
          >
            {t('offsets.add')}
          </Button>
        </Stack>
        <Typography variant="subtitle2" component="h3">
          {t('offsets.lists')}
        </Typography>
        <Stack>
          <FormControlLabel
            control={
              <Switch
                checked={registrations}
                onChange={(event) => setRegistrations(event.target.checked)}
              />
            }
            label={t('offsets.registrations')}
          />
          <FormControlLabel
            control={
              <Switch
                checked={invitations}
                onChange={(event) => setInvitations(event.target.checked)}
              />
            }
            label={t('offsets.invitations')}
          />
        </Stack>
      </Stack>
    </SectionCard>
  );
}
