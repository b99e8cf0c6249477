import type { WebhookEndpoint } from '@livent/shared';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { failureMessage } from '../../../lib/forms/report-error';
import { translateMessage } from '../../../lib/forms/messages';
import { notify } from '../../../lib/notifications';
import {
  useRotateSecret,
  useSendTest,
  useUpdateWebhook,
  webhookSecretQueryOptions,
} from '../api/webhooks-api';
import { DeliveryLog } from './delivery-log';

const STATUS_COLOR = { active: 'success', failing: 'warning', paused: 'default' } as const;

async function reportFailure(error: unknown) {
  notify({ type: 'error', message: translateMessage(await failureMessage(error)) ?? '' });
}

/** The secret, fetched when shown, with a copy button. */
function Secret({ id }: { id: string }) {
  const { t } = useTranslation('webhooks');
  const secret = useQuery(webhookSecretQueryOptions(id));
  const labelId = useId();
  return (
    <Box sx={{ mt: 1.5 }}>
      <Typography id={labelId} variant="subtitle2">
        {t('secret.label')}
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Typography
          component="code"
          aria-labelledby={labelId}
          sx={{ fontFamily: 'monospace', wordBreak: 'break-all', fontSize: 14 }}
        >
          {secret.data ?? '…'}
        </Typography>
        {secret.data && (
          <IconButton
            size="small"
            aria-label={t('secret.copy')}
            onClick={() =>
              void navigator.clipboard
                .writeText(secret.data)
                .then(() => notify({ type: 'success', message: t('secret.copied') }))
            }
          >
            <ContentCopyOutlined fontSize="small" />
          </IconButton>
        )}
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('secret.hint')}
      </Typography>
    </Box>
  );
}

/**
 * One endpoint: its URL, the types and events it receives, its status, and what can be done
 * with it — send a test, see the log, show or rotate the secret, edit, pause or resume, delete.
 */
export function EndpointCard({
  endpoint,
  onEdit,
  onDelete,
}: {
  endpoint: WebhookEndpoint;
  onEdit: (endpoint: WebhookEndpoint) => void;
  onDelete: (endpoint: WebhookEndpoint) => void;
}) {
  const { t } = useTranslation('webhooks');
  const update = useUpdateWebhook();
  const sendTest = useSendTest();
  const rotate = useRotateSecret();
  const [menu, setMenu] = useState<HTMLElement>();
  const [showSecret, setShowSecret] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const [rotating, setRotating] = useState(false);
  const paused = endpoint.status === 'paused';
  const statusLabel =
    paused && endpoint.pausedReason === 'failing'
      ? t('status.pausedFailing')
      : t(`status.${endpoint.status}`);

  const pauseOrResume = () => {
    setMenu(undefined);
    update.mutate(
      { id: endpoint.id, paused: !paused },
      {
        onSuccess: () =>
          notify({ type: 'success', message: t(paused ? 'notices.resumed' : 'notices.paused') }),
        onError: reportFailure,
      },
    );
  };

  const test = () =>
    sendTest.mutate(endpoint.id, {
      onSuccess: () => {
        setShowLog(true);
        notify({ type: 'success', message: t('notices.testQueued') });
      },
      onError: reportFailure,
    });

  const confirmRotate = () =>
    rotate.mutate(endpoint.id, {
      onSuccess: () => {
        setRotating(false);
        setShowSecret(true);
        notify({ type: 'success', message: t('notices.rotated') });
      },
      onError: reportFailure,
    });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="webhook-endpoint">
      <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography
              variant="h3"
              component="h2"
              sx={{ fontSize: 17, wordBreak: 'break-all', fontWeight: 600 }}
            >
              {endpoint.url}
            </Typography>
            <Chip size="small" color={STATUS_COLOR[endpoint.status]} label={statusLabel} />
          </Stack>
          {endpoint.description && (
            <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>
              {endpoint.description}
            </Typography>
          )}
          <Typography variant="body2" sx={{ mt: 1 }}>
            {endpoint.eventTypes === null
              ? t('allEvents')
              : endpoint.eventTypes.map((type) => t(`eventTypes.${type}`)).join(', ')}
            {' · '}
            {endpoint.eventIds === null
              ? t('allLiventEvents')
              : t('eventCount', { count: endpoint.eventIds.length })}
          </Typography>
        </Box>
        <IconButton
          aria-label={t('actions.menu', { url: endpoint.url })}
          aria-haspopup="menu"
          onClick={(event) => setMenu(event.currentTarget)}
        >
          <MoreVertRounded />
        </IconButton>
        <Menu anchorEl={menu} open={menu !== undefined} onClose={() => setMenu(undefined)}>
          <MenuItem
            onClick={() => {
              setMenu(undefined);
              onEdit(endpoint);
            }}
          >
            {t('actions.edit')}
          </MenuItem>
          <MenuItem onClick={pauseOrResume}>
            {t(paused ? 'actions.resume' : 'actions.pause')}
          </MenuItem>
          <MenuItem
            onClick={() => {
              setMenu(undefined);
              setRotating(true);
            }}
          >
            {t('actions.rotate')}
          </MenuItem>
          <MenuItem
            sx={{ color: 'error.main' }}
            onClick={() => {
              setMenu(undefined);
              onDelete(endpoint);
            }}
          >
            {t('actions.delete')}
          </MenuItem>
        </Menu>
      </Stack>
      <Stack direction="row" sx={{ gap: 1, mt: 2, flexWrap: 'wrap' }}>
        <Button variant="outlined" size="small" onClick={test} loading={sendTest.isPending}>
          {t('actions.sendTest')}
        </Button>
        <Button size="small" aria-expanded={showLog} onClick={() => setShowLog((shown) => !shown)}>
          {t(showLog ? 'actions.hideLog' : 'actions.log')}
        </Button>
        <Button
          size="small"
          aria-expanded={showSecret}
          onClick={() => setShowSecret((shown) => !shown)}
        >
          {t(showSecret ? 'actions.hideSecret' : 'actions.showSecret')}
        </Button>
      </Stack>
      {showSecret && <Secret id={endpoint.id} />}
      {showLog && <DeliveryLog endpointId={endpoint.id} />}
      <ConfirmDialog
        open={rotating}
        title={t('secret.rotateTitle')}
        message={t('secret.rotateText')}
        confirmLabel={t('secret.rotateConfirm')}
        busy={rotate.isPending}
        onClose={() => setRotating(false)}
        onConfirm={confirmRotate}
      />
    </Paper>
  );
}
