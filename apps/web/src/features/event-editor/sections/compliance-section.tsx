import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { FieldGrid } from '../../../components/forms/save-actions';
import { SettingsForm } from '../../../components/forms/settings-form';
import { SwitchField } from '../../../components/forms/switch-field';
import { TextAreaField } from '../../../components/forms/text-area-field';
import { TextInputField } from '../../../components/forms/text-input-field';
import { PlanFeatureNotice } from '../../../components/page/plan-feature-notice';
import { SectionCard } from '../../../components/page/section-card';
import { useSettingsForm } from '../../../lib/events/use-settings-form';
import { RETENTION_FIELDS, RetentionCard, useRetentionConfirmation } from './retention-card';

const FIELDS = [
  'legalTermsLink',
  'privacyLink',
  'customLegalText',
  'complianceBanner',
  'complianceTextEn',
  'complianceTextDe',
  'complianceConfirmed',
  ...RETENTION_FIELDS,
] as const;

/** The banner's own text per language (ADR 051). */
const BANNER_TEXTS = ['complianceTextEn', 'complianceTextDe'] as const;

/**
 * Compliance (docs/product-spec.md section 3): legal links and text, the consent banner; its own
 * texts and the confirmation need COMPLIANCE (docs/decisions/051-consent-that-holds.md); the
 * viewer data's retention (docs/decisions/073-data-retention-and-privacy.md).
 */
export function ComplianceSection({ eventId }: { eventId: string }) {
  const { t } = useTranslation(['editor', 'events']);
  const settingsForm = useSettingsForm(eventId, FIELDS);
  const { control, formState } = settingsForm.form;
  const { fields } = settingsForm;
  const { errors } = formState;
  const confirmLocked = Boolean(settingsForm.missingFeature('complianceConfirmed'));
  const textsLocked = Boolean(settingsForm.missingFeature('complianceTextEn'));
  const retention = useRetentionConfirmation(settingsForm);
  return (
    <SettingsForm settingsForm={{ ...settingsForm, onSubmit: retention.onSubmit }}>
      <SectionCard
        title={t('compliance.legal.title')}
        description={t('compliance.legal.description')}
      >
        <Stack spacing={2.5}>
          <FieldGrid>
            <TextInputField
              label={t('compliance.fields.legalTermsLink')}
              optional
              placeholder={t('events:urlPlaceholder')}
              autoComplete="off"
              error={errors.legalTermsLink?.message}
              {...fields.legalTermsLink}
            />
            <TextInputField
              label={t('compliance.fields.privacyLink')}
              optional
              placeholder={t('events:urlPlaceholder')}
              autoComplete="off"
              error={errors.privacyLink?.message}
              {...fields.privacyLink}
            />
          </FieldGrid>
          <TextAreaField
            label={t('compliance.fields.customLegalText')}
            helperText={t('compliance.fields.customLegalTextHint')}
            optional
            rows={4}
            error={errors.customLegalText?.message}
            {...fields.customLegalText}
          />
        </Stack>
      </SectionCard>
      <SectionCard
        title={t('compliance.banner.title')}
        description={t('compliance.banner.description')}
      >
        <Stack spacing={2.5}>
          <SwitchField
            control={control}
            name="complianceBanner"
            label={t('compliance.fields.complianceBanner')}
            description={t('compliance.fields.complianceBannerHint')}
          />
          {(confirmLocked || textsLocked) && (
            <PlanFeatureNotice>{t('compliance.locked')}</PlanFeatureNotice>
          )}
          <FieldGrid>
            {BANNER_TEXTS.map((name) => (
              <TextAreaField
                key={name}
                label={t(`compliance.fields.${name}`)}
                helperText={t('compliance.fields.complianceTextHint')}
                optional
                rows={4}
                disabled={textsLocked}
                error={errors[name]?.message}
                {...fields[name]}
              />
            ))}
          </FieldGrid>
          <Divider />
          <SwitchField
            control={control}
            name="complianceConfirmed"
            label={t('compliance.fields.complianceConfirmed')}
            description={t('compliance.fields.complianceConfirmedHint')}
            disabled={confirmLocked}
          />
        </Stack>
      </SectionCard>
      <RetentionCard settingsForm={settingsForm} />
      {retention.dialog}
    </SettingsForm>
  );
}
