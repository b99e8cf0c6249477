import { MESSAGE_TEXT_MAX } from '@livent/shared';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from '../../../components/forms/text-area-field';
import { lazyResolver } from '../../../lib/forms/lazy-resolver';
import { reportFormError } from '../../../lib/forms/report-error';

interface NoteValues {
  text: string;
}

const resolver = lazyResolver<NoteValues>(
  async () => (await import('@livent/shared')).internalMessageCreateSchema,
);

/** "Note to organisers": an internal message, seen in the inbox only (ADR 025). */
export function InternalComposer({ onSend }: { onSend: (text: string) => Promise<void> }) {
  const { t } = useTranslation('messages');
  const [open, setOpen] = useState(false);
  const form = useForm<NoteValues>({ resolver, defaultValues: { text: '' } });
  const textField = form.register('text');
  const submit = form.handleSubmit(async ({ text }) => {
    try {
      await onSend(text);
      form.reset({ text: '' });
      setOpen(false);
    } catch (error) {
      await reportFormError(form.setError, error, ['text']);
    }
  });
  if (!open) {
    return (
      <Button
        variant="outlined"
        size="small"
        startIcon={<LockOutlined />}
        onClick={() => setOpen(true)}
      >
        {t('note.open')}
      </Button>
    );
  }
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ width: '100%' }}>
      <Stack spacing={1.5}>
        <TextAreaField
          label={t('note.label')}
          helperText={t('note.hint')}
          maxLength={MESSAGE_TEXT_MAX}
          rows={3}
          style={{ minHeight: 80 }}
          error={form.formState.errors.text?.message}
          {...textField}
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button color="inherit" onClick={() => setOpen(false)}>
            {t('note.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
            {t('note.send')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
