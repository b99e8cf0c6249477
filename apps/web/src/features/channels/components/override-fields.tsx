import {
  EVENT_LANGUAGES,
  EVENT_SETTING_FEATURES,
  hasFeature,
  PLAYER_MODES,
  START_MODES,
  type ChannelOverrides,
  type EventSettings,
} from '@livent/shared';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useController, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ImageField } from '../../../components/forms/image-field';
import { FieldGrid } from '../../../components/forms/save-actions';
import { SelectField } from '../../../components/forms/select-field';
import { SwitchField } from '../../../components/forms/switch-field';
import { TextAreaField } from '../../../components/forms/text-area-field';
import { TextInputField } from '../../../components/forms/text-input-field';
import { ZoneAndDurationFields } from '../../../components/forms/zone-and-duration-fields';
import { usePlanAllowance } from '../../../lib/auth/use-plan-allowance';
import { emptyToNull, emptyToNullNumber } from '../../../lib/events/use-settings-form';
import {
  OVERRIDE_GROUP_NAMES,
  OVERRIDE_GROUPS,
  groupValues,
  type ChannelFormValues,
  type OverrideGroup,
} from '../overrides';

type Form = UseFormReturn<ChannelFormValues>;

const SUMMARY_MAX = 90;

/** The event's value of a group in one line, for a group the channel does not override. */
function useEventSummary(settings: EventSettings) {
  const { t } = useTranslation('channels');
  const short = (text: string) =>
    text.length > SUMMARY_MAX ? `${text.slice(0, SUMMARY_MAX - 1)}…` : text;
  return (group: OverrideGroup): string => {
    const summary: Record<OverrideGroup, string> = {
      title: settings.title,
      headline: settings.headline,
      language: t(`options.language.${settings.language}`),
      description: settings.description,
      start:
        settings.startMode === 'datetime'
          ? [settings.startDate, settings.startTime].filter(Boolean).join(' ')
          : settings.startMode === 'text'
            ? settings.startText
            : t('options.startMode.none'),
      beforeAfter: settings.waitingText || settings.thankYouText,
      replay: settings.replayLink,
      player: settings.playerVisible
        ? t(`options.playerMode.${settings.playerMode}`)
        : t('options.playerMode.disabled'),
      texts: settings.introduction || settings.agenda || settings.content,
      callToAction: settings.ctaTitle,
      messagesPrompt: settings.messagesPrompt,
      consentText: settings.complianceTextEn || settings.complianceTextDe,
      access: settings.accessText,
    };
    return t('editor.eventValue', { value: short(summary[group].trim()) || t('editor.empty') });
  };
}

type OverrideField = (typeof OVERRIDE_GROUPS)[OverrideGroup][number];
type TextField = Exclude<
  OverrideField,
  | 'language'
  | 'startMode'
  | 'playerMode'
  | 'playerVisible'
  | 'alternatePlayerImage'
  | 'extraImage'
  | 'timeZone'
  | 'durationMinutes'
>;

/** One text setting of the channel, multi-line with `rows`. */
function OverrideText({
  form,
  field,
  rows,
  type,
}: {
  form: Form;
  field: TextField;
  rows?: number;
  type?: 'date' | 'time';
}) {
  const { t } = useTranslation('channels');
  const label = t(`overrideFields.${field}`);
  const error = form.formState.errors.values?.[field]?.message;
  const nullable = field === 'startDate' || field === 'startTime';
  const registration = form.register(
    `values.${field}`,
    nullable ? { setValueAs: emptyToNull } : undefined,
  );
  return rows ? (
    <TextAreaField label={label} rows={rows} error={error} {...registration} />
  ) : (
    <TextInputField label={label} type={type} error={error} {...registration} />
  );
}

const CHOICES = { language: EVENT_LANGUAGES, startMode: START_MODES, playerMode: PLAYER_MODES };

/** One setting with fixed choices (language, start, player). */
function OverrideSelect({ form, field }: { form: Form; field: keyof typeof CHOICES }) {
  const { t } = useTranslation('channels');
  const options = CHOICES[field].map((value) => ({
    value,
    label: t(`options.${field}.${value}` as never),
  }));
  // Controlled: the value is set with the options in place, whatever the DOM does on mount.
  const { field: select } = useController({ control: form.control, name: `values.${field}` });
  return <SelectField label={t(`overrideFields.${field}`)} options={options} {...select} />;
}

