import type { Channel, EventSettingsResponse, Highlight } from '@livent/shared';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useController, useForm, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/forms/form-alert';
import { LockedSlugField } from '../../../components/forms/locked-slug-field';
import { SaveBar } from '../../../components/forms/save-bar';
import { FieldGrid } from '../../../components/forms/save-actions';
import { SwitchField } from '../../../components/forms/switch-field';
import { TextInputField } from '../../../components/forms/text-input-field';
import { SectionCard } from '../../../components/page/section-card';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes/use-unsaved-changes-guard';
import { ApiError } from '../../../lib/api-error';
import { translateMessage } from '../../../lib/forms/messages';
import { reportFormError } from '../../../lib/forms/report-error';
import { notify } from '../../../lib/notifications';
import { useUpdateChannel } from '../api/channels-api';
import { channelFormValues, channelPatch, formFieldOf, type ChannelFormValues } from '../overrides';
import { OverrideFields } from './override-fields';

type Form = UseFormReturn<ChannelFormValues>;

/** Puts field errors (`overrides.playerLink`, `slug`) onto the form; anything else above it. */
function showErrors(form: Form, errors: [string, string][]): boolean {
  errors.forEach(([field, message], index) => {
    form.setError(
      formFieldOf(field) as Path<ChannelFormValues>,
      { type: 'server', message },
      {
        shouldFocus: index === 0,
      },
    );
  });
  return errors.length > 0;
}

/** "All of the event's highlights" or a chosen subset of them. */
function HighlightsChoice({ form, highlights }: { form: Form; highlights: Highlight[] }) {
  const { t } = useTranslation('channels');
  const mode = useController({ control: form.control, name: 'highlights' });
  const chosen = useController({ control: form.control, name: 'highlightIds' });
  const ids = chosen.field.value;
  const error = form.formState.errors.highlightIds?.message;
  return (
    <Stack spacing={1.5}>
      <RadioGroup
        name={mode.field.name}
        value={mode.field.value}
        onChange={(event) => mode.field.onChange(event.target.value)}
        aria-label={t('editor.highlights')}
      >
        <FormControlLabel
          value="all"
          control={<Radio size="small" />}
          label={t('editor.allHighlights')}
        />
        <FormControlLabel
          value="chosen"
          control={<Radio size="small" />}
          label={t('editor.chosenHighlights')}
        />
      </RadioGroup>
      {mode.field.value === 'chosen' && (
        <Box sx={{ pl: 4 }}>
          {highlights.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('editor.noHighlights')}
            </Typography>
          ) : (
            <Stack>
              {highlights.map((highlight) => (
                <FormControlLabel
                  key={highlight.id}
                  label={
                    highlight.group ? `${highlight.group} · ${highlight.title}` : highlight.title
                  }
                  control={
                    <Checkbox
                      size="small"
                      checked={ids.includes(highlight.id)}
                      onChange={(event) =>
                        chosen.field.onChange(
                          event.target.checked
                            ? [...ids, highlight.id]
                            : ids.filter((id) => id !== highlight.id),
                        )
                      }
                    />
                  }
                />
              ))}
            </Stack>
          )}
          {error && <FormAlert>{translateMessage(error)}</FormAlert>}
        </Box>
      )}
    </Stack>
  );
}

/**
 * A channel's screen (docs/product-spec.md section 2, /events/{eventid}/channels/{eventchannelid}): title,
 * address (behind an unlock, like the event's), visibility, overrides of the event's settings and
 * its highlights. Saves only what changed; asks before leaving with unsaved changes.
 */
export function ChannelForm({
  eventId,
  channel,
  settings,
  highlights,
}: {
  eventId: string;
  channel: Channel;
  settings: EventSettingsResponse;
  highlights: Highlight[];
}) {
  const { t } = useTranslation(['channels', 'forms']);
  const form = useForm<ChannelFormValues>({ defaultValues: channelFormValues(channel, settings) });
  const { errors, isDirty, isSubmitting } = form.formState;
  const guard = useUnsavedChangesGuard(isDirty && !isSubmitting);
  // A new key after each save locks the slug again.
  const [slugKey, setSlugKey] = useState(0);
  const serverError = errors.root?.server?.message;
  const order = highlights.map((highlight) => highlight.id);
  const fields = { title: form.register('title'), slug: form.register('slug') };
  const updateChannel = useUpdateChannel(eventId, channel.id);

  const onSubmit = form.handleSubmit(async (values) => {
    const patch = channelPatch(values, channel, order);
    const { channelPatchSchema } = await import('../schemas');
    const checked = channelPatchSchema.safeParse(patch);
    if (!checked.success) {
      showErrors(
        form,
        checked.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
      );
      return;
    }
    try {
      const saved =
        Object.keys(patch).length > 0 ? await updateChannel.mutateAsync(patch) : channel;
      form.reset(channelFormValues(saved, settings));
      setSlugKey((key) => key + 1);
      notify({ type: 'success', message: t('forms:saved') });
    } catch (error) {
      if (error instanceof ApiError && error.code !== 429 && error.errors) {
        if (showErrors(form, Object.entries(error.errors))) return;
      }
      await reportFormError(form.setError, error, []);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={3}>
        {serverError && <FormAlert>{translateMessage(serverError)}</FormAlert>}
        <SectionCard title={t('editor.details')} description={t('editor.detailsText')}>
          <Stack spacing={2.5}>
            <FieldGrid>
              <TextInputField
                label={t('fields.title')}
                autoComplete="off"
                error={errors.title?.message}
                {...fields.title}
              />
              <LockedSlugField
                key={slugKey}
                label={t('fields.slug')}
                texts={{
                  lockedHint: t('slug.locked'),
                  unlockedHint: t('fields.slugHint', { url: `${settings.fullUrl}/` }),
                  unlock: t('slug.unlock'),
                  confirmTitle: t('slug.unlockTitle'),
                  confirmMessage: t('slug.unlockText'),
                  confirmLabel: t('slug.unlockConfirm'),
                }}
                onUnlocked={() => form.setFocus('slug')}
                error={errors.slug?.message}
                {...fields.slug}
              />
            </FieldGrid>
            <SwitchField
              control={form.control}
              name="visible"
              label={t('fields.visible')}
              description={t('fields.visibleHint')}
            />
          </Stack>
        </SectionCard>
        <SectionCard title={t('editor.overrides')} description={t('editor.overridesText')}>
          <OverrideFields form={form} settings={settings} savedOverrides={channel.overrides} />
        </SectionCard>
        <SectionCard title={t('editor.highlights')} description={t('editor.highlightsText')}>
          <HighlightsChoice form={form} highlights={highlights} />
        </SectionCard>
      </Stack>
      <SaveBar dirty={isDirty} submitting={isSubmitting} onDiscard={() => form.reset()} />
      {guard}
    </Box>
  );
}
