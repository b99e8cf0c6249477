import { MESSAGE_ANSWER_MAX, type InboxMessage } from '@livent/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from '../../../components/forms/text-area-field';
import { lazyResolver } from '../../../lib/forms/lazy-resolver';
import { reportFormError } from '../../../lib/forms/report-error';

interface AnswerValues {
  answer: string;
  answerPublic: boolean;
}

const resolver = lazyResolver<AnswerValues>(async () => {
  const { messagePatchSchema } = await import('@livent/shared');
  return messagePatchSchema.required({ answer: true, answerPublic: true }).pick({
    answer: true,
    answerPublic: true,
  });
});

/**
 * What the visibility switch starts at: the first answer to an approved question is public (the
 * question is on the page already and its audience waits for the answer), as the server decides
 * when no visibility is sent (ADR 053); otherwise what the message has.
 */
const answerPublicAtFirst = (
  message: Pick<InboxMessage, 'answer' | 'answerPublic' | 'status'>,
): boolean => (message.answer === null && message.status === 'approved') || message.answerPublic;

/**
 * The answer to a viewer's message (ADR 025): public (every viewer of the page sees it under the
 * question) or private (only its sender). Shown as text with Edit and Remove, or as the editor.
 */
export function AnswerEditor({
  message,
  onSave,
  onRemove,
  busy,
}: {
  message: InboxMessage;
  onSave: (values: AnswerValues) => Promise<void>;
  onRemove: () => Promise<void>;
  busy: boolean;
}) {
  const { t } = useTranslation('messages');
  const [editing, setEditing] = useState(false);
  const initial = (): AnswerValues => ({
    answer: message.answer ?? '',
    answerPublic: answerPublicAtFirst(message),
  });
  const form = useForm<AnswerValues>({ resolver, defaultValues: initial() });
  const { register, formState, setValue, control } = form;
  const answerPublic = useWatch({ control, name: 'answerPublic' });
  const answerField = register('answer');

  const open = () => {
    form.reset(initial());
    setEditing(true);
  };
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSave(values);
      setEditing(false);
    } catch (error) {
      await reportFormError(form.setError, error, ['answer', 'answerPublic']);
    }
  });

  if (!editing && message.answer === null) {
    return (
      <Button variant="outlined" size="small" onClick={open} sx={{ alignSelf: 'flex-start' }}>
        {t('answer.write')}
      </Button>
    );
  }
  if (!editing) {
    return (
      <Box
        data-testid="message-answer"
        sx={{
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
          p: 1.5,
          bgcolor: 'rgba(79, 70, 229, 0.04)',
        }}
      >
        <Typography
          variant="overline"
          component="p"
          sx={{ color: 'text.secondary', lineHeight: 1.6 }}
        >
          {message.answerPublic ? t('answer.public') : t('answer.private')}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontSize: '0.875rem' }}>
          {message.answer}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <Button size="small" onClick={open}>
            {t('answer.edit')}
          </Button>
          <Button size="small" color="error" onClick={() => void onRemove()} disabled={busy}>
            {t('answer.remove')}
          </Button>
        </Stack>
      </Box>
    );
  }
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={1.5}>
        <TextAreaField
          label={t('answer.label')}
          maxLength={MESSAGE_ANSWER_MAX}
          rows={4}
          style={{ minHeight: 96 }}
          error={formState.errors.answer?.message}
          {...answerField}
        />
        <FormControlLabel
          control={
            <Switch
              checked={answerPublic}
              onChange={(event) =>
                setValue('answerPublic', event.target.checked, { shouldDirty: true })
              }
            />
          }
          label={
            <Typography sx={{ fontSize: '0.875rem' }}>
              {answerPublic ? t('answer.publicHint') : t('answer.privateHint')}
            </Typography>
          }
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button
            color="inherit"
            onClick={() => setEditing(false)}
            disabled={formState.isSubmitting}
          >
            {t('answer.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={formState.isSubmitting}>
            {t('answer.save')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
