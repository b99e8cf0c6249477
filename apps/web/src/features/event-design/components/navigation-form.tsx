import { CHANNEL_MENU_NAMES } from '@livent/shared';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldGrid } from '../../../components/forms/save-actions';
import { SelectField } from '../../../components/forms/select-field';
import { SettingsForm } from '../../../components/forms/settings-form';
import { SwitchField } from '../../../components/forms/switch-field';
import { TextInputField } from '../../../components/forms/text-input-field';
import { SectionCard } from '../../../components/page/section-card';
import { useSettingsForm } from '../../../lib/events/use-settings-form';
import { MenuItemsField, type MenuItemsValues } from './menu-items-field';

const NAVIGATION_FIELDS = [
  'menuItems',
  'navigationAlwaysVisible',
  'channelMenuTitle',
  'channelMenuName',
] as const;

/**
 * The navigation of the event page (docs/product-spec.md section 3, "navigation"): menu items, whether
 * the menu is always visible, and the channel menu's default title and name.
 */
export function NavigationForm({ eventId }: { eventId: string }) {
  const { t } = useTranslation('design');
  const settingsForm = useSettingsForm(eventId, NAVIGATION_FIELDS);
  const { register, control, formState } = settingsForm.form;
  const { errors } = formState;
  const fields = {
    channelMenuName: register('channelMenuName'),
    channelMenuTitle: register('channelMenuTitle'),
  };
  return (
    <SettingsForm settingsForm={settingsForm}>
      <SectionCard
        title={t('navigation.menu.title')}
        description={t('navigation.menu.description')}
      >
        <Stack spacing={3}>
          <MenuItemsField
            control={control as unknown as Control<MenuItemsValues>}
            register={register as unknown as UseFormRegister<MenuItemsValues>}
            errors={errors as FieldErrors<MenuItemsValues>}
          />
          <Box sx={{ pt: 2.5, borderTop: 1, borderColor: 'divider' }}>
            <SwitchField
              control={control}
              name="navigationAlwaysVisible"
              label={t('navigation.alwaysVisible')}
              description={t('navigation.alwaysVisibleHint')}
            />
          </Box>
        </Stack>
      </SectionCard>
      <SectionCard
        title={t('navigation.channelMenu.title')}
        description={t('navigation.channelMenu.description')}
      >
        <FieldGrid>
          <SelectField
            label={t('navigation.channelMenu.name')}
            helperText={t('navigation.channelMenu.nameHint')}
            options={CHANNEL_MENU_NAMES.map((name) => ({
              value: name,
              label: t(`navigation.channelMenu.names.${name}`),
            }))}
            error={errors.channelMenuName?.message}
            {...fields.channelMenuName}
          />
          <TextInputField
            label={t('navigation.channelMenu.defaultTitle')}
            helperText={t('navigation.channelMenu.defaultTitleHint')}
            optional
            autoComplete="off"
            error={errors.channelMenuTitle?.message}
            {...fields.channelMenuTitle}
          />
        </FieldGrid>
      </SectionCard>
    </SettingsForm>
  );
}
