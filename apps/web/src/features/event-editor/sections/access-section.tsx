import {
  accessCodeWeakness,
  ACCESS_CODE_MAX_LENGTH,
  ACCESS_IMAGE_PLACEMENTS,
  ACCESS_MODES,
  EVENT_SETTING_VALUE_FEATURES,
  hasFeature,
  SESSION_LIMIT_MAX,
  type AccessMode,
} from '@livent/shared';
import AutorenewOutlined from '@mui/icons-material/AutorenewOutlined';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useWatch } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { ImageField } from '../../../components/forms/image-field';
import { SelectField } from '../../../components/forms/select-field';
import { SettingsForm } from '../../../components/forms/settings-form';
import { SwitchField } from '../../../components/forms/switch-field';
import { TextAreaField } from '../../../components/forms/text-area-field';
import { TextInputField } from '../../../components/forms/text-input-field';
import { TextLink } from '../../../components/links/text-link';
import { PlanFeatureNotice } from '../../../components/page/plan-feature-notice';
import { SectionCard } from '../../../components/page/section-card';
import { usePlanAllowance } from '../../../lib/auth/use-plan-allowance';
import { useSettingsForm } from '../../../lib/events/use-settings-form';
import { SsoSettingsCard } from './sso-settings-card';

const FIELDS = [
  'accessMode',
  'accessCode',
  'accessText',
  'accessImage',
  'accessImagePlacement',
  'accessShowIntroduction',
  'accessShowContent',
  'accessShowHighlights',
  'sessionLimit',
] as const;

/** The ways in whose viewers have sessions that a limit counts (ADR 067). */
const PERSONAL_MODES: readonly AccessMode[] = ['registration', 'invitation'];

/** The session limit's choices: none (the empty value, null) or 1 to the maximum. */
const SESSION_LIMITS = Array.from({ length: SESSION_LIMIT_MAX }, (_, index) => index + 1);

/** Letters and digits that cannot be mistaken for one another when read aloud or typed. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const GENERATED_CODE_LENGTH = 10;

/** A code from the browser's CSPRNG (about 50 bits: guessing is rate limited on the server). */
export function generateAccessCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(GENERATED_CODE_LENGTH));
  // 256 is a multiple of the alphabet's 32 letters: every letter is equally likely.
  return Array.from(bytes, (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('');
}

/**
 * Viewer access (ADR 026): how viewers get in, the access code, what the gate shows, and which
 * parts of the page show before access. Single sign-on needs CUSTOM_ACCESS.
 */
export function AccessSection({ eventId }: { eventId: string }) {
  const { t } = useTranslation(['editor', 'events']);
  const settingsForm = useSettingsForm(eventId, FIELDS);
  const { form, fields, settings } = settingsForm;
  const { control, setValue } = form;
  const { errors } = form.formState;
  const mode = useWatch({ control, name: 'accessMode' });
  const code = useWatch({ control, name: 'accessCode' });
  // A new code must be strong (ADR 044; the server refuses a weak one with the same message);
  // a weak one saved before keeps working, with a warning.
  const weakness = code.trim() === '' ? undefined : accessCodeWeakness(code);
  const codeChanged = code.trim() !== settings.accessCode;
  const allowance = usePlanAllowance();
  const ssoFeature = EVENT_SETTING_VALUE_FEATURES.accessMode?.cip;
  const ssoAllowed = ssoFeature ? hasFeature(allowance, ssoFeature) : true;
  // Without the feature, single sign-on is offered only when the event already uses it.
  const modes = ACCESS_MODES.filter(
    (value) => value !== 'cip' || ssoAllowed || settings.accessMode === 'cip',
  );
  const sessionLimit = form.register('sessionLimit', {
    setValueAs: (value: unknown) => (value === '' || value === null ? null : Number(value)),
  });
  const generate = () =>
    setValue('accessCode', generateAccessCode(), { shouldDirty: true, shouldValidate: true });

  return (
    <>
      <SettingsForm settingsForm={settingsForm}>
        <SectionCard title={t('access.mode.title')} description={t('access.mode.description')}>
          <Stack spacing={2.5}>
            {!ssoAllowed && <PlanFeatureNotice>{t('access.ssoLocked')}</PlanFeatureNotice>}
            <SelectField
              label={t('access.fields.mode')}
              helperText={t(`access.modeHelp.${mode as AccessMode}`)}
              options={modes.map((value) => ({
                value,
                label: t(`events:options.accessMode.${value}`),
              }))}
              error={errors.accessMode?.message}
              {...fields.accessMode}
            />
            {mode === 'code' && (
              <Stack
                spacing={1}
                direction={{ xs: 'column', sm: 'row' }}
                sx={{ alignItems: 'flex-start' }}
              >
                <TextInputField
                  label={t('access.fields.code')}
                  helperText={t(
                    weakness && !codeChanged ? 'access.fields.codeWeak' : 'access.fields.codeHint',
                  )}
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={ACCESS_CODE_MAX_LENGTH}
                  error={errors.accessCode?.message ?? (codeChanged ? weakness : undefined)}
                  {...fields.accessCode}
                />
                <Button
                  variant="outlined"
                  startIcon={<AutorenewOutlined />}
                  onClick={generate}
                  sx={{ mt: { sm: 4 }, flexShrink: 0 }}
                >
                  {t('access.generate')}
                </Button>
              </Stack>
            )}
            {PERSONAL_MODES.includes(mode) && (
              <SelectField
                label={t('access.fields.sessionLimit')}
                helperText={t('access.fields.sessionLimitHint')}
                options={[
                  { value: '', label: t('access.fields.sessionLimitOff') },
                  ...SESSION_LIMITS.map((count) => ({
                    value: String(count),
                    label: t('access.fields.sessionLimitCount', { count }),
                  })),
                ]}
                error={errors.sessionLimit?.message}
                {...sessionLimit}
              />
            )}
          </Stack>
        </SectionCard>
        <SectionCard title={t('access.gate.title')} description={t('access.gate.description')}>
          <Stack spacing={2.5}>
            <TextAreaField
              label={t('access.fields.text')}
              optional
              rows={4}
              error={errors.accessText?.message}
              {...fields.accessText}
            />
            <ImageField control={control} name="accessImage" label={t('access.fields.image')} />
            <SelectField
              label={t('access.fields.imagePlacement')}
              options={ACCESS_IMAGE_PLACEMENTS.map((value) => ({
                value,
                label: t(`events:options.accessImagePlacement.${value}`),
              }))}
              error={errors.accessImagePlacement?.message}
              {...fields.accessImagePlacement}
            />
            <Divider />
            <Typography variant="subtitle2" component="h3">
              {t('access.before.title')}
            </Typography>
            <SwitchField
              control={control}
              name="accessShowIntroduction"
              label={t('access.fields.showIntroduction')}
            />
            <SwitchField
              control={control}
              name="accessShowContent"
              label={t('access.fields.showContent')}
            />
            <SwitchField
              control={control}
              name="accessShowHighlights"
              label={t('access.fields.showHighlights')}
            />
            <Typography variant="body2" color="text.secondary">
              <Trans
                t={t}
                i18nKey="access.legal"
                components={{
                  compliance: (
                    <TextLink to="/events/$eventid/compliance" params={{ eventid: eventId }} />
                  ),
                }}
              />
            </Typography>
          </Stack>
        </SectionCard>
      </SettingsForm>
      {/* Its own form and resource (the secret is write-only), so not inside the settings form. */}
      {mode === 'cip' && <SsoSettingsCard eventId={eventId} locked={!ssoAllowed} />}
    </>
  );
}
