import { updateDomainSchema, type CustomDomain } from '@livent/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/forms/form-alert';
import { TextInputField } from '../../../components/forms/text-input-field';
import { lazyResolver } from '../../../lib/forms/lazy-resolver';
import { translateMessage } from '../../../lib/forms/messages';
import { reportFormError } from '../../../lib/forms/report-error';
import { notify } from '../../../lib/notifications';
import { useUpdateDomain } from '../api/domains-api';
import { errorWithHint } from '../format';

interface RedirectValues {
  redirectUrl: string;
}

const redirectSchema = updateDomainSchema.pick({ redirectUrl: true });
const resolver = lazyResolver<RedirectValues>(async () => redirectSchema);

/**
 * Where `/` on the domain leads (docs/decisions/030-custom-domains.md): an https address, or
 * empty for none. Saved on its own, with its own success or error.
 */
export function RedirectForm({ domain }: { domain: CustomDomain }) {
  const { t } = useTranslation('domains');
  const update = useUpdateDomain();
  // The form is keyed by the saved value (see DomainCard), so a reload starts it afresh.
  const form = useForm<RedirectValues>({
    resolver,
    defaultValues: { redirectUrl: domain.redirectUrl ?? '' },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const redirectField = form.register('redirectUrl');

  const onSubmit = form.handleSubmit(async (values) => {
    // The resolver hands over the schema's output, where an empty field is already null.
    const redirectUrl = (values.redirectUrl as string | null | undefined)?.trim() || null;
    try {
      await update.mutateAsync({ id: domain.id, redirectUrl });
      form.reset({ redirectUrl: redirectUrl ?? '' });
      notify({ type: 'success', message: t('settings.saved') });
    } catch (error) {
      await reportFormError(form.setError, error, ['redirectUrl']);
    }
  });

  const serverError = errors.root?.server?.message;
  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 1.5 }}>
      {serverError && <FormAlert>{translateMessage(serverError)}</FormAlert>}
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          gap: 1.5,
          alignItems: { sm: 'flex-start' },
        }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <TextInputField
            label={t('settings.redirect')}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder={t('settings.redirectPlaceholder')}
            helperText={t('settings.redirectHint', { name: domain.name })}
            error={errorWithHint(
              errors.redirectUrl,
              'validation.url',
              t('settings.redirectInvalid'),
            )}
            {...redirectField}
          />
        </Box>
        <Button
          type="submit"
          variant="outlined"
          loading={isSubmitting}
          disabled={!isDirty}
          // Lines the button up with the input under the label.
          sx={{ mt: { sm: 3.25 }, alignSelf: { xs: 'flex-start', sm: 'auto' } }}
        >
          {t('settings.save')}
        </Button>
      </Box>
    </Box>
  );
}
