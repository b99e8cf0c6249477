import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { EventSettingName } from '@livent/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../lib/forms/messages';
import type { SettingsForm as SettingsFormState } from '../../lib/events/use-settings-form';
import { FormAlert } from './form-alert';
import { SaveActions } from './save-actions';

/**
 * One editor screen's form (see `useSettingsForm`): its section cards (`SectionCard` without a
 * footer) one below the other, the server's message above them, and a save bar that sticks to
 * the bottom of the window while there are unsaved changes, so every section saves alike.
 */
export function SettingsForm<K extends EventSettingName>({
  settingsForm,
  children,
}: {
  settingsForm: SettingsFormState<K>;
  children: ReactNode;
}) {
  const { t } = useTranslation('events');
  const { form, onSubmit, guard } = settingsForm;
  const { isDirty, isSubmitting, errors } = form.formState;
  const serverError = (errors as { root?: { server?: { message?: string } } }).root?.server
    ?.message;
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={3}>
        {serverError && <FormAlert>{translateMessage(serverError)}</FormAlert>}
        {children}
      </Stack>
      <Paper
        variant="outlined"
        sx={{
          // Sticks to the window's bottom only while there is something to save.
          position: isDirty ? 'sticky' : 'static',
          bottom: { xs: 8, md: 16 },
          zIndex: 2,
          mt: 3,
          px: { xs: 2, sm: 3 },
          py: 1.5,
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1.5,
          alignItems: 'center',
          justifyContent: 'flex-end',
          boxShadow: isDirty ? '0 8px 24px rgba(15, 23, 42, 0.12)' : 'none',
          borderColor: isDirty ? 'primary.light' : 'divider',
        }}
      >
        <Typography
          variant="body2"
          role="status"
          sx={{ flex: '1 1 180px', color: isDirty ? 'text.primary' : 'text.secondary' }}
        >
          {isDirty ? t('editor.unsavedChanges') : t('editor.allSaved')}
        </Typography>
        <Box
          sx={{
            display: 'flex',
            gap: 1.5,
            flexWrap: 'wrap',
            justifyContent: 'flex-end',
            ml: 'auto',
          }}
        >
          <SaveActions dirty={isDirty} submitting={isSubmitting} onDiscard={() => form.reset()} />
        </Box>
      </Paper>
      {guard}
    </Box>
  );
}
