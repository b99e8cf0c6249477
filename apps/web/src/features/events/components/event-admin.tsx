import CachedOutlined from '@mui/icons-material/CachedOutlined';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import type { EventSummary } from '@livent/shared';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseMutationResult } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format/date-time';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { Notice } from '../../../components/page/notice';
import { SectionCard } from '../../../components/page/section-card';
import { translateMessage } from '../../../lib/forms/messages';
import { failureMessage } from '../../../lib/forms/report-error';
import { notify } from '../../../lib/notifications';
import { useCachePurge, useDeleteEvent, useRemoteReload } from '../api/events-api';

/** Runs an admin action's mutation, then shows the success or failure notification. */
function useAction(
  mutation: UseMutationResult<unknown, Error, string>,
  id: string,
  success: string,
) {
  const start = async () => {
    try {
      await mutation.mutateAsync(id);
      notify({ type: 'success', message: success });
      return true;
    } catch (error) {
      notify({ type: 'error', message: translateMessage(await failureMessage(error)) ?? '' });
      return false;
    }
  };
  return { busy: mutation.isPending, start };
}

/**
 * Event administration (docs/product-spec.md section 2, `/events/{id}/admin`; section 4 for the timings):
 * remote reload of open viewer pages, cache purge, the owner's sections the route passes in
 * (sharing, owner change), and deletion after typing the title. A shared user may not delete
 * the event (ADR 031) and is told why instead.
 */
export function EventAdmin({
  event,
  timeZone,
  children,
}: {
  event: EventSummary;
  timeZone?: string;
  /** The owner's sections, shown before the deletion. */
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation(['events', 'permissions']);
  const owner = event.role === 'owner';
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const reload = useAction(useRemoteReload(), event.id, t('admin.reload.done'));
  const purge = useAction(useCachePurge(), event.id, t('admin.purge.done'));
  const remove = useAction(useDeleteEvent(), event.id, t('admin.delete.done'));

  const lastReload = event.remoteReloadAt
    ? formatDateTime(event.remoteReloadAt, i18n.language, timeZone, 'dateTime')
    : undefined;

  return (
    <Stack spacing={3}>
      <SectionCard
        title={t('admin.reload.title')}
        description={t('admin.reload.description')}
        footer={
          <Button
            variant="outlined"
            startIcon={<RefreshOutlined />}
            loading={reload.busy}
            onClick={() => void reload.start()}
          >
            {t('admin.reload.action')}
          </Button>
        }
      >
        {lastReload && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('admin.reload.last', { date: lastReload })}
          </Typography>
        )}
      </SectionCard>
      <SectionCard
        title={t('admin.purge.title')}
        description={t('admin.purge.description')}
        footer={
          <Button
            variant="outlined"
            startIcon={<CachedOutlined />}
            loading={purge.busy}
            onClick={() => void purge.start()}
          >
            {t('admin.purge.action')}
          </Button>
        }
      />
      {children}
      {owner ? (
        <SectionCard
          tone="danger"
          title={t('admin.delete.title')}
          description={t('admin.delete.description')}
          footer={
            <Button
              variant="contained"
              color="error"
              startIcon={<DeleteOutlineOutlined />}
              onClick={() => setConfirming(true)}
            >
              {t('admin.delete.action')}
            </Button>
          }
        />
      ) : (
        <Notice severity="info">{t('permissions:sharedUser.notOwner')}</Notice>
      )}
      <ConfirmDialog
        open={confirming}
        destructive
        busy={remove.busy}
        title={t('admin.delete.confirmTitle')}
        message={t('admin.delete.confirmText', { title: event.title })}
        confirmLabel={t('admin.delete.action')}
        confirmText={event.title}
        confirmTextLabel={t('admin.delete.confirmLabel')}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          void remove.start().then((deleted) => {
            if (!deleted) return;
            setConfirming(false);
            void navigate({ to: '/events' });
          })
        }
      />
    </Stack>
  );
}
