import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { EmailField } from '../../../components/forms/text-input-field';
import { FormAlert } from '../../../components/forms/form-alert';
import { ButtonLink } from '../../../components/links/button-link';
import { Notice } from '../../../components/page/notice';
import { SectionCard } from '../../../components/page/section-card';
import { lazyResolver } from '../../../lib/forms/lazy-resolver';
import { translateMessage } from '../../../lib/forms/messages';
import { reportFormError } from '../../../lib/forms/report-error';
import { notify } from '../../../lib/notifications';
import {
  ownerChangeQueryOptions,
  permissionsQueryOptions,
  useCancelOwnerChange,
  useRequestOwnerChange,
} from '../api/permissions-api';
import { formatDate } from '../format';
import { reportFailure } from '../report-failure';
import { LoadState } from './permission-parts';
import { ShareForm, type OwnEvent } from './share-form';

/**
 * "Share this event" in the event's admin section: the share form with the event fixed, and who
 * has a permission on it now (pending or accepted). Owners only (ADR 031).
 */
export function ShareEventCard({ event }: { event: OwnEvent }) {
  const { t } = useTranslation('permissions');
  const list = useQuery(permissionsQueryOptions());
  const holders = list.data?.granted.filter((permission) => permission.eventId === event.id);
  return (
    <SectionCard
      title={t('shareThis.title')}
      description={t('shareThis.text')}
      footer={
        <ButtonLink to="/account/permissions" color="inherit">
          {t('shareThis.manage')}
        </ButtonLink>
      }
    >
      <Stack spacing={2.5}>
        <ShareForm events={[event]} fixed />
        <Box>
          <Typography component="h3" variant="subtitle2" sx={{ mb: 1 }}>
            {t('shareThis.who')}
          </Typography>
          {!holders ? (
            <LoadState isError={list.isError} onRetry={() => void list.refetch()} />
          ) : holders.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('shareThis.nobody')}
            </Typography>
          ) : (
            <Stack
              component="ul"
              aria-label={t('shareThis.who')}
              sx={{ listStyle: 'none', m: 0, p: 0, gap: 1 }}
            >
              {holders.map((permission) => (
                <Box
                  component="li"
                  key={permission.id}
                  sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
                >
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {permission.user.name}
                  </Typography>
                  <Typography
                    variant="body2"
                    sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}
                  >
                    {permission.user.email}
                  </Typography>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={permission.status === 'accepted' ? 'success' : 'warning'}
                    label={t(`statuses.${permission.status}`)}
                  />
                </Box>
              ))}
            </Stack>
          )}
        </Box>
      </Stack>
    </SectionCard>
  );
}

interface OwnerChangeValues {
  email: string;
}

const resolver = lazyResolver<OwnerChangeValues>(
  async () => (await import('../schemas')).createOwnerChangeSchema,
);

/**
 * "Change owner" (docs/product-spec.md section 4, "Owner change"): the owner enters the new
 * owner's email and confirms what happens; the change then waits for that person to accept,
 * and until then shows as pending with a Cancel. Owners only (ADR 031).
 */
export function OwnerChangeCard({
  event,
  timeZone,
}: {
  event: OwnEvent;
  timeZone: string | undefined;
}) {
  const { t, i18n } = useTranslation(['permissions', 'forms']);
  const pending = useQuery(ownerChangeQueryOptions(event.id));
  const request = useRequestOwnerChange(event.id);
  const cancel = useCancelOwnerChange();
  const form = useForm<OwnerChangeValues>({ resolver, defaultValues: { email: '' } });
  const { errors } = form.formState;
  const serverError = errors.root?.server?.message;
  // The email stays in the dialog's text while it fades out; `dialogOpen` alone closes it.
  const [confirming, setConfirming] = useState<string>();
  const [dialogOpen, setDialogOpen] = useState(false);
  const emailField = form.register('email');

  const onSubmit = form.handleSubmit(({ email }) => {
    setConfirming(email);
    setDialogOpen(true);
  });
  const send = async (email: string) => {
    try {
      await request.mutateAsync({ email });
      form.reset();
      notify({ type: 'success', message: t('ownerChange.requested', { email }) });
    } catch (error) {
      await reportFormError(form.setError, error, ['email'], {
        noUsersWithEmail: 'email',
        ownerChangeSelf: 'email',
        ownerChangePending: 'email',
      });
    } finally {
      setDialogOpen(false);
    }
  };

  const change = pending.data;
  return (
    <SectionCard title={t('ownerChange.title')} description={t('ownerChange.text')}>
      {pending.data === undefined ? (
        <LoadState isError={pending.isError} onRetry={() => void pending.refetch()} />
      ) : change ? (
        <Notice
          severity="info"
          action={
            <Button
              color="inherit"
              size="small"
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(change, {
                  onSuccess: () => notify({ type: 'success', message: t('ownerChange.cancelled') }),
                  onError: reportFailure,
                })
              }
            >
              {t('ownerChange.cancel')}
            </Button>
          }
        >
          {t('ownerChange.pending', {
            name: change.to.name,
            email: change.to.email,
            date: formatDate(change.createdAt, i18n.language, timeZone),
          })}
        </Notice>
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('ownerChange.title')}>
          <Stack spacing={2}>
            {serverError && <FormAlert>{translateMessage(serverError)}</FormAlert>}
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) auto' },
                alignItems: 'start',
              }}
            >
              <EmailField
                label={t('ownerChange.email')}
                error={errors.email?.message}
                {...emailField}
              />
              <Button
                type="submit"
                variant="outlined"
                startIcon={<SwapHorizOutlined />}
                sx={{ mt: { md: 3.5 }, justifySelf: 'start' }}
              >
                {t('ownerChange.submit')}
              </Button>
            </Box>
          </Stack>
        </Box>
      )}
      <ConfirmDialog
        open={dialogOpen}
        title={t('ownerChange.confirmTitle', { event: event.title })}
        message={t('ownerChange.confirmText', { email: confirming ?? '' })}
        confirmLabel={t('ownerChange.confirm')}
        busy={request.isPending}
        onClose={() => setDialogOpen(false)}
        onConfirm={() => confirming && void send(confirming)}
      />
    </SectionCard>
  );
}
