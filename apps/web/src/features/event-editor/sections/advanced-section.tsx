import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { SettingsForm } from '../../../components/forms/settings-form';
import { SwitchField } from '../../../components/forms/switch-field';
import { TextAreaField } from '../../../components/forms/text-area-field';
import { PlanFeatureNotice } from '../../../components/page/plan-feature-notice';
import { SectionCard } from '../../../components/page/section-card';
import { useSettingsForm } from '../../../lib/events/use-settings-form';

const FIELDS = ['customEmbedCode', 'noIndex'] as const;

/** Advanced settings: custom embed code (CUSTOM_EMBED_CODE) and search engine indexing. */
export function AdvancedSection({ eventId }: { eventId: string }) {
  const { t } = useTranslation(['editor', 'events']);
  const settingsForm = useSettingsForm(eventId, FIELDS);
  const { control, formState } = settingsForm.form;
  const { fields } = settingsForm;
  const { errors } = formState;
  const embedLocked = Boolean(settingsForm.missingFeature('customEmbedCode'));
  return (
    <SettingsForm settingsForm={settingsForm}>
      <SectionCard title={t('advanced.embed.title')} description={t('advanced.embed.description')}>
        <Stack spacing={2.5}>
          {embedLocked && <PlanFeatureNotice>{t('advanced.embed.locked')}</PlanFeatureNotice>}
          <TextAreaField
            label={t('advanced.fields.customEmbedCode')}
            helperText={t('advanced.fields.customEmbedCodeHint')}
            optional
            rows={8}
            spellCheck={false}
            disabled={embedLocked}
            style={{ fontFamily: 'ui-monospace, monospace', fontSize: 13 }}
            error={errors.customEmbedCode?.message}
            {...fields.customEmbedCode}
          />
        </Stack>
      </SectionCard>
      <SectionCard
        title={t('advanced.search.title')}
        description={t('advanced.search.description')}
      >
        <SwitchField
          control={control}
          name="noIndex"
          label={t('advanced.fields.noIndex')}
          description={t('advanced.fields.noIndexHint')}
        />
      </SectionCard>
    </SettingsForm>
  );
}
