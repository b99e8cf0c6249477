import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { ImageField } from '../../../components/forms/image-field';
import { FieldGrid } from '../../../components/forms/save-actions';
import { SettingsForm } from '../../../components/forms/settings-form';
import { SwitchField } from '../../../components/forms/switch-field';
import { TextAreaField } from '../../../components/forms/text-area-field';
import { TextInputField } from '../../../components/forms/text-input-field';
import { SectionCard } from '../../../components/page/section-card';
import { useSettingsForm } from '../../../lib/events/use-settings-form';

const FIELDS = [
  'headline',
  'introduction',
  'agenda',
  'content',
  'autoCreateLinks',
  'extraImage',
  'ctaTitle',
  'ctaLink',
] as const;

/** Texts of the event page (docs/product-spec.md section 3): headline, introduction, agenda, content, call to action. */
export function TextSection({ eventId }: { eventId: string }) {
  const { t } = useTranslation(['editor', 'events']);
  const settingsForm = useSettingsForm(eventId, FIELDS);
  const { control, formState } = settingsForm.form;
  const { fields } = settingsForm;
  const { errors } = formState;
  return (
    <SettingsForm settingsForm={settingsForm}>
      <SectionCard title={t('text.texts.title')} description={t('text.texts.description')}>
        <Stack spacing={2.5}>
          <TextInputField
            label={t('text.fields.headline')}
            optional
            maxLength={200}
            error={errors.headline?.message}
            {...fields.headline}
          />
          <TextAreaField
            label={t('text.fields.introduction')}
            optional
            rows={4}
            error={errors.introduction?.message}
            {...fields.introduction}
          />
          <TextAreaField
            label={t('text.fields.agenda')}
            helperText={t('text.fields.agendaHint')}
            optional
            rows={5}
            error={errors.agenda?.message}
            {...fields.agenda}
          />
          <TextAreaField
            label={t('text.fields.content')}
            helperText={t('text.fields.contentHint')}
            optional
            rows={8}
            error={errors.content?.message}
            {...fields.content}
          />
          <SwitchField
            control={control}
            name="autoCreateLinks"
            label={t('text.fields.autoCreateLinks')}
            description={t('text.fields.autoCreateLinksHint')}
          />
        </Stack>
      </SectionCard>
      <SectionCard title={t('text.image.title')} description={t('text.image.description')}>
        <ImageField control={control} name="extraImage" label={t('text.fields.extraImage')} />
      </SectionCard>
      <SectionCard title={t('text.cta.title')} description={t('text.cta.description')}>
        <FieldGrid>
          <TextInputField
            label={t('text.fields.ctaTitle')}
            optional
            maxLength={50}
            error={errors.ctaTitle?.message}
            {...fields.ctaTitle}
          />
          <TextInputField
            label={t('text.fields.ctaLink')}
            optional
            placeholder={t('events:urlPlaceholder')}
            autoComplete="off"
            error={errors.ctaLink?.message}
            {...fields.ctaLink}
          />
        </FieldGrid>
      </SectionCard>
    </SettingsForm>
  );
}
