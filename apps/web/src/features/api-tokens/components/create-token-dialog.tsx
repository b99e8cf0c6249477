import { API_TOKEN_SCOPES, type ApiTokenCreated } from '@livent/shared';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldText } from '../../../components/forms/form-field';
import { FormAlert } from '../../../components/forms/form-alert';
import { SelectField } from '../../../components/forms/select-field';
import { TextInputField } from '../../../components/forms/text-input-field';
import { Notice } from '../../../components/page/notice';
import { copyWithNotice } from '../../../lib/clipboard';
import { lazyResolver } from '../../../lib/forms/lazy-resolver';
import { translateMessage } from '../../../lib/forms/messages';
import { reportFormError } from '../../../lib/forms/report-error';
import { useCreateApiToken } from '../api/api-tokens-api';
import { SCOPE_KEYS } from '../scope-keys';
import { EXPIRY_CHOICES, toCreateBody, type TokenFormValues } from '../token-form';

const resolver = lazyResolver<TokenFormValues>(
  async () => (await import('../token-form')).tokenFormSchema,
);

/** The scopes as checkboxes, each with a line of what it opens. */
function ScopeChoices({
  form,
  error,
}: {
  form: ReturnType<typeof useForm<TokenFormValues>>;
  error: string | undefined;
}) {
  const { t } = useTranslation('apiTokens');
  const legendId = useId();
  const errorId = useId();
  const scopesField = form.register('scopes');
  return (
    <Box
      component="fieldset"
      aria-describedby={error ? errorId : undefined}
      sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}
    >
      <Typography
        component="legend"
        id={legendId}
        sx={{ fontSize: '0.875rem', fontWeight: 600, mb: 1, p: 0 }}
      >
        {t('dialog.scopes')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1 }}>
        {API_TOKEN_SCOPES.map((scope) => {
          const { ref, ...field } = scopesField;
          const inputId = `${legendId}-${scope}`;
          return (
            <Box key={scope} sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
              <Checkbox
                {...field}
                value={scope}
                id={inputId}
                size="small"
                sx={{ mt: -0.75, ml: -0.75 }}
                slotProps={{ input: { ref, 'aria-describedby': `${inputId}-hint` } as object }}
              />
              <Box component="label" htmlFor={inputId} sx={{ cursor: 'pointer' }}>
                <Typography sx={{ fontSize: '0.875rem', fontWeight: 500 }}>
                  {t(`scopes.${SCOPE_KEYS[scope]}.label`)}
                </Typography>
                <Typography id={`${inputId}-hint`} variant="body2" sx={{ color: 'text.secondary' }}>
                  {t(`scopes.${SCOPE_KEYS[scope]}.hint`)}
                </Typography>
              </Box>
            </Box>
          );
        })}
      </Box>
      {error && (
        <FieldText id={errorId} error>
          {error}
        </FieldText>
      )}
    </Box>
  );
}

/** The new token, shown once, with a copy button. */
function TokenReveal({ created }: { created: ApiTokenCreated }) {
  const { t } = useTranslation('apiTokens');
  const fieldId = useId();
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Notice severity="info">{t('reveal.text')}</Notice>
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          gap: 1,
          alignItems: { xs: 'stretch', sm: 'flex-end' },
        }}
      >
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <TextInputField
            id={fieldId}
            label={t('reveal.label')}
            value={created.token}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            data-testid="api-token-secret"
            sx={{ fontFamily: 'monospace', fontSize: '0.8125rem' }}
          />
        </Box>
        <Button
          variant="outlined"
          startIcon={<ContentCopyRounded />}
          onClick={() =>
            copyWithNotice(created.token, {
              copied: t('reveal.copied'),
              failed: t('reveal.copyFailed'),
            })
          }
          sx={{ flexShrink: 0, height: 40 }}
        >
          {t('reveal.copy')}
        </Button>
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
        {t('reveal.usage', { prefix: created.prefix })}
      </Typography>
    </Box>
  );
}

/**
 * Makes a personal API token: name, scopes and expiry; then the token itself, this once only
 * (docs/decisions/070-personal-api-tokens.md).
 */
export function CreateTokenDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('apiTokens');
  const titleId = useId();
  const create = useCreateApiToken();
  const [created, setCreated] = useState<ApiTokenCreated>();
  const form = useForm<TokenFormValues>({
    resolver,
    defaultValues: { name: '', scopes: [], expiry: '90' },
  });
  const { errors, isSubmitting } = form.formState;
  const serverError = errors.root?.server?.message;
  const nameField = form.register('name');
  const expiryField = form.register('expiry');

  const close = () => {
    if (isSubmitting) return;
    form.reset();
    setCreated(undefined);
    onClose();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      setCreated(await create.mutateAsync(toCreateBody(values)));
    } catch (error) {
      await reportFormError(form.setError, error, ['name', 'scopes']);
    }
  });

  const expiryOptions = EXPIRY_CHOICES.map((choice) => ({
    value: choice,
    label: choice === 'never' ? t('dialog.never') : t('dialog.expiryDays', { days: choice }),
  }));

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      {created ? (
        <>
          <DialogTitle id={titleId}>{t('reveal.title')}</DialogTitle>
          <DialogContent>
            <TokenReveal created={created} />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button variant="contained" onClick={close}>
              {t('reveal.done')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit}>
          <DialogTitle id={titleId}>{t('dialog.title')}</DialogTitle>
          <DialogContent sx={{ display: 'grid', gap: 2.5 }}>
            <DialogContentText>{t('dialog.text')}</DialogContentText>
            {serverError && <FormAlert>{translateMessage(serverError)}</FormAlert>}
            <TextInputField
              label={t('dialog.name')}
              placeholder={t('dialog.namePlaceholder')}
              autoComplete="off"
              error={errors.name?.message}
              {...nameField}
            />
            <ScopeChoices
              form={form}
              error={errors.scopes ? t('dialog.scopesRequired') : undefined}
            />
            <SelectField label={t('dialog.expiry')} options={expiryOptions} {...expiryField} />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={close} color="inherit" disabled={isSubmitting}>
              {t('dialog.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={isSubmitting}>
              {t('dialog.submit')}
            </Button>
          </DialogActions>
        </Box>
      )}
    </Dialog>
  );
}
