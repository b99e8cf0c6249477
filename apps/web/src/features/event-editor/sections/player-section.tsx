import { PLAYER_MODES, type PlayerMode } from '@livent/shared';
import Stack from '@mui/material/Stack';
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
import { useEmbedLinkField } from './use-embed-link-field';

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

/** The player (docs/product-spec.md section 3): visible, mode, link or code, and the alternate image. */
export function PlayerSection({ eventId }: { eventId: string }) {
  const { t } = useTranslation(['editor', 'events']);
  const settingsForm = useSettingsForm(eventId, FIELDS);
  const { form, fields } = settingsForm;
  const { control } = form;
  const { errors } = form.formState;
  const mode = useWatch({ control, name: 'playerMode' });
  const { field: playerLink, reduced } = useEmbedLinkField(form, 'playerLink');

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
