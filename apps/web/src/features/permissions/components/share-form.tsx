import ShareOutlined from '@mui/icons-material/ShareOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/forms/form-alert';
import { SelectField } from '../../../components/forms/select-field';
import { EmailField } from '../../../components/forms/text-input-field';
import { lazyResolver } from '../../../lib/forms/lazy-resolver';
import { translateMessage } from '../../../lib/forms/messages';
import { reportFormError } from '../../../lib/forms/report-error';
import { notify } from '../../../lib/notifications';
import { useSharePermission } from '../api/permissions-api';

interface ShareValues {
  eventId: string;
  email: string;
}

const resolver = lazyResolver<ShareValues>(
  async () => (await import('../schemas')).createPermissionSchema,
);

/** An event the signed-in account owns, as the picker lists it. */
export interface OwnEvent {
  id: string;
  title: string;
}

/**
 * Shares an event by email (`POST /permissions`). Fixed to one event in the event's admin
 * section; on the permissions page a picker lists the account's own events (a shared user may not share
 * further, ADR 031). The server's "No users found with this email", "Permission already exists"
 * and sharing with oneself land on the email field.
 */
export function ShareForm({
  events,
  fixed = false,
}: {
  events: readonly OwnEvent[];
  /** The event is given (the admin section): no picker. */
  fixed?: boolean;
}) {
  const { t } = useTranslation(['permissions', 'forms']);
  const form = useForm<ShareValues>({
    resolver,
    defaultValues: { eventId: events[0]?.id ?? '', email: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const serverError = errors.root?.server?.message;
  const share = useSharePermission();
  const fields = { eventId: form.register('eventId'), email: form.register('email') };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await share.mutateAsync(values);
      form.reset({ eventId: values.eventId, email: '' });
      notify({ type: 'success', message: t('share.done', { email: values.email }) });
    } catch (error) {
      await reportFormError(form.setError, error, ['eventId', 'email'], {
        noUsersWithEmail: 'email',
        permissionExists: 'email',
        permissionSelf: 'email',
        eventNotFound: 'eventId',
      });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('share.title')}>
      <Stack spacing={2}>
        {serverError && <FormAlert>{translateMessage(serverError)}</FormAlert>}
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: fixed ? 'minmax(0, 1fr) auto' : '1fr 1fr auto' },
            alignItems: 'start',
          }}
        >
          {!fixed && (
            <SelectField
              label={t('share.event')}
              error={errors.eventId?.message}
              options={events.map((event) => ({ value: event.id, label: event.title }))}
              {...fields.eventId}
            />
          )}
          <EmailField label={t('share.email')} error={errors.email?.message} {...fields.email} />
          <Button
            type="submit"
            variant="contained"
            startIcon={<ShareOutlined />}
            loading={isSubmitting}
            // Level with the inputs, below their labels.
            sx={{ mt: { md: 3.5 }, justifySelf: { xs: 'start', md: 'stretch' } }}
          >
            {t('share.submit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
