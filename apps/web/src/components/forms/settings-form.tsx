import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { EventSettingName } from '@livent/shared';
import type { ReactNode } from 'react';
import { translateMessage } from '../../lib/forms/messages';
import type { SettingsForm as SettingsFormState } from '../../lib/events/use-settings-form';
import { FormAlert } from './form-alert';
import { SaveBar } from './save-bar';

/**
 * One editor screen's form (see `useSettingsForm`): its section cards (`SectionCard` without a
 * footer) one below the other, the server's message above them, and a save bar that sticks to
 * the bottom of the window while there are unsaved changes (`SaveBar`), so every section saves
 * alike.
 */
export function SettingsForm<K extends EventSettingName>({
  settingsForm,
  children,
}: {
  settingsForm: SettingsFormState<K>;
  children: ReactNode;
}) {
  const { form, onSubmit, guard, dirty, discard } = settingsForm;
  const { isSubmitting, errors } = form.formState;
  const serverError = (errors as { root?: { server?: { message?: string } } }).root?.server
    ?.message;
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={3}>
        {serverError && <FormAlert>{translateMessage(serverError)}</FormAlert>}
        {children}
      </Stack>
      <SaveBar dirty={dirty} submitting={isSubmitting} onDiscard={discard} />
      {guard}
    </Box>
  );
}