const DURATION = 'values.durationMinutes' as const;

/** The channel's time zone (empty: the event's owner's account time zone) and duration. */
function OverrideZoneAndDuration({ form }: { form: Form }) {
  const { t } = useTranslation('channels');
  const { field: zone } = useController({ control: form.control, name: 'values.timeZone' });
  const errors = form.formState.errors.values;
  return (
    <ZoneAndDurationFields
      zone={zone}
      duration={form.register(DURATION, { setValueAs: emptyToNullNumber })}
      texts={{
        zone: t('overrideFields.timeZone'),
        zoneEmpty: t('overrideFields.timeZoneAccount'),
        duration: t('overrideFields.durationMinutes'),
        durationHint: t('overrideFields.durationMinutesHint'),
      }}
      errors={{
        timeZone: errors?.timeZone?.message,
        durationMinutes: errors?.durationMinutes?.message,
      }}
    />
  );
}

/** An image setting of the channel. */
function OverrideImage({
  form,
  field,
}: {
  form: Form;
  field: 'alternatePlayerImage' | 'extraImage';
}) {
  const { t } = useTranslation('channels');
  return (
    <ImageField
      control={form.control}
      name={`values.${field}`}
      label={t(`overrideFields.${field}`)}
    />
  );
}

/** The access page's text and one label for each of the event's registration fields. */
function AccessFields({ form, settings }: { form: Form; settings: EventSettings }) {
  const { t } = useTranslation('channels');
  const errors = form.formState.errors.values?.registrationFieldLabels;
  return (
    <Stack spacing={2.5}>
      <OverrideText form={form} field="accessText" rows={4} />
      {settings.registrationFields.length > 0 && (
        <FieldGrid>
          {settings.registrationFields.map((field) => (
            <TextInputField
              key={field.name}
              label={t('overrideFields.registrationFieldLabel', { label: field.label })}
              error={errors?.[field.name]?.message}
              {...form.register(`values.registrationFieldLabels.${field.name}`)}
            />
          ))}
        </FieldGrid>
      )}
    </Stack>
  );
}

/** The fields of one group, shown while the channel overrides it. */
function GroupFields({
  group,
  form,
  settings,
}: {
  group: OverrideGroup;
  form: Form;
  settings: EventSettings;
}) {
  const { t } = useTranslation('channels');
  const [startMode, playerMode] = useWatch({
    control: form.control,
    name: ['values.startMode', 'values.playerMode'],
  });
  switch (group) {
    case 'title':
    case 'headline':
    case 'messagesPrompt':
      return <OverrideText form={form} field={group} />;
    case 'description':
      return <OverrideText form={form} field={group} rows={4} />;
    case 'language':
      return <OverrideSelect form={form} field="language" />;
    case 'start':
      return (
        <FieldGrid>
          <OverrideSelect form={form} field="startMode" />
          {startMode === 'text' && <OverrideText form={form} field="startText" />}
          {startMode === 'datetime' && (
            <Stack direction="row" spacing={2}>
              <OverrideText form={form} field="startDate" type="date" />
              <OverrideText form={form} field="startTime" type="time" />
            </Stack>
          )}
          {startMode === 'datetime' && <OverrideZoneAndDuration form={form} />}
        </FieldGrid>
      );
    case 'beforeAfter':
      return (
        <FieldGrid>
          <OverrideText form={form} field="waitingText" rows={3} />
          <OverrideText form={form} field="thankYouText" rows={3} />
        </FieldGrid>
      );
    case 'replay':
      return <OverrideText form={form} field="replayLink" />;
    case 'player':
      return (
        <Stack spacing={2.5}>
          <SwitchField
            control={form.control}
            name="values.playerVisible"
            label={t('overrideFields.playerVisible')}
          />
          <FieldGrid>
            <OverrideSelect form={form} field="playerMode" />
            {playerMode !== 'code' && playerMode !== 'disabled' && (
              <OverrideText form={form} field="playerLink" />
            )}
          </FieldGrid>
          {playerMode === 'code' && <OverrideText form={form} field="playerCode" rows={4} />}
          <OverrideImage form={form} field="alternatePlayerImage" />
        </Stack>
      );
    case 'texts':
      return (
        <Stack spacing={2.5}>
          <OverrideText form={form} field="introduction" rows={4} />
          <OverrideText form={form} field="agenda" rows={4} />
          <OverrideText form={form} field="content" rows={4} />
          <OverrideImage form={form} field="extraImage" />
        </Stack>
      );
    case 'callToAction':
      return (
        <FieldGrid>
          <OverrideText form={form} field="ctaTitle" />
          <OverrideText form={form} field="ctaLink" />
        </FieldGrid>
      );
    case 'consentText':
      return (
        <FieldGrid>
          <OverrideText form={form} field="complianceTextEn" rows={3} />
          <OverrideText form={form} field="complianceTextDe" rows={3} />
        </FieldGrid>
      );
    case 'access':
      return <AccessFields form={form} settings={settings} />;
  }
}

