import type { Invitation } from '@livent/shared';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/forms/form-alert';
import { EmailField, TextInputField } from '../../../components/forms/text-input-field';
import { changedFields } from '../../../lib/forms/changed-fields';
import { lazyResolver } from '../../../lib/forms/lazy-resolver';
import { translateMessage } from '../../../lib/forms/messages';
import { reportFormError } from '../../../lib/forms/report-error';
import { notify } from '../../../lib/notifications';
import { useCreateInvitation, useUpdateInvitation } from '../api/invitations-api';

interface InvitationValues {
  name: string;
  email: string;
  username: string;
  password: string;
}

const FIELDS = ['name', 'email', 'username', 'password'] as const;

const createResolver = lazyResolver<InvitationValues>(
  async () => (await import('../schemas')).invitationCreateFormSchema,
);
const editResolver = lazyResolver<InvitationValues>(
  async () => (await import('../schemas')).invitationEditFormSchema,
);

const valuesOf = (invitation: Invitation | null): InvitationValues => ({
  name: invitation?.name ?? '',
  email: invitation?.email ?? '',
  username: invitation?.username ?? '',
  password: invitation?.password ?? '',
});

/**
 * Adds an invitation or edits one (`invitation` set). A blank username takes the email and a
 * blank password is generated; a username or email already in use shows at its field.
 */
export function InvitationDialog({
  eventId,
  invitation,
  open,
  onClose,
}: {
  eventId: string;
  invitation: Invitation | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('invitations');
  const titleId = useId();
  const editing = invitation !== null;
  const form = useForm<InvitationValues>({
    resolver: editing ? editResolver : createResolver,
    values: valuesOf(invitation),
  });
  const { errors, isSubmitting } = form.formState;
  const serverError = errors.root?.server?.message;
  const fields = {
    name: form.register('name'),
    email: form.register('email'),
    username: form.register('username'),
    password: form.register('password'),
  };
  const create = useCreateInvitation(eventId);
  const update = useUpdateInvitation(eventId);

  const close = () => {
    if (isSubmitting) return;
    form.reset();
    onClose();
  };
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (invitation) {
        const patch = changedFields(values, valuesOf(invitation));
        if (Object.keys(patch).length > 0) await update.mutateAsync({ id: invitation.id, patch });
        notify({ type: 'success', message: t('dialog.saved', { name: values.name }) });
      } else {
        const body = Object.fromEntries(
          Object.entries(values).filter(([, value]) => value.trim() !== ''),
        ) as unknown as InvitationValues;
        await create.mutateAsync(body);
        notify({ type: 'success', message: t('dialog.added', { name: values.name }) });
      }
      form.reset();
      onClose();
    } catch (error) {
      await reportFormError(form.setError, error, FIELDS);
    }
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit } as object }}
    >
      <DialogTitle id={titleId}>
        {editing ? t('dialog.editTitle') : t('dialog.addTitle')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2.5}>
          <DialogContentText>
            {editing ? t('dialog.editText') : t('dialog.addText')}
          </DialogContentText>
          {serverError && <FormAlert>{translateMessage(serverError)}</FormAlert>}
          <TextInputField
            label={t('fields.name')}
            autoComplete="off"
            error={errors.name?.message}
            {...fields.name}
          />
          <EmailField
            label={t('fields.email')}
            autoComplete="off"
            error={errors.email?.message}
            {...fields.email}
          />
          <TextInputField
            label={t('fields.username')}
            helperText={editing ? undefined : t('dialog.usernameHint')}
            optional={!editing}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            error={errors.username?.message}
            {...fields.username}
          />
          <TextInputField
            label={t('fields.password')}
            helperText={editing ? t('dialog.passwordEditHint') : t('dialog.passwordHint')}
            optional={!editing}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            error={errors.password?.message}
            {...fields.password}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button color="inherit" onClick={close}>
          {t('dialog.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={isSubmitting}>
          {editing ? t('dialog.save') : t('dialog.add')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
