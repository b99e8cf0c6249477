import {
  EVENT_SETTING_VALUE_FEATURES,
  hasFeature,
  REGISTRATION_EMAIL_DOMAINS_MAX,
  REGISTRATION_MAIL_PLACEHOLDERS,
  REGISTRATION_EMAIL_MODES,
  REGISTRATION_FIELD_OPTIONS_MAX,
  REGISTRATION_FIELDS_MAX,
  type RegistrationField,
} from '@livent/shared';
import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  useController,
  useFieldArray,
  type Control,
  type FieldError,
  type FieldValues,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MailTextEditor } from '../../../components/access-mails/mail-text-editor';
import { SelectField } from '../../../components/forms/select-field';
import { SettingsForm } from '../../../components/forms/settings-form';
import { SwitchField } from '../../../components/forms/switch-field';
import { TextAreaField } from '../../../components/forms/text-area-field';
import { TextInputField } from '../../../components/forms/text-input-field';
import { PlanFeatureNotice } from '../../../components/page/plan-feature-notice';
import { SectionCard } from '../../../components/page/section-card';
import { usePlanAllowance } from '../../../lib/auth/use-plan-allowance';
import { useSettingsForm } from '../../../lib/events/use-settings-form';

const FIELDS = [
  'registrationEmailDomains',
  'registrationEmailMode',
  'registrationFields',
  'registrationMailSubject',
  'registrationMailBody',
] as const;

interface RegistrationValues {
  registrationEmailDomains: string[];
  registrationEmailMode: (typeof REGISTRATION_EMAIL_MODES)[number];
  registrationFields: RegistrationField[];
}

const NEW_FIELD: RegistrationField = { name: '', label: '', required: false, options: [] };

/** One entry per line; blank lines dropped. */
const toLines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** The first message among a list's own error and its entries' errors. */
function listMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const own = (error as FieldError).message ?? (error as { root?: FieldError }).root?.message;
  if (own) return own;
  for (const entry of Object.values(error as Record<string, unknown>)) {
    const message = (entry as FieldError | undefined)?.message;
    if (typeof message === 'string') return message;
  }
  return undefined;
}

/** A list of texts edited as lines of a text area (email domains, a field's options). */
function LinesField({
  control,
  name,
  label,
  helperText,
  rows,
}: {
  control: Control<RegistrationValues>;
  name: 'registrationEmailDomains' | `registrationFields.${number}.options`;
  label: string;
  helperText: string;
  rows: number;
}) {
  const {
    field: { ref, ...field },
    fieldState,
  } = useController({ control, name });
  // The text as typed (blank lines and all) while it means the field's list; a reset or discard
  // that changes the list from outside replaces it.
  const [text, setText] = useState(() => field.value.join('\n'));
  const [seen, setSeen] = useState(field.value);
  if (seen !== field.value) {
    setSeen(field.value);
    if (toLines(text).join('\n') !== field.value.join('\n')) setText(field.value.join('\n'));
  }
  return (
    <TextAreaField
      label={label}
      helperText={helperText}
      optional
      rows={rows}
      spellCheck={false}
      name={field.name}
      ref={ref}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        field.onChange(toLines(event.target.value));
      }}
      onBlur={field.onBlur}
      error={listMessage(fieldState.error)}
    />
  );
}

/**
 * Registration settings (ADR 026): the allowed email domains, whether a registration is mailed
 * or confirmed by an emailed link (REGISTRATION_EMAIL_VERIFICATION), that email's text, and the
 * additional fields of the registration form.
 */
