import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/forms/form-alert';
import { TextInputField } from '../../../components/forms/text-input-field';
import { lazyResolver } from '../../../lib/forms/lazy-resolver';
import { translateMessage } from '../../../lib/forms/messages';
import { reportFormError } from '../../../lib/forms/report-error';
import { notify } from '../../../lib/notifications';
import { useCreateChannel } from '../api/channels-api';
import { slugFromTitle } from '@livent/shared/slug';

interface CreateValues {
  title: string;
  slug: string;
}

const resolver = lazyResolver<CreateValues>(
  async () => (await import('../schemas')).channelCreateSchema,
);

/**
 * Title and address of a new channel; the address follows the title until it is edited. The
 * server's "EventChannel limit reached" and "slug already in use" show in the dialog.
 */
export function CreateChannelDialog({
  eventId,
  eventUrl,
  open,
  onClose,
}: {
  eventId: string;
  /** The event's public address, shown before the channel's slug. */
  eventUrl: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('channels');
  const navigate = useNavigate();
  const titleId = useId();
  const form = useForm<CreateValues>({ resolver, defaultValues: { title: '', slug: '' } });
  const { errors, isSubmitting, dirtyFields } = form.formState;
  const serverError = errors.root?.server?.message;
  const slug = form.register('slug');
  const createChannel = useCreateChannel(eventId);
  const title = form.register('title', {
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      if (!dirtyFields.slug) form.setValue('slug', slugFromTitle(event.target.value));
    },
  });

  const close = () => {
    if (isSubmitting) return;
    form.reset();
    onClose();
  };
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const channel = await createChannel.mutateAsync(values);
      notify({ type: 'success', message: t('create.done', { title: channel.title }) });
      form.reset();
      onClose();
      await navigate({
        to: '/events/$eventid/channels/$eventchannelid',
        params: { eventid: eventId, eventchannelid: channel.id },
      });
    } catch (error) {
      await reportFormError(form.setError, error, ['title', 'slug']);
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
      <DialogTitle id={titleId}>{t('create.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5}>
          <DialogContentText>{t('create.text')}</DialogContentText>
          {serverError && <FormAlert>{translateMessage(serverError)}</FormAlert>}
          <TextInputField
            label={t('fields.title')}
            placeholder={t('create.titlePlaceholder')}
            autoComplete="off"
            error={errors.title?.message}
            {...title}
          />
          <TextInputField
            label={t('fields.slug')}
            helperText={t('fields.slugHint', { url: `${eventUrl}/` })}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            error={errors.slug?.message}
            {...slug}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button color="inherit" onClick={close}>
          {t('create.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={isSubmitting}>
          {t('create.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
