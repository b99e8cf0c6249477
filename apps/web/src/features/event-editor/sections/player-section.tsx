import { iframeSource, PLAYER_MODES, type PlayerMode } from '@livent/shared';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ImageField } from '../../../components/forms/image-field';
import { SelectField } from '../../../components/forms/select-field';
import { SettingsForm } from '../../../components/forms/settings-form';
import { SwitchField } from '../../../components/forms/switch-field';
import { TextAreaField } from '../../../components/forms/text-area-field';
import { TextInputField } from '../../../components/forms/text-input-field';
import { Notice } from '../../../components/page/notice';
import { SectionCard } from '../../../components/page/section-card';
import { useSettingsForm } from '../../../lib/events/use-settings-form';

const FIELDS = [
  'playerVisible',
  'playerMode',
  'playerLink',
  'playerCode',
  'alternatePlayerImage',
] as const;

/** Player modes that play a link (the others take embed code or show no player). */
export const LINK_MODES = ['iframe', 'wowza', 'amazon-ivs', 'videojs'] as const;
type LinkMode = (typeof LINK_MODES)[number];
const isLinkMode = (mode: PlayerMode): mode is LinkMode =>
  (LINK_MODES as readonly PlayerMode[]).includes(mode);

/**
 * "Pasted player embed code containing an iframe is reduced to its source link" (spec
 * section 5): the link to keep, or undefined when the text is no embed code.
 */
export function reducedPlayerLink(text: string): string | undefined {
  return iframeSource(text);
}

/** The player (docs/product-spec.md section 3): visible, mode, link or code, and the alternate image. */
export function PlayerSection({ eventId }: { eventId: string }) {
  const { t } = useTranslation(['editor', 'events']);
  const settingsForm = useSettingsForm(eventId, FIELDS);
  const { form, fields } = settingsForm;
  const { register, control, setValue } = form;
  const { errors } = form.formState;
  const mode = useWatch({ control, name: 'playerMode' });
  const [reduced, setReduced] = useState(false);
  // Pasted embed code becomes its link at once (docs/product-spec.md section 5).
  const playerLink = register('playerLink', {
    onChange: (event: { target: { value: string } }) => {
      const link = reducedPlayerLink(event.target.value);
      if (link === undefined) return;
      setValue('playerLink', link, { shouldDirty: true, shouldValidate: true });
      setReduced(true);
    },
  });

  return (
    <SettingsForm settingsForm={settingsForm}>
      <SectionCard title={t('player.card.title')} description={t('player.card.description')}>
        <Stack spacing={2.5}>
          <SwitchField
            control={control}
            name="playerVisible"
            label={t('player.fields.visible')}
            description={t('player.fields.visibleHint')}
          />
          <SelectField
            label={t('player.fields.mode')}
            helperText={t(`player.modeHelp.${mode}`)}
            options={PLAYER_MODES.map((value) => ({
              value,
              label: t(`events:options.playerMode.${value}`),
            }))}
            error={errors.playerMode?.message}
            {...fields.playerMode}
          />
          {isLinkMode(mode) && (
            <Stack spacing={1.5}>
              <TextInputField
                label={t('player.fields.link')}
                helperText={t(`player.linkHelp.${mode}`)}
                placeholder={t('events:urlPlaceholder')}
                autoComplete="off"
                spellCheck={false}
                error={errors.playerLink?.message}
                {...playerLink}
              />
              {reduced && <Notice severity="info">{t('player.reduced')}</Notice>}
            </Stack>
          )}
          {mode === 'code' && (
            <TextAreaField
              label={t('player.fields.code')}
              helperText={t('player.fields.codeHint')}
              spellCheck={false}
              rows={8}
              style={{ fontFamily: 'ui-monospace, monospace', fontSize: 13 }}
              error={errors.playerCode?.message}
              {...fields.playerCode}
            />
          )}
        </Stack>
      </SectionCard>
      <SectionCard
        title={t('player.alternate.title')}
        description={t('player.alternate.description')}
      >
        <ImageField
          control={control}
          name="alternatePlayerImage"
          label={t('player.fields.alternateImage')}
        />
      </SectionCard>
    </SettingsForm>
  );
}
