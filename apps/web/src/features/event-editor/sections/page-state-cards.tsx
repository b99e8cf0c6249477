import { eventTimes, PAGE_STATE_OVERRIDES, pageStateAt, type PageState } from '@livent/shared';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useController, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ImageField } from '../../../components/forms/image-field';
import { FieldGrid } from '../../../components/forms/save-actions';
import { SelectField } from '../../../components/forms/select-field';
import { TextAreaField } from '../../../components/forms/text-area-field';
import { TextInputField } from '../../../components/forms/text-input-field';
import { ZoneAndDurationFields } from '../../../components/forms/zone-and-duration-fields';
import { SectionCard } from '../../../components/page/section-card';
import { useCurrentUser } from '../../../lib/auth/use-auth';
import type { SettingsForm } from '../../../lib/events/use-settings-form';
import type { GeneralField } from './general-fields';

/**
 * The General screen's times and page states (docs/decisions/063-event-times-and-page-states.md):
 * the time zone and duration beside the start, the state override, and what the page shows before
 * the start and after the end.
 */
type Form = SettingsForm<GeneralField>;

/** The time zone (empty: the account's) and the duration, under the start's date and time. */
export function ZoneAndDuration({ settingsForm }: { settingsForm: Form }) {
  const { t } = useTranslation('editor');
  const user = useCurrentUser();
  const { control } = settingsForm.form;
  const { errors } = settingsForm.form.formState;
  const { field: zone } = useController({ control, name: 'timeZone' });
  return (
    <FieldGrid>
      <ZoneAndDurationFields
        zone={zone}
        duration={settingsForm.fields.durationMinutes}
        texts={{
          zone: t('general.fields.timeZone'),
          zoneHint: t('general.fields.timeZoneHint'),
          zoneEmpty: t('general.fields.timeZoneAccount', { zone: user.settings.timezone }),
          duration: t('general.fields.durationMinutes'),
          durationHint: t('general.fields.durationMinutesHint'),
        }}
        errors={{
          timeZone: errors.timeZone?.message,
          durationMinutes: errors.durationMinutes?.message,
        }}
      />
    </FieldGrid>
  );
}

/** The page's state now as the times make it, in the account's time zone when the event names none. */
function useAutomaticState(control: Form['form']['control']): PageState {
  const user = useCurrentUser();
  const [startMode, startDate, startTime, timeZone, durationMinutes] = useWatch({
    control,
    name: ['startMode', 'startDate', 'startTime', 'timeZone', 'durationMinutes'],
  });
  const settings = {
    startMode,
    startDate: startDate || null,
    startTime: startTime || null,
    timeZone,
    // An input being typed may hold no number yet.
    durationMinutes: Number.isFinite(durationMinutes) ? durationMinutes : null,
    pageState: 'auto' as const,
  };
  return pageStateAt(settings, eventTimes(settings, user.settings.timezone), new Date());
}

/** The override of the page's state: automatic (with the state it gives now) or one state. */
export function PageStateCard({ settingsForm }: { settingsForm: Form }) {
  const { t } = useTranslation('editor');
  const { control } = settingsForm.form;
  const { errors } = settingsForm.form.formState;
  const automatic = useAutomaticState(control);
  return (
    <SectionCard title={t('general.state.title')} description={t('general.state.description')}>
      <Box sx={{ maxWidth: { md: 'calc(50% - 10px)' } }}>
        <SelectField
          label={t('general.fields.pageState')}
          helperText={t('general.fields.pageStateHint')}
          options={PAGE_STATE_OVERRIDES.map((value) => ({
            value,
            label:
              value === 'auto'
                ? t('general.pageStates.autoNow', { state: t(`general.pageStates.${automatic}`) })
                : t(`general.pageStates.${value}`),
          }))}
          error={errors.pageState?.message}
          {...settingsForm.fields.pageState}
        />
      </Box>
    </SectionCard>
  );
}

/** Before the start: the waiting text and image; after the end: the thank-you text and replay. */
export function BeforeAfterCard({ settingsForm }: { settingsForm: Form }) {
  const { t } = useTranslation(['editor', 'events']);
  const { control } = settingsForm.form;
  const { errors } = settingsForm.form.formState;
  return (
    <SectionCard
      title={t('general.beforeAfter.title')}
      description={t('general.beforeAfter.description')}
    >
      <Stack spacing={2.5}>
        <FieldGrid>
          <TextAreaField
            label={t('general.fields.waitingText')}
            helperText={t('general.fields.waitingTextHint')}
            optional
            rows={4}
            maxLength={5000}
            error={errors.waitingText?.message}
            {...settingsForm.fields.waitingText}
          />
          <TextAreaField
            label={t('general.fields.thankYouText')}
            helperText={t('general.fields.thankYouTextHint')}
            optional
            rows={4}
            maxLength={5000}
            error={errors.thankYouText?.message}
            {...settingsForm.fields.thankYouText}
          />
        </FieldGrid>
        <ImageField
          control={control}
          name="waitingImage"
          label={t('general.fields.waitingImage')}
        />
        <TextInputField
          type="url"
          label={t('general.fields.replayLink')}
          helperText={t('general.fields.replayLinkHint')}
          optional
          placeholder={t('events:urlPlaceholder')}
          autoComplete="off"
          error={errors.replayLink?.message}
          {...settingsForm.fields.replayLink}
        />
      </Stack>
    </SectionCard>
  );
}
