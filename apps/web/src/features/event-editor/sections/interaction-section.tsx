import { EXTRA_FRAME_MAX_HEIGHT, EXTRA_FRAME_MIN_HEIGHT, MESSAGES_MODES } from '@livent/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RadioGroupField } from '../../../components/forms/radio-group-field';
import { SettingsForm } from '../../../components/forms/settings-form';
import { SwitchField } from '../../../components/forms/switch-field';
import { TextInputField } from '../../../components/forms/text-input-field';
import { Notice } from '../../../components/page/notice';
import { SectionCard } from '../../../components/page/section-card';
import { useSettingsForm } from '../../../lib/events/use-settings-form';
import { MessagesGuestAccess, type GuestTokenAction } from './messages-guest-access';
import { useEmbedLinkField } from './use-embed-link-field';

const FIELDS = [
  'messagesEnabled',
  'messagesPrompt',
  'messagesMode',
  'reactionsEnabled',
  'sideFrameVisible',
  'sideFrameLink',
  'extraFrameVisible',
  'extraFrameLink',
  'extraFrameHeight',
] as const;

/** The extra frame heights the spec offers as examples (section 9). */
export const EXTRA_FRAME_EXAMPLES = [560, 640] as const;

/**
 * Interaction tools (docs/product-spec.md section 3): message tool, reactions (ADR 059), side
 * frame, extra frame.
 */
export function InteractionSection({ eventId }: { eventId: string }) {
  const { t } = useTranslation(['editor', 'events']);
  const [guestToken, setGuestToken] = useState<GuestTokenAction>(undefined);
  const settingsForm = useSettingsForm(eventId, FIELDS, {
    pending: {
      patch: guestToken === undefined ? {} : { messagesGuestToken: guestToken },
      clear: () => setGuestToken(undefined),
    },
  });
  const { control, setValue, formState } = settingsForm.form;
  const { fields } = settingsForm;
  // Pasted embed code becomes its link at once, as the player's (docs/product-spec.md section 5).
  const sideFrameLink = useEmbedLinkField(settingsForm.form, 'sideFrameLink');
  const extraFrameLink = useEmbedLinkField(settingsForm.form, 'extraFrameLink');
  const setExtraFrameHeight = (height: number) =>
    setValue('extraFrameHeight', height, { shouldDirty: true, shouldValidate: true });
  const { errors } = formState;
  const [messagesEnabled, sideFrameVisible, extraFrameVisible] = useWatch({
    control,
    name: ['messagesEnabled', 'sideFrameVisible', 'extraFrameVisible'],
  });
  return (
    <SettingsForm settingsForm={settingsForm}>
      <SectionCard
        title={t('interaction.messages.title')}
        description={t('interaction.messages.description')}
      >
        <Stack spacing={2.5}>
          <SwitchField
            control={control}
            name="messagesEnabled"
            label={t('interaction.fields.messagesEnabled')}
            description={t('interaction.fields.messagesEnabledHint')}
          />
          {messagesEnabled && (
            <TextInputField
              label={t('interaction.fields.messagesPrompt')}
              helperText={t('interaction.fields.messagesPromptHint')}
              optional
              maxLength={200}
              error={errors.messagesPrompt?.message}
              {...fields.messagesPrompt}
            />
          )}
          <Divider />
          <RadioGroupField
            control={control}
            name="messagesMode"
            label={t('interaction.mode.label')}
            options={MESSAGES_MODES.map((mode) => ({
              value: mode,
              label: t(`interaction.mode.${mode}`),
              hint: t(`interaction.mode.${mode}Hint`),
            }))}
          />
          <Divider />
          <MessagesGuestAccess
            eventId={eventId}
            token={settingsForm.settings.messagesGuestToken}
            action={guestToken}
            onAction={setGuestToken}
          />
        </Stack>
      </SectionCard>
      <SectionCard
        title={t('interaction.reactions.title')}
        description={t('interaction.reactions.description')}
      >
        <SwitchField
          control={control}
          name="reactionsEnabled"
          label={t('interaction.fields.reactionsEnabled')}
          description={t('interaction.fields.reactionsEnabledHint')}
        />
      </SectionCard>
      <SectionCard
        title={t('interaction.frames.title')}
        description={t('interaction.frames.description')}
      >
        <Stack spacing={2.5}>
          <SwitchField
            control={control}
            name="sideFrameVisible"
            label={t('interaction.fields.sideFrameVisible')}
            description={t('interaction.fields.sideFrameVisibleHint')}
          />
          {sideFrameVisible && (
            <Stack spacing={1.5}>
              <TextInputField
                label={t('interaction.fields.sideFrameLink')}
                placeholder={t('events:urlPlaceholder')}
                autoComplete="off"
                spellCheck={false}
                error={errors.sideFrameLink?.message}
                {...sideFrameLink.field}
              />
              {sideFrameLink.reduced && <Notice severity="info">{t('player.reduced')}</Notice>}
            </Stack>
          )}
          <Divider />
          <SwitchField
            control={control}
            name="extraFrameVisible"
            label={t('interaction.fields.extraFrameVisible')}
            description={t('interaction.fields.extraFrameVisibleHint')}
          />
          {extraFrameVisible && (
            <>
              <TextInputField
                label={t('interaction.fields.extraFrameLink')}
                placeholder={t('events:urlPlaceholder')}
                autoComplete="off"
                spellCheck={false}
                error={errors.extraFrameLink?.message}
                {...extraFrameLink.field}
              />
              {extraFrameLink.reduced && <Notice severity="info">{t('player.reduced')}</Notice>}
              <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-end', flexWrap: 'wrap' }}>
                <Box sx={{ width: 200 }}>
                  <TextInputField
                    type="number"
                    inputMode="numeric"
                    label={t('interaction.fields.extraFrameHeight')}
                    min={EXTRA_FRAME_MIN_HEIGHT}
                    max={EXTRA_FRAME_MAX_HEIGHT}
                    step={10}
                    error={errors.extraFrameHeight?.message}
                    {...fields.extraFrameHeight}
                  />
                </Box>
                {EXTRA_FRAME_EXAMPLES.map((height) => (
                  <Button
                    key={height}
                    variant="outlined"
                    size="small"
                    sx={{ mb: errors.extraFrameHeight ? 3.5 : 0.5 }}
                    onClick={() => setExtraFrameHeight(height)}
                  >
                    {t('interaction.fields.heightExample', { height })}
                  </Button>
                ))}
              </Box>
              <Box sx={{ fontSize: '0.8125rem', color: 'text.secondary', mt: -1 }}>
                {t('interaction.fields.extraFrameHeightHint', {
                  min: EXTRA_FRAME_MIN_HEIGHT,
                  max: EXTRA_FRAME_MAX_HEIGHT,
                })}
              </Box>
            </>
          )}
        </Stack>
      </SectionCard>
    </SettingsForm>
  );
}
