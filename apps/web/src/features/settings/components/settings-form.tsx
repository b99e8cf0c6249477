import {
  CSV_DELIMITERS,
  LANGUAGES,
  type Settings,
  type SettingsPatch,
  type User,
} from '@livent/shared';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/forms/select-field';
import { SaveActions } from '../../../components/forms/save-actions';
import { SectionCard } from '../../../components/page/section-card';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes/use-unsaved-changes-guard';
import { saveSettings } from '../../../lib/auth/settings';
import { changedFields } from '../../../lib/forms/changed-fields';
import { lazyResolver } from '../../../lib/forms/lazy-resolver';
import { translateMessage } from '../../../lib/forms/messages';
import { failureMessage, reportFormError } from '../../../lib/forms/report-error';
import { notify } from '../../../lib/notifications';
import { TimezoneField } from '../../../components/forms/timezone-field';

type SettingsValues = Omit<Settings, 'whatsnewSeen'>;
const FIELDS = [
  'timezone',
  'emailLanguage',
  'alwaysShowHelp',
  'csvDelimiter',
  'newsletter',
] as const;
const DELIMITER_KEYS = { ',': 'comma', ';': 'semicolon', '\t': 'tab' } as const;

const resolver = lazyResolver<SettingsValues>(
  async () => (await import('../../../lib/forms/schemas')).settingsPatchSchema,
);

const valuesOf = ({ whatsnewSeen: _seen, ...values }: Settings): SettingsValues => values;

/** Only the changed fields (docs/product-spec.md section 7: "PATCH /settings — the changed settings fields"). */
export function changedSettings(values: SettingsValues, saved: Settings): SettingsPatch {
  return changedFields(values, saved);
}

/** One setting: its name and explanation on the left, its control on the right. */
function SettingRow({
  title,
  description,
  labelId,
  inline = false,
  children,
}: {
  title: string;
  description: string;
  labelId: string;
  /** Keep the control beside the text on phones too (switches). */
  inline?: boolean;
  children: ReactNode;
}) {
  return (
    <Stack
      direction={inline ? 'row' : { xs: 'column', sm: 'row' }}
      spacing={inline ? 2 : { xs: 1, sm: 3 }}
      sx={{
        justifyContent: 'space-between',
        alignItems: inline ? 'center' : { sm: 'center' },
        py: 2.5,
      }}
    >
      <Box sx={{ maxWidth: 520 }}>
        <Typography id={labelId} sx={{ fontWeight: 500 }}>
          {title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {description}
        </Typography>
      </Box>
      <Box sx={{ flexShrink: 0 }}>{children}</Box>
    </Stack>
  );
}

/**
 * Account settings (docs/product-spec.md section 2, "Contents of some screens"): time zone, language for
 * emails, always show help, CSV delimiter, newsletter. Saves only what changed, with a "saved"
 * notice; a failure shows the server's message, translated (docs/product-spec.md section 8).
 */
export function SettingsForm({ user }: { user: User }) {
  const { t } = useTranslation(['account', 'forms', 'common']);
  const form = useForm<SettingsValues>({ resolver, defaultValues: valuesOf(user.settings) });
  const { errors, isSubmitting, isDirty } = form.formState;
  const guard = useUnsavedChangesGuard(isDirty && !isSubmitting);
  const helpId = useId();
  const delimiterId = useId();
  const newsletterId = useId();
  const emailLanguage = form.register('emailLanguage');
  const [timezone, alwaysShowHelp, csvDelimiter, newsletter] = useWatch({
    control: form.control,
    name: ['timezone', 'alwaysShowHelp', 'csvDelimiter', 'newsletter'],
  });
  const set = <Field extends keyof SettingsValues>(field: Field, value: SettingsValues[Field]) =>
    form.setValue(field as never, value as never, { shouldDirty: true, shouldValidate: true });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await saveSettings(changedSettings(values, user.settings));
      form.reset(valuesOf(saved));
      notify({ type: 'success', message: t('forms:saved') });
    } catch (error) {
      await reportFormError(form.setError, error, FIELDS);
      notify({ type: 'error', message: translateMessage(await failureMessage(error)) ?? '' });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <SectionCard
        title={t('settings.title')}
        description={t('settings.description')}
        footer={
          <SaveActions dirty={isDirty} submitting={isSubmitting} onDiscard={() => form.reset()} />
        }
      >
        <Box
          sx={{
            display: 'grid',
            gap: 2.5,
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
            pb: 1,
          }}
        >
          <TimezoneField
            label={t('settings.timezone.label')}
            helperText={t('settings.timezone.hint')}
            value={timezone}
            onChange={(zone) => set('timezone', zone)}
            error={errors.timezone?.message}
          />
          <SelectField
            label={t('settings.emailLanguage.label')}
            helperText={t('settings.emailLanguage.hint')}
            options={LANGUAGES.map((language) => ({
              value: language,
              label: t(`common:language.${language}`),
            }))}
            error={errors.emailLanguage?.message}
            {...emailLanguage}
          />
        </Box>
        <Divider sx={{ mt: 2 }} />
        <SettingRow
          labelId={helpId}
          inline
          title={t('settings.alwaysShowHelp.label')}
          description={t('settings.alwaysShowHelp.hint')}
        >
          <Switch
            checked={alwaysShowHelp}
            onChange={(event) => set('alwaysShowHelp', event.target.checked)}
            slotProps={{ input: { 'aria-labelledby': helpId } }}
          />
        </SettingRow>
        <Divider />
        <SettingRow
          labelId={delimiterId}
          title={t('settings.csvDelimiter.label')}
          description={t('settings.csvDelimiter.hint')}
        >
          <RadioGroup
            row
            aria-labelledby={delimiterId}
            value={csvDelimiter}
            onChange={(event) =>
              set('csvDelimiter', event.target.value as SettingsValues['csvDelimiter'])
            }
          >
            {CSV_DELIMITERS.map((delimiter) => (
              <FormControlLabel
                key={delimiter}
                value={delimiter}
                control={<Radio size="small" />}
                label={t(`settings.csvDelimiter.${DELIMITER_KEYS[delimiter]}`)}
              />
            ))}
          </RadioGroup>
        </SettingRow>
        <Divider />
        <SettingRow
          labelId={newsletterId}
          inline
          title={t('settings.newsletter.label')}
          description={t('settings.newsletter.hint')}
        >
          <Switch
            checked={newsletter}
            onChange={(event) => set('newsletter', event.target.checked)}
            slotProps={{ input: { 'aria-labelledby': newsletterId } }}
          />
        </SettingRow>
      </SectionCard>
      {guard}
    </Box>
  );
}
