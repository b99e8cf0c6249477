import type { WebhookEndpoint } from '@livent/shared';
import AddRounded from '@mui/icons-material/AddRounded';
import WebhookOutlined from '@mui/icons-material/WebhookOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { FormAlert } from '../../../components/forms/form-alert';
import { EmptyState } from '../../../components/page/empty-state';
import { PageHeader } from '../../../components/page/page-header';
import { visuallyHidden } from '../../../components/visually-hidden';
import { failureMessage } from '../../../lib/forms/report-error';
import { translateMessage } from '../../../lib/forms/messages';
import { notify } from '../../../lib/notifications';
import { useDeleteWebhook, webhooksQueryOptions } from '../api/webhooks-api';
import { EndpointCard } from './endpoint-card';
import { EndpointDialog } from './endpoint-dialog';

function LoadingCards() {
  const { t } = useTranslation('webhooks');
  return (
    <Stack spacing={2} role="status">
      <Box component="span" sx={visuallyHidden}>
        {t('list.loading')}
      </Box>
      {[0, 1].map((index) => (
        <Paper key={index} variant="outlined" sx={{ p: 3 }} aria-hidden>
          <Skeleton variant="text" width="50%" height={32} />
          <Skeleton variant="text" width="70%" sx={{ mt: 1 }} />
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * The webhooks screen (`/account/webhooks`; docs/decisions/072-webhooks.md): the account's
 * endpoints with their status, adding and editing them, their secrets and their delivery logs.
 */
export function WebhooksOverview() {
  const { t } = useTranslation(['webhooks', 'common', 'screens']);
  const webhooks = useQuery(webhooksQueryOptions());
  const remove = useDeleteWebhook();
  const [editing, setEditing] = useState<WebhookEndpoint | 'new'>();
  const [deleting, setDeleting] = useState<WebhookEndpoint>();

  const data = webhooks.data;
  const canAdd = data !== undefined && data.endpoints.length < data.limit;
  const addButton = (
    <Button variant="contained" startIcon={<AddRounded />} onClick={() => setEditing('new')}>
      {t('actions.add')}
    </Button>
  );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(undefined);
        notify({ type: 'success', message: t('notices.deleted') });
      },
      onError: async (error) =>
        notify({ type: 'error', message: translateMessage(await failureMessage(error)) ?? '' }),
    });
  };

  let content;
  if (webhooks.isError && !data) {
    content = (
      <FormAlert
        action={
          <Button size="small" variant="outlined" onClick={() => void webhooks.refetch()}>
            {t('list.retry')}
          </Button>
        }
      >
        {t('list.loadFailed')}
      </FormAlert>
    );
  } else if (!data) {
    content = <LoadingCards />;
  } else if (data.endpoints.length === 0) {
    content = (
      <EmptyState icon={WebhookOutlined} title={t('empty.title')} text={t('empty.text')}>
        {addButton}
      </EmptyState>
    );
  } else {
    content = (
      <Stack spacing={2} component="section" aria-label={t('list.label')}>
        {data.endpoints.map((endpoint) => (
          <EndpointCard
            key={endpoint.id}
            endpoint={endpoint}
            onEdit={setEditing}
            onDelete={setDeleting}
          />
        ))}
      </Stack>
    );
  }

  return (
    <>
      <PageHeader
        title={t('common:headings.webhooks')}
        description={t('screens:webhooks')}
        actions={
          data && data.endpoints.length > 0 ? (
            <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('list.usage', { count: data.endpoints.length, limit: data.limit })}
              </Typography>
              {canAdd && addButton}
            </Stack>
          ) : undefined
        }
      />
      {content}
      {editing !== undefined && (
        <EndpointDialog
          endpoint={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
        />
      )}
      <ConfirmDialog
        open={deleting !== undefined}
        title={t('delete.title')}
        message={t('delete.text', { url: deleting?.url ?? '' })}
        confirmLabel={t('delete.confirm')}
        destructive
        busy={remove.isPending}
        onClose={() => setDeleting(undefined)}
        onConfirm={confirmDelete}
      />
    </>
  );
}
