import { EVENT_LANGUAGES, START_MODES } from '@livent/shared';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LockedSlugField } from '../../../components/forms/locked-slug-field';
import { FieldGrid } from '../../../components/forms/save-actions';
import { SelectField } from '../../../components/forms/select-field';
import { SettingsForm } from '../../../components/forms/settings-form';
import { TextAreaField } from '../../../components/forms/text-area-field';
import { EmailField, TextInputField } from '../../../components/forms/text-input-field';
import { SectionCard } from '../../../components/page/section-card';
import { PlanFeatureNotice } from '../../../components/page/plan-feature-notice';
import { useSettingsForm } from '../../../lib/events/use-settings-form';
import { TimeChangeNotice } from './time-change-notice';
import { GENERAL_FIELDS } from './general-fields';
import { BeforeAfterCard, PageStateCard, ZoneAndDuration } from './page-state-cards';

/**
 * General settings (docs/product-spec.md section 3): title, address, language, description, start
 * with its time zone and duration, the page's state and what it shows before the start and after
 * the end (docs/decisions/063-event-times-and-page-states.md), and contact.
 * The address is read-only until the organiser unlocks it and confirms that old links stop
 * working (docs/product-spec.md section 5); contact name and email need a paid plan (docs/product-spec.md section 6).
 */
export function GeneralSection({ eventId }: { eventId: string }) {
  const { t } = useTranslation(['editor', 'events']);
  const settingsForm = useSettingsForm(eventId, GENERAL_FIELDS);
  const { form, missingFeature, fields } = settingsForm;
  const { control } = form;
  const { errors } = form.formState;
  const startMode = useWatch({ control, name: 'startMode' });
  const contactLocked = Boolean(missingFeature('contactName') ?? missingFeature('contactEmail'));

  return (
    <SettingsForm settingsForm={settingsForm}>
      <SectionCard title={t('general.event.title')} description={t('general.event.description')}>
        <Stack spacing={2.5}>
          <FieldGrid>
            <TextInputField
              label={t('general.fields.title')}
              autoComplete="off"
              maxLength={100}
              error={errors.title?.message}
              {...fields.title}
            />
            <SelectField
              label={t('general.fields.language')}
              helperText={t('general.fields.languageHint')}
              options={EVENT_LANGUAGES.map((value) => ({
                value,
                label: t(`events:options.language.${value}`),
              }))}
              error={errors.language?.message}
              {...fields.language}
            />
          </FieldGrid>
          <LockedSlugField
            label={t('general.fields.slug')}
            texts={{
              lockedHint: t('general.fields.slugHint'),
              unlockedHint: t('general.fields.slugUnlockedHint'),
              unlock: t('general.fields.slugUnlock'),
              confirmTitle: t('general.unlock.title'),
              confirmMessage: t('general.unlock.message'),
              confirmLabel: t('general.unlock.confirm'),
            }}
            onUnlocked={() => form.setFocus('slug')}
            error={errors.slug?.message}
            {...fields.slug}
          />
          <TextAreaField
            label={t('general.fields.description')}
            helperText={t('general.fields.descriptionHint')}
            optional
            rows={3}
            maxLength={1000}
            error={errors.description?.message}
            {...fields.description}
          />
        </Stack>
      </SectionCard>
      <SectionCard title={t('general.start.title')} description={t('general.start.description')}>
        <Stack spacing={2.5}>
          <TimeChangeNotice eventId={eventId} />
          <Box sx={{ maxWidth: { md: 'calc(50% - 10px)' } }}>
            <SelectField
              label={t('general.fields.startMode')}
              options={START_MODES.map((value) => ({
                value,
                label: t(`general.startModes.${value}`),
              }))}
              error={errors.startMode?.message}
              {...fields.startMode}
            />
          </Box>
          {startMode === 'datetime' && (
            <FieldGrid>
              <TextInputField
                type="date"
                label={t('general.fields.startDate')}
                error={errors.startDate?.message}
                {...fields.startDate}
              />
              <TextInputField
                type="time"
                label={t('general.fields.startTime')}
                optional
                error={errors.startTime?.message}
                {...fields.startTime}
              />
            </FieldGrid>
          )}
          {startMode === 'datetime' && <ZoneAndDuration settingsForm={settingsForm} />}
          {startMode === 'text' && (
            <TextInputField
              label={t('general.fields.startText')}
              helperText={t('general.fields.startTextHint')}
              maxLength={100}
              error={errors.startText?.message}
              {...fields.startText}
            />
          )}
        </Stack>
      </SectionCard>
      <PageStateCard settingsForm={settingsForm} />
      <BeforeAfterCard settingsForm={settingsForm} />
      <SectionCard
        title={t('general.contact.title')}
        description={t('general.contact.description')}
      >
        <Stack spacing={2.5}>
          {contactLocked && <PlanFeatureNotice>{t('general.contact.locked')}</PlanFeatureNotice>}
          <FieldGrid>
            <TextInputField
              label={t('general.fields.contactName')}
              optional
              autoComplete="off"
              maxLength={100}
              disabled={Boolean(missingFeature('contactName'))}
              error={errors.contactName?.message}
              {...fields.contactName}
            />
            <EmailField
              label={t('general.fields.contactEmail')}
              optional
              autoComplete="off"
              disabled={Boolean(missingFeature('contactEmail'))}
              error={errors.contactEmail?.message}
              {...fields.contactEmail}
            />
          </FieldGrid>
          <TextInputField
            type="url"
            label={t('general.fields.contactWebsite')}
            optional
            placeholder={t('events:urlPlaceholder')}
            autoComplete="off"
            error={errors.contactWebsite?.message}
            {...fields.contactWebsite}
          />
        </Stack>
      </SectionCard>
    </SettingsForm>
  );
}
