import {
  POLL_KINDS,
  POLL_OPTIONS_MAX,
  POLL_OPTIONS_MIN,
  type Poll,
  type PollInput,
  type PollKind,
  type PollPatch,
} from '@livent/shared';
import AddRounded from '@mui/icons-material/AddRounded';
import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, type ReactNode } from 'react';
import { useFieldArray, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../../components/forms/checkbox-field';
import { FormAlert } from '../../../components/forms/form-alert';
import { SelectField } from '../../../components/forms/select-field';
import { SwitchField } from '../../../components/forms/switch-field';
import { TextAreaField } from '../../../components/forms/text-area-field';
import { TextInputField } from '../../../components/forms/text-input-field';
import { ApiError } from '../../../lib/api-error';
import { lazyResolver } from '../../../lib/forms/lazy-resolver';
import { translateMessage } from '../../../lib/forms/messages';
import { reportFormError } from '../../../lib/forms/report-error';
import { isChoice } from '../poll-format';

/** The dialog's values: the input with the page as a select's value ('' for the whole event). */
export interface PollFormValues {
  kind: PollKind;
  question: string;
  options: { id?: string; text: string; correct: boolean }[];
  quiz: boolean;
  channel: string;
}

const FIELDS = ['kind', 'question', 'options', 'quiz', 'channel'] as const;

/** A new poll's input that is also a draft's whole patch. */
export type PollSubmission = PollInput & PollPatch;

/** What the server is sent: choice polls keep their options and quiz mode, the others none. */
export function pollInputOf(values: PollFormValues): PollSubmission {
  const choice = isChoice(values.kind);
  return {
    kind: values.kind,
    question: values.question,
    options: choice
      ? values.options.map((option) => ({ ...option, correct: values.quiz && option.correct }))
      : [],
    quiz: choice && values.quiz,
    channelId: values.channel || null,
  };
}

const schemaResolver = lazyResolver<PollInput>(
  async () => (await import('@livent/shared')).pollInputSchema,
);

/**
 * The shared schema, then what the server's service checks beyond it and the form can say at
 * once, with the server's message keys: a choice poll has at least two options, a quiz marks one
 * correct (both on the options, where the server puts them).
 */
export const pollResolver: Resolver<PollFormValues> = async (values, context, options) => {
  const checked = await schemaResolver(pollInputOf(values), context, options as never);
  const errors = { ...checked.errors } as FieldErrors<PollFormValues>;
  if ('channelId' in errors) {
    errors.channel = (errors as Record<string, FieldErrors<PollFormValues>['channel']>).channelId;
    delete (errors as Record<string, unknown>).channelId;
  }
  const choice = isChoice(values.kind);
  const listError =
    choice && values.options.length < POLL_OPTIONS_MIN
      ? `validation.minEntries?min=${POLL_OPTIONS_MIN}`
      : choice && values.quiz && !values.options.some((option) => option.correct)
        ? 'validation.quizCorrectOption'
        : undefined;
  if (listError) {
    // The list's own error sits beside its options' errors (`root`, as react-hook-form puts it).
    errors.options = Object.assign(errors.options ?? {}, {
      root: { type: 'poll', message: listError },
    });
  }
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

const EMPTY: PollFormValues = {
  kind: 'single',
  question: '',
  options: [
    { text: '', correct: false },
    { text: '', correct: false },
  ],
  quiz: false,
  channel: '',
};

const valuesOf = (poll: Poll | undefined): PollFormValues =>
  poll
    ? {
        kind: poll.kind,
        question: poll.question,
        options: poll.options.map(({ id, text, correct }) => ({ id, text, correct })),
        quiz: poll.quiz,
        channel: poll.channelId ?? '',
      }
    : EMPTY;

/**
 * Prepares a poll or edits a draft (docs/decisions/060-control-room.md): its kind, question,
 * options (quiz mode marks the correct ones) and the page that shows it, checked by the shared
 * schema; the server's field errors show at the fields, a plan's limit with a link to the plan.
 * Mount it with a `key` per poll so that it starts from that poll's values.
 */
export function PollDialog({
  open,
  poll,
  channels,
  onClose,
  onSave,
  planLink,
}: {
  open: boolean;
  /** The draft to edit; undefined prepares a new poll. */
  poll?: Poll;
  channels: readonly { id: string; title: string }[];
  onClose: () => void;
  onSave: (input: PollSubmission) => Promise<unknown>;
  /** Shown beside an error of the plan (its limit, a feature it lacks). */
  planLink?: ReactNode;
}) {
  const { t } = useTranslation(['polls', 'forms']);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const form = useForm<PollFormValues>({ resolver: pollResolver, defaultValues: valuesOf(poll) });
  const options = useFieldArray({ control: form.control, name: 'options' });
  const { errors, isSubmitting, isDirty } = form.formState;
  const kind = useWatch({ control: form.control, name: 'kind' });
  const quiz = useWatch({ control: form.control, name: 'quiz' });
  const fields = {
    kind: form.register('kind'),
    question: form.register('question'),
    channel: form.register('channel'),
  };
  const choice = isChoice(kind);
  const serverError = errors.root?.server?.message;
  const optionsError = errors.options?.root?.message ?? errors.options?.message;
  const planError = serverError !== undefined && isPlanMessage(serverError);

  const close = () => {
    if (!isSubmitting) onClose();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await onSave(pollInputOf(values));
      onClose();
    } catch (error) {
      // The plan's poll limit is about the event, not a field: it shows above the form.
      const pollsLimit = error instanceof ApiError ? error.errors?.polls : undefined;
      if (pollsLimit) form.setError('root.server', { type: 'server', message: pollsLimit });
      else await reportFormError(form.setError, error, FIELDS);
    }
  });

  return (
    <Dialog
      open={open}
      // A click beside the dialog must not throw away what was typed.
      onClose={(_event, reason) => {
        if (reason === 'backdropClick' && isDirty) return;
        close();
      }}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit } as object }}
    >
      <DialogTitle id={titleId}>
        {poll ? t('dialog.editTitle') : t('dialog.createTitle')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 0.5 }}>
          {serverError && (
            <FormAlert>
              {translateMessage(serverError)} {planError && planLink}
            </FormAlert>
          )}
          <SelectField
            label={t('dialog.kind')}
            options={POLL_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))}
            error={errors.kind?.message}
            {...fields.kind}
          />
          <TextAreaField
            label={t('dialog.question')}
            rows={2}
            error={errors.question?.message}
            {...fields.question}
          />
          {choice && (
            <>
              <SwitchField
                control={form.control}
                name="quiz"
                label={t('dialog.quiz')}
                description={t('dialog.quizHint')}
              />
              {errors.quiz?.message && (
                <Typography role="alert" variant="body2" sx={{ color: 'error.main', mt: -1.5 }}>
                  {translateMessage(errors.quiz.message)}{' '}
                  {isPlanMessage(errors.quiz.message) && planLink}
                </Typography>
              )}
              <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
                <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
                  {t('dialog.options')}
                </Typography>
                <Stack spacing={1.5}>
                  {options.fields.map((field, index) => (
                    <Box
                      key={field.id}
                      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
                    >
                      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
                        <TextInputField
                          label={t('dialog.option', { number: index + 1 })}
                          error={errors.options?.[index]?.text?.message}
                          {...form.register(`options.${index}.text`)}
                        />
                      </Box>
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, pt: 3 }}>
                        {quiz && (
                          <CheckboxField
                            label={t('dialog.correct')}
                            {...form.register(`options.${index}.correct`)}
                          />
                        )}
                        <IconButton
                          aria-label={t('dialog.moveUp', { number: index + 1 })}
                          disabled={index === 0}
                          onClick={() => options.move(index, index - 1)}
                          size="small"
                        >
                          <ArrowUpwardRounded fontSize="small" />
                        </IconButton>
                        <IconButton
                          aria-label={t('dialog.moveDown', { number: index + 1 })}
                          disabled={index === options.fields.length - 1}
                          onClick={() => options.move(index, index + 1)}
                          size="small"
                        >
                          <ArrowDownwardRounded fontSize="small" />
                        </IconButton>
                        <IconButton
                          aria-label={t('dialog.removeOption', { number: index + 1 })}
                          onClick={() => options.remove(index)}
                          size="small"
                        >
                          <DeleteOutlineRounded fontSize="small" />
                        </IconButton>
                      </Box>
                    </Box>
                  ))}
                </Stack>
                {optionsError && (
                  <Typography role="alert" variant="body2" sx={{ color: 'error.main', mt: 1 }}>
                    {translateMessage(optionsError)}
                  </Typography>
                )}
                <Button
                  startIcon={<AddRounded />}
                  onClick={() => options.append({ text: '', correct: false })}
                  disabled={options.fields.length >= POLL_OPTIONS_MAX}
                  sx={{ mt: 1 }}
                >
                  {t('dialog.addOption')}
                </Button>
              </Box>
            </>
          )}
          <SelectField
            label={t('dialog.page')}
            options={[
              { value: '', label: t('dialog.wholeEvent') },
              ...channels.map((channel) => ({ value: channel.id, label: channel.title })),
            ]}
            error={errors.channel?.message}
            {...fields.channel}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, pt: 1 }}>
        <Button color="inherit" onClick={close} disabled={isSubmitting}>
          {t('forms:actions.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={isSubmitting}>
          {poll ? t('forms:actions.save') : t('dialog.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A refusal of the plan: a feature it lacks, one of its limits (polls, quiz mode, others). */
export const isPlanMessage = (key: string) =>
  key === 'serverErrors.featureNotAvailable' ||
  /^serverErrors\.\w+LimitReached$/.test(key) ||
  /^validation\.plan[A-Z]\w*(\?|$)/.test(key);
