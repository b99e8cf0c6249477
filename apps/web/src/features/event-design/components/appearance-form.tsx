import {
  BACKGROUND_ATTACHMENTS,
  BACKGROUND_REPEATS,
  BACKGROUND_SIZES,
  EVENT_LAYOUTS,
  FONT_FAMILIES,
  HEADER_HEIGHT_MAX,
  HEADER_HEIGHT_MIN,
  HEADER_LAYOUTS,
} from '@livent/shared';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ImageField } from '../../../components/forms/image-field';
import { SelectField } from '../../../components/forms/select-field';
import { SettingsForm } from '../../../components/forms/settings-form';
import { SwitchField } from '../../../components/forms/switch-field';
import { TextInputField } from '../../../components/forms/text-input-field';
import { PlanFeatureNotice } from '../../../components/page/plan-feature-notice';
import { SectionCard } from '../../../components/page/section-card';
import { pickSettings, useSettingsForm } from '../../../lib/events/use-settings-form';
import { APPEARANCE_FIELDS } from './appearance-fields';
import { ChoiceCards } from './choice-cards';
import { ColorField } from './color-field';
import { ColorPreview, fontStack } from './color-preview';
import { ContrastWarning } from './contrast-warning';
import { HeaderIllustration, LayoutIllustration } from './layout-illustrations';
import { LayoutOrderField } from './layout-order-field';

const PAGE_COLORS = ['backgroundColor', 'textColor', 'accentColor'] as const;
const HEADER_COLORS = ['headerColor', 'headerTextColor', 'headerAccentColor'] as const;

function ColorGroup({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography
        component="h3"
        sx={{
          fontSize: '0.75rem',
          fontWeight: 700,
          letterSpacing: '0.06em',
          textTransform: 'uppercase',
          color: 'text.secondary',
          mb: 1.5,
        }}
      >
        {title}
      </Typography>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}
      >
        {children}
      </Box>
    </Box>
  );
}

/**
 * The appearance of the event page (docs/product-spec.md section 3, "appearance"): logo, the six
 * colours with a live preview, font, background image and its mode, layout, header layout and
 * height, the custom layout order (enterprise) and hiding the footer logo (professional and
 * up). Settings the plan lacks stay visible, disabled, with the plan notice.
 */
