import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  RETENTION_DAYS,
  RETENTION_MODES,
  retentionDueAt,
  type EventSettingName,
  type EventSettings,
  type EventSettingsResponse,
  type RetentionDays,
} from '@livent/shared';
import { useState, type ReactElement } from 'react';
import { useController, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { RadioGroupField } from '../../../components/forms/radio-group-field';
import { SelectField } from '../../../components/forms/select-field';
import { SectionCard } from '../../../components/page/section-card';
import { useCurrentUser } from '../../../lib/auth/use-auth';
import type { SettingsForm } from '../../../lib/events/use-settings-form';
import { useDateTimeFormat } from '../../../lib/format/date-time';

export const RETENTION_FIELDS = ['retentionDays', 'retentionMode'] as const;
type RetentionField = (typeof RETENTION_FIELDS)[number];
type RetentionValues = Pick<EventSettings, RetentionField>;

/**
 * Whether saving `days` makes the event's viewer data due at once when the saved setting did
 * not: the organiser is asked first, as the next pass deletes it (ADR 073).
 */
export function dueAtOnce(
  saved: EventSettingsResponse,
  days: RetentionDays | null,
  ownerTimeZone: string,
  now: Date,
): boolean {
  const dueAt = (retentionDays: RetentionDays | null) =>
    retentionDueAt({ ...saved, retentionDays }, ownerTimeZone, saved.updatedAt);
  const before = dueAt(saved.retentionDays);
  const after = dueAt(days);
  const isDue = (at: Date | null) => at !== null && at.getTime() <= now.getTime();
  return isDue(after) && !isDue(before);
}

/**
 * The form's submit, asking first when the new retention makes data due at once; render
 * `dialog` next to the form.
 */
export function useRetentionConfirmation<K extends EventSettingName>(
  settingsForm: SettingsForm<K>,
): { onSubmit: SettingsForm<K>['onSubmit']; dialog: ReactElement } {
  const { t } = useTranslation('editor');
  const user = useCurrentUser();
  const [confirming, setConfirming] = useState(false);
  const control = settingsForm.form.control as unknown as Control<RetentionValues>;
  const days = useWatch({ control, name: 'retentionDays' });
  const onSubmit: SettingsForm<K>['onSubmit'] = async (event) => {
    if (dueAtOnce(settingsForm.settings, days, user.settings.timezone, new Date())) {
      event?.preventDefault();
      setConfirming(true);
      return;
    }
    await settingsForm.onSubmit(event);
  };
  const dialog = (
    <ConfirmDialog
      open={confirming}
      title={t('compliance.retention.confirmTitle')}
      message={t('compliance.retention.confirmText')}
      confirmLabel={t('compliance.retention.confirm')}
      destructive
      onConfirm={() => {
        setConfirming(false);
        void settingsForm.onSubmit();
      }}
      onClose={() => setConfirming(false)}
    />
  );
  return { onSubmit, dialog };
}

/** "Data retention": when and how the event's viewer data goes (ADR 073). */
export function RetentionCard<K extends EventSettingName>({
  settingsForm,
}: {
  settingsForm: SettingsForm<K>;
}) {
  const { t } = useTranslation('editor');
  const user = useCurrentUser();
  const format = useDateTimeFormat();
  const control = settingsForm.form.control as unknown as Control<RetentionValues>;
  const days = useWatch({ control, name: 'retentionDays' });
  const {
    field: { name: daysName, ref: daysRef, onBlur: daysBlur, onChange: daysChange },
  } = useController({ control, name: 'retentionDays' });
  const mode = useWatch({ control, name: 'retentionMode' });
  const { settings } = settingsForm;
  const dueAt = retentionDueAt(
    { ...settings, retentionDays: days },
    user.settings.timezone,
    settings.updatedAt,
  );
  const undated = settings.startMode !== 'datetime' || !settings.startDate;
  return (
    <SectionCard
      title={t('compliance.retention.title')}
      description={t('compliance.retention.description')}
    >
      <Stack spacing={2.5}>
        <SelectField
          label={t('compliance.retention.days')}
          options={[
            { value: '', label: t('compliance.retention.off') },
            ...RETENTION_DAYS.map((count) => ({
              value: String(count),
              label: t('compliance.retention.after', { count }),
            })),
          ]}
          name={daysName}
          ref={daysRef}
          value={days === null ? '' : String(days)}
          onBlur={daysBlur}
          onChange={(event) =>
            daysChange(
              event.target.value === '' ? null : (Number(event.target.value) as RetentionDays),
            )
          }
        />
        {days !== null && (
          <>
            <RadioGroupField
              control={control}
              name="retentionMode"
              label={t('compliance.retention.mode')}
              options={RETENTION_MODES.map((mode) => ({
                value: mode,
                label: t(`compliance.retention.modes.${mode}`),
                hint: t(`compliance.retention.modeHints.${mode}`),
              }))}
            />
            {dueAt && (
              <Typography variant="body2" role="status">
                {t(`compliance.retention.when.${mode}`, { date: format.date(dueAt) })}
                {undated && ` ${t('compliance.retention.undated')}`}
              </Typography>
            )}
          </>
        )}
      </Stack>
    </SectionCard>
  );
}