/**
 * "Override …": switching it on prefills the group's fields (`onOverride`). A group whose
 * settings need a plan feature the plan lacks cannot be switched on (it can be switched off).
 */
function OverrideCheckbox({
  group,
  form,
  onOverride,
}: {
  group: OverrideGroup;
  form: Form;
  onOverride: () => void;
}) {
  const { t } = useTranslation('channels');
  const { field } = useController({ control: form.control, name: `overridden.${group}` });
  const allowance = usePlanAllowance();
  const locked = OVERRIDE_GROUPS[group].some((name: OverrideField) => {
    const feature = EVENT_SETTING_FEATURES[name];
    return feature !== undefined && !hasFeature(allowance, feature);
  });
  return (
    <FormControlLabel
      label={t('editor.overrideGroup', { group: t(`groups.${group}`) })}
      slotProps={{ typography: { sx: { fontWeight: 500, fontSize: '0.9375rem' } } }}
      control={
        <Checkbox
          size="small"
          checked={field.value}
          disabled={locked && !field.value}
          onBlur={field.onBlur}
          slotProps={{ input: { ref: field.ref } as object }}
          onChange={(event) => {
            field.onChange(event.target.checked);
            if (event.target.checked) onOverride();
          }}
        />
      }
    />
  );
}

/**
 * One checkbox per group of overridable settings (ADR 018): checked, the group's fields appear,
 * prefilled with the channel's saved override or else the event's value; unchecked, the channel
 * follows the event again and the group's summary shows the event's value.
 */
export function OverrideFields({
  form,
  settings,
  savedOverrides,
}: {
  form: Form;
  settings: EventSettings;
  savedOverrides: ChannelOverrides;
}) {
  const overridden = useWatch({ control: form.control, name: 'overridden' });
  const summary = useEventSummary(settings);
  return (
    <Stack spacing={1.5}>
      {OVERRIDE_GROUP_NAMES.map((group) => (
        <Box
          key={group}
          data-testid={`override-${group}`}
          sx={{
            p: 2,
            border: 1,
            borderRadius: 2,
            borderColor: overridden[group] ? 'primary.light' : 'divider',
            bgcolor: overridden[group] ? 'background.paper' : '#FAFAFC',
          }}
        >
          <OverrideCheckbox
            group={group}
            form={form}
            onOverride={() => {
              for (const [field, value] of Object.entries(
                groupValues(group, savedOverrides, settings),
              )) {
                form.setValue(`values.${field as OverrideField}`, value as never, {
                  shouldDirty: true,
                });
              }
            }}
          />
          {overridden[group] ? (
            <Box sx={{ mt: 1.5 }}>
              <GroupFields group={group} form={form} settings={settings} />
            </Box>
          ) : (
            <Typography
              variant="body2"
              sx={{ color: 'text.secondary', ml: 4, overflowWrap: 'anywhere' }}
            >
              {summary(group)}
            </Typography>
          )}
        </Box>
      ))}
    </Stack>
  );
}