export function RegistrationSection({ eventId }: { eventId: string }) {
  const { t } = useTranslation(['editor', 'events', 'mails']);
  const settingsForm = useSettingsForm(eventId, FIELDS);
  const { form, fields, settings, dirty } = settingsForm;
  const control = form.control as unknown as Control<RegistrationValues>;
  const { errors } = form.formState;
  const list = useFieldArray({ control, name: 'registrationFields' });
  const allowance = usePlanAllowance();
  const verifyFeature = EVENT_SETTING_VALUE_FEATURES.registrationEmailMode?.verify;
  const verifyAllowed = verifyFeature ? hasFeature(allowance, verifyFeature) : true;
  const modes = REGISTRATION_EMAIL_MODES.filter(
    (mode) => mode !== 'verify' || verifyAllowed || settings.registrationEmailMode === 'verify',
  );
  const atMax = list.fields.length >= REGISTRATION_FIELDS_MAX;
  // Sending from a list, the test mail included, needs the plan's mail feature (ADR 026).
  const mailsAllowed = hasFeature(allowance, 'INVITATION_EMAILS');

  return (
    <SettingsForm settingsForm={settingsForm}>
      <SectionCard
        title={t('registration.email.title')}
        description={t('registration.email.description')}
      >
        <Stack spacing={2.5}>
          <LinesField
            control={control}
            name="registrationEmailDomains"
            label={t('registration.fields.domains')}
            helperText={t('registration.fields.domainsHint', {
              max: REGISTRATION_EMAIL_DOMAINS_MAX,
            })}
            rows={3}
          />
          {!verifyAllowed && (
            <PlanFeatureNotice>{t('registration.verifyLocked')}</PlanFeatureNotice>
          )}
          <SelectField
            label={t('registration.fields.emailMode')}
            options={modes.map((value) => ({
              value,
              label: t(`events:options.registrationEmailMode.${value}`),
            }))}
            error={errors.registrationEmailMode?.message}
            {...fields.registrationEmailMode}
          />
        </Stack>
      </SectionCard>
      <SectionCard
        title={t('mails:registration.title')}
        description={t('mails:registration.description')}
      >
        <MailTextEditor
          eventId={eventId}
          kind="registration"
          control={form.control as unknown as Control<FieldValues>}
          subjectName="registrationMailSubject"
          bodyName="registrationMailBody"
          placeholders={REGISTRATION_MAIL_PLACEHOLDERS}
          event={settings}
          canSend={mailsAllowed}
          dirty={dirty}
        />
      </SectionCard>
      <SectionCard
        title={t('registration.form.title')}
        description={t('registration.form.description')}
      >
        <Stack spacing={2}>
          {list.fields.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('registration.form.empty')}
            </Typography>
          ) : (
            <Box
              component="ol"
              aria-label={t('registration.form.listLabel')}
              sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
            >
              {list.fields.map((item, index) => {
                const itemErrors = errors.registrationFields?.[index];
                const name = t('registration.form.itemName', { number: index + 1 });
                return (
                  <Box
                    component="li"
                    key={item.id}
                    aria-label={name}
                    data-testid="registration-field"
                    sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}
                  >
                    <Stack
                      direction="row"
                      sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}
                    >
                      <Typography sx={{ fontSize: '0.8125rem', fontWeight: 600 }}>
                        {name}
                      </Typography>
                      <IconButton
                        size="small"
                        aria-label={t('registration.form.remove', { name })}
                        onClick={() => list.remove(index)}
                      >
                        <DeleteOutlineOutlined fontSize="small" />
                      </IconButton>
                    </Stack>
                    <Stack spacing={2}>
                      <Box
                        sx={{
                          display: 'grid',
                          gap: 2,
                          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
                        }}
                      >
                        <TextInputField
                          label={t('registration.fields.label')}
                          autoComplete="off"
                          error={itemErrors?.label?.message}
                          {...form.register(`registrationFields.${index}.label`)}
                        />
                        <TextInputField
                          label={t('registration.fields.name')}
                          helperText={t('registration.fields.nameHint')}
                          autoComplete="off"
                          spellCheck={false}
                          error={itemErrors?.name?.message}
                          {...form.register(`registrationFields.${index}.name`)}
                        />
                      </Box>
                      <SwitchField
                        control={control}
                        name={`registrationFields.${index}.required`}
                        label={t('registration.fields.required')}
                      />
                      <LinesField
                        control={control}
                        name={`registrationFields.${index}.options`}
                        label={t('registration.fields.options')}
                        helperText={t('registration.fields.optionsHint', {
                          max: REGISTRATION_FIELD_OPTIONS_MAX,
                        })}
                        rows={3}
                      />
                    </Stack>
                  </Box>
                );
              })}
            </Box>
          )}
          <Button
            variant="outlined"
            startIcon={<AddRounded />}
            disabled={atMax}
            onClick={() =>
              list.append(NEW_FIELD, {
                focusName: `registrationFields.${list.fields.length}.label`,
              })
            }
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('registration.form.add')}
          </Button>
          <Typography variant="body2" color="text.secondary">
            {t('registration.form.count', {
              count: list.fields.length,
              max: REGISTRATION_FIELDS_MAX,
            })}
          </Typography>
        </Stack>
      </SectionCard>
    </SettingsForm>
  );
}
