import { limitOf, type Channel } from '@livent/shared';
import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LayersOutlined from '@mui/icons-material/LayersOutlined';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { ButtonLink } from '../../../components/links/button-link';
import { EmptyState } from '../../../components/page/empty-state';
import { ListRow } from '../../../components/page/list-row';
import { Notice } from '../../../components/page/notice';
import { SectionCard } from '../../../components/page/section-card';
import { usePlanAllowance } from '../../../lib/auth/use-plan-allowance';
import { translateMessage } from '../../../lib/forms/messages';
import { failureMessage } from '../../../lib/forms/report-error';
import { notify } from '../../../lib/notifications';
import { channelsQueryOptions, useDeleteChannel } from '../api/channels-api';
import { CreateChannelDialog } from './create-channel-dialog';

function ChannelRow({
  eventId,
  channel,
  onDelete,
}: {
  eventId: string;
  channel: Channel;
  onDelete: () => void;
}) {
  const { t } = useTranslation('channels');
  const overrides = Object.keys(channel.overrides).length;
  return (
    <ListRow
      testId="channel"
      icon={LayersOutlined}
      highlighted={channel.visible}
      title={channel.title}
      badges={
        <Chip
          size="small"
          color={channel.visible ? 'success' : 'default'}
          variant={channel.visible ? 'filled' : 'outlined'}
          label={channel.visible ? t('list.visible') : t('list.hidden')}
        />
      }
      details={
        <>
          <Box
            component="a"
            href={channel.fullUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('list.open', { title: channel.title })}
            sx={{
              color: 'primary.main',
              textDecoration: 'none',
              '&:hover': { textDecoration: 'underline' },
            }}
          >
            {channel.fullUrl.replace(/^https?:\/\//, '')}
            <OpenInNewRounded sx={{ fontSize: 14, ml: 0.5, verticalAlign: '-2px' }} />
          </Box>
          {' · '}
          {overrides > 0 ? t('list.overrides', { count: overrides }) : t('list.noOverrides')}
        </>
      }
      actions={
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          <ButtonLink
            to="/events/$eventid/channels/$eventchannelid"
            params={{ eventid: eventId, eventchannelid: channel.id }}
            variant="outlined"
            size="small"
            startIcon={<EditOutlined />}
            aria-label={t('list.editChannel', { title: channel.title })}
          >
            {t('list.edit')}
          </ButtonLink>
          <Tooltip title={t('list.delete')}>
            <IconButton
              size="small"
              onClick={onDelete}
              aria-label={t('list.deleteChannel', { title: channel.title })}
            >
              <DeleteOutlineOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      }
    />
  );
}

/**
 * The event's channels (docs/product-spec.md section 2, /events/{eventid}/channels): each with its address and
 * visibility, add within the plan's limit per event ("2 of 2 channels"), delete after asking.
 */
export function ChannelsList({ eventId, eventUrl }: { eventId: string; eventUrl: string }) {
  const { t } = useTranslation(['channels', 'forms']);
  const { data: channels } = useSuspenseQuery(channelsQueryOptions(eventId));
  const limit = limitOf(usePlanAllowance(), 'channels');
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Channel>();
  const deleteChannel = useDeleteChannel(eventId);
  const atLimit = channels.length >= limit;

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteChannel.mutateAsync(deleting.id);
      notify({ type: 'success', message: t('delete.done') });
      setDeleting(undefined);
    } catch (error) {
      notify({ type: 'error', message: translateMessage(await failureMessage(error)) ?? '' });
    }
  };

  const addButton = (
    <Button
      variant="contained"
      startIcon={<AddRounded />}
      disabled={atLimit}
      onClick={() => setCreating(true)}
    >
      {t('list.add')}
    </Button>
  );

  return (
    <>
      {channels.length === 0 ? (
        <EmptyState icon={LayersOutlined} title={t('empty.title')} text={t('empty.text')}>
          {addButton}
        </EmptyState>
      ) : (
        <SectionCard title={t('list.title')} description={t('list.description')} action={addButton}>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, mt: -2 }}>
            {channels.map((channel) => (
              <ChannelRow
                key={channel.id}
                eventId={eventId}
                channel={channel}
                onDelete={() => setDeleting(channel)}
              />
            ))}
          </Box>
          <Box sx={{ borderTop: 1, borderColor: 'divider', pt: 2 }}>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              sx={{ justifyContent: 'space-between', gap: 0.5, mb: 1 }}
            >
              <Typography variant="body2" sx={{ fontWeight: 500 }} data-testid="channel-usage">
                {t('list.usage', { count: channels.length, limit })}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('list.usageHint', { limit })}
              </Typography>
            </Stack>
            <LinearProgress
              variant="determinate"
              value={limit > 0 ? Math.min(100, (channels.length / limit) * 100) : 100}
              color={atLimit ? 'warning' : 'primary'}
              aria-label={t('list.usage', { count: channels.length, limit })}
              sx={{ height: 6, borderRadius: 3 }}
            />
            {atLimit && (
              <Box sx={{ mt: 2 }}>
                <Notice severity="info">{t('forms:serverErrors.eventChannelLimitReached')}</Notice>
              </Box>
            )}
          </Box>
        </SectionCard>
      )}
      <CreateChannelDialog
        eventId={eventId}
        eventUrl={eventUrl}
        open={creating}
        onClose={() => setCreating(false)}
      />
      <ConfirmDialog
        open={deleting !== undefined}
        title={t('delete.title')}
        message={t('delete.text', { title: deleting?.title ?? '' })}
        confirmLabel={t('delete.confirm')}
        destructive
        busy={deleteChannel.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(undefined)}
      />
    </>
  );
}