export function AppearanceForm({ eventId }: { eventId: string }) {
  const { t } = useTranslation('design');
  const settingsForm = useSettingsForm(eventId, APPEARANCE_FIELDS);
  const { form, settings, missingFeature } = settingsForm;
  const { register, control, formState } = form;
  const { errors } = formState;
  const [fontFamily, backgroundSize] = useWatch({
    control,
    name: ['fontFamily', 'backgroundSize'],
  });
  const fields = {
    customFont: register('customFont'),
    backgroundSize: register('backgroundSize'),
    backgroundRepeat: register('backgroundRepeat'),
    backgroundAttachment: register('backgroundAttachment'),
    headerHeight: register('headerHeight', { valueAsNumber: true }),
  };
  const layoutLocked = Boolean(missingFeature('customLayoutOrder'));
  const footerLocked = Boolean(missingFeature('hideFooterLogo'));
  const options = <const T extends string>(values: readonly T[], key: string) =>
    values.map((value) => ({ value, label: t(`${key}.${value}` as never) }));

  return (
    <SettingsForm settingsForm={settingsForm}>
      <SectionCard
        title={t('appearance.colors.title')}
        description={t('appearance.colors.description')}
      >
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 300px' },
            alignItems: 'start',
          }}
        >
          <Stack spacing={3}>
            <ImageField
              control={control}
              name="logo"
              label={t('appearance.logo')}
              helperText={t('appearance.logoHint')}
            />
            <ColorGroup title={t('appearance.colors.page')}>
              {PAGE_COLORS.map((name) => (
                <ColorField
                  key={name}
                  control={control}
                  name={name}
                  label={t(`appearance.colors.${name}`)}
                />
              ))}
            </ColorGroup>
            <ColorGroup title={t('appearance.colors.header')}>
              {HEADER_COLORS.map((name) => (
                <ColorField
                  key={name}
                  control={control}
                  name={name}
                  label={t(`appearance.colors.${name}`)}
                />
              ))}
            </ColorGroup>
            <ContrastWarning colors={settings} />
          </Stack>
          <Box sx={{ position: { lg: 'sticky' }, top: { lg: 88 } }}>
            <ColorPreview control={control} saved={pickSettings(settings, APPEARANCE_FIELDS)} />
          </Box>
        </Box>
      </SectionCard>

      <SectionCard
        title={t('appearance.font.title')}
        description={t('appearance.font.description')}
      >
        <Stack spacing={2.5}>
          <ChoiceCards
            legend={t('appearance.font.family')}
            columns={{ xs: 2, md: 4 }}
            field={register('fontFamily')}
            choices={FONT_FAMILIES.map((family) => ({
              value: family,
              label: t(`appearance.font.families.${family}`),
              illustration: (
                <Box
                  aria-hidden="true"
                  sx={{
                    fontFamily: fontStack(family, ''),
                    fontSize: '1.5rem',
                    lineHeight: 1,
                    py: 1,
                    textAlign: 'center',
                    borderRadius: 1.5,
                    bgcolor: '#F8FAFC',
                    border: 1,
                    borderColor: 'divider',
                    fontStyle: family === 'custom' ? 'italic' : 'normal',
                  }}
                >
                  {t('appearance.font.sample')}
                </Box>
              ),
            }))}
          />
          {fontFamily === 'custom' && (
            <Box sx={{ maxWidth: { md: 'calc(50% - 10px)' } }}>
              <TextInputField
                label={t('appearance.font.custom')}
                helperText={t('appearance.font.customHint')}
                autoComplete="off"
                spellCheck={false}
                error={errors.customFont?.message}
                {...fields.customFont}
              />
            </Box>
          )}
        </Stack>
      </SectionCard>

      <SectionCard
        title={t('appearance.background.title')}
        description={t('appearance.background.description')}
      >
        <Stack spacing={2.5}>
          <ImageField
            control={control}
            name="backgroundImage"
            label={t('appearance.background.image')}
          />
          <Box
            sx={{
              display: 'grid',
              gap: 2.5,
              gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
            }}
          >
            <SelectField
              label={t('appearance.background.size')}
              options={options(BACKGROUND_SIZES, 'appearance.background.sizes')}
              error={errors.backgroundSize?.message}
              {...fields.backgroundSize}
            />
            <SelectField
              label={t('appearance.background.repeat')}
              options={options(BACKGROUND_REPEATS, 'appearance.background.repeats')}
              disabled={backgroundSize === 'default'}
              error={errors.backgroundRepeat?.message}
              {...fields.backgroundRepeat}
            />
            <SelectField
              label={t('appearance.background.attachment')}
              options={options(BACKGROUND_ATTACHMENTS, 'appearance.background.attachments')}
              disabled={backgroundSize === 'default'}
              error={errors.backgroundAttachment?.message}
              {...fields.backgroundAttachment}
            />
          </Box>
          {backgroundSize === 'default' && (
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: -1 }}>
              {t('appearance.background.defaultHint')}
            </Typography>
          )}
        </Stack>
      </SectionCard>

      <SectionCard
        title={t('appearance.layout.title')}
        description={t('appearance.layout.description')}
      >
        <Stack spacing={3}>
          <ChoiceCards
            legend={t('appearance.layout.layout')}
            columns={{ xs: 1, sm: 3 }}
            field={register('layout')}
            choices={EVENT_LAYOUTS.map((layout) => ({
              value: layout,
              label: t(`appearance.layout.layouts.${layout}`),
              description: t(`appearance.layout.layoutHints.${layout}`),
              illustration: <LayoutIllustration layout={layout} />,
            }))}
          />
          <ChoiceCards
            legend={t('appearance.layout.header')}
            columns={{ xs: 2, md: 4 }}
            field={register('headerLayout')}
            choices={HEADER_LAYOUTS.map((layout) => ({
              value: layout,
              label: t(`appearance.layout.headers.${layout}`),
              illustration: <HeaderIllustration layout={layout} />,
            }))}
          />
          <Box sx={{ maxWidth: 240 }}>
            <TextInputField
              label={t('appearance.layout.height')}
              helperText={t('appearance.layout.heightHint', {
                min: HEADER_HEIGHT_MIN,
                max: HEADER_HEIGHT_MAX,
              })}
              type="number"
              inputMode="numeric"
              min={HEADER_HEIGHT_MIN}
              max={HEADER_HEIGHT_MAX}
              step={1}
              error={errors.headerHeight?.message}
              {...fields.headerHeight}
            />
          </Box>
        </Stack>
      </SectionCard>

      <SectionCard
        title={t('appearance.layoutOrder.title')}
        description={t('appearance.layoutOrder.description')}
      >
        <Stack spacing={2}>
          {layoutLocked && (
            <PlanFeatureNotice>{t('appearance.layoutOrder.plan')}</PlanFeatureNotice>
          )}
          <LayoutOrderField control={control} name="customLayoutOrder" disabled={layoutLocked} />
        </Stack>
      </SectionCard>

      <SectionCard title={t('appearance.footer.title')}>
        <Stack spacing={2}>
          {footerLocked && <PlanFeatureNotice>{t('appearance.footer.plan')}</PlanFeatureNotice>}
          <SwitchField
            control={control}
            name="hideFooterLogo"
            label={t('appearance.footer.hideLogo')}
            description={t('appearance.footer.hideLogoHint')}
            disabled={footerLocked}
          />
        </Stack>
      </SectionCard>
    </SettingsForm>
  );
}
