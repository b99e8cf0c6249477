import type { Feedback, User } from '@livent/shared';
import SendOutlined from '@mui/icons-material/SendOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/forms/form-alert';
import { TextAreaField } from '../../../components/forms/text-area-field';
import { EmailField } from '../../../components/forms/text-input-field';
import { SectionCard } from '../../../components/page/section-card';
import { ApiError } from '../../../lib/api-client';
import { lazyResolver } from '../../../lib/forms/lazy-resolver';
import { translateMessage } from '../../../lib/forms/messages';
import { reportFormError } from '../../../lib/forms/report-error';
import { notify } from '../../../lib/notifications';
import { useSendFeedback } from '../api/feedback-api';

/** docs/product-spec.md section 3, "Feedback": email, message. The server caps the message at 5000 characters. */
export const FEEDBACK_MAX_LENGTH = 5000;

const resolver = lazyResolver<Feedback>(
  async () => (await import('../../../lib/forms/schemas')).feedbackSchema,
);

/**
 * Feedback to the support team (docs/product-spec.md section 2: the help menu's "send feedback"). The email is
 * the account's, editable for a reply elsewhere; a failure says "Feedback could not be sent".
 */
export function FeedbackForm({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const form = useForm<Feedback>({ resolver, defaultValues: { email: user.email, message: '' } });
  const { errors, isSubmitting } = form.formState;
  const serverError = errors.root?.server?.message;
  const fields = { email: form.register('email'), message: form.register('message') };
  const length = useWatch({ control: form.control, name: 'message' }).length;
  const sendFeedback = useSendFeedback();

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await sendFeedback.mutateAsync(values);
    } catch (error) {
      // Field errors go onto the fields, 429 to its notification; anything else is "Feedback
      // could not be sent" (docs/product-spec.md section 8).
      if (error instanceof ApiError && (error.errors || error.code === 429)) {
        await reportFormError(form.setError, error, ['email', 'message']);
      } else {
        form.setError('root.server', { type: 'server', message: 'serverErrors.feedbackFailed' });
      }
      return;
    }
    form.reset({ email: values.email, message: '' });
    notify({ type: 'success', message: t('feedback.sent') });
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <SectionCard
        title={t('feedback.title')}
        description={t('feedback.description')}
        footer={
          <Button
            type="submit"
            variant="contained"
            startIcon={<SendOutlined />}
            loading={isSubmitting}
          >
            {t('feedback.submit')}
          </Button>
        }
      >
        <Stack spacing={2.5}>
          {serverError && <FormAlert>{translateMessage(serverError)}</FormAlert>}
          <EmailField
            label={t('feedback.email')}
            helperText={t('feedback.emailHint')}
            sx={{ maxWidth: 480 }}
            error={errors.email?.message}
            {...fields.email}
          />
          <TextAreaField
            label={t('feedback.message')}
            helperText={t('feedback.messageHint', {
              count: length,
              max: FEEDBACK_MAX_LENGTH,
            })}
            rows={7}
            maxLength={FEEDBACK_MAX_LENGTH}
            placeholder={t('feedback.placeholder')}
            error={errors.message?.message}
            {...fields.message}
          />
        </Stack>
      </SectionCard>
    </Box>
  );
}
