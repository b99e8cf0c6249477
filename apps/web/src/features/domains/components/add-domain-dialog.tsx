import { createDomainSchema } from '@livent/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/forms/form-alert';
import { TextInputField } from '../../../components/forms/text-input-field';
import { lazyResolver } from '../../../lib/forms/lazy-resolver';
import { translateMessage } from '../../../lib/forms/messages';
import { reportFormError } from '../../../lib/forms/report-error';
import { notify } from '../../../lib/notifications';
import type { MessageFields } from '../../../lib/forms/server-errors';
import { useAddDomain } from '../api/domains-api';
import { errorWithHint } from '../format';

interface AddValues {
  name: string;
}

/** The server's messages about the name itself, shown at the field. */
export const DOMAIN_NAME_MESSAGES: MessageFields<AddValues> = {
  domainTaken: 'name',
  domainReserved: 'name',
};

const resolver = lazyResolver<AddValues>(async () => createDomainSchema);

/**
 * Adds a domain by its name. The shared schema checks the form of the name here already; the
 * server's answers about the name itself (taken, one of ours, invalid) show at the field, the
 * rest (the plan's limit) above it.
 */
export function AddDomainDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('domains');
  const titleId = useId();
  const add = useAddDomain();
  const form = useForm<AddValues>({ resolver, defaultValues: { name: '' } });
  const { errors, isSubmitting } = form.formState;
  const serverError = errors.root?.server?.message;
  const nameField = form.register('name');

  const close = () => {
    if (isSubmitting) return;
    form.reset();
    onClose();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const domain = await add.mutateAsync({ name: values.name });
      notify({ type: 'success', message: t('add.added', { name: domain.name }) });
      form.reset();
      onClose();
    } catch (error) {
      await reportFormError(form.setError, error, ['name'], DOMAIN_NAME_MESSAGES);
    }
  });

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{t('add.title')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2.5 }}>
          <DialogContentText>{t('add.text')}</DialogContentText>
          {serverError && <FormAlert>{translateMessage(serverError)}</FormAlert>}
          <TextInputField
            label={t('add.name')}
            placeholder={t('add.namePlaceholder')}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            inputMode="url"
            helperText={t('add.nameHint')}
            error={errorWithHint(errors.name, 'validation.hostname', t('add.nameInvalid'))}
            {...nameField}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} color="inherit" disabled={isSubmitting}>
            {t('add.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {t('add.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
