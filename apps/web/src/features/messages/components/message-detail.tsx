import {
  MESSAGE_TRANSITIONS,
  type InboxMessage,
  type MessageHistoryEntry,
  type MessagePatch,
  type MessageStatus,
} from '@livent/shared';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import MarkEmailUnreadOutlined from '@mui/icons-material/MarkEmailUnreadOutlined';
import PushPin from '@mui/icons-material/PushPin';
import PushPinOutlined from '@mui/icons-material/PushPinOutlined';
import ThumbUpOutlined from '@mui/icons-material/ThumbUpOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import type { InboxApi } from '../api/inbox-api';
import { inboxDetailQueryOptions } from '../api/inbox-queries';
import { AnswerEditor } from './answer-editor';
import type { ChannelName } from './message-list';
import { useDateTimeFormat } from '../../../lib/format/date-time';
import { relativeTime } from '../../../lib/format/time';
import { StatusChip } from './status-chip';

/** The order the state buttons appear in, whichever are allowed from the current state. */
/** A question put aside is not pinned: the server refuses it (ADR 025); a pinned one unpins. */
const PUT_ASIDE: readonly MessageStatus[] = ['declined', 'archived'];

const STATUS_ORDER: readonly MessageStatus[] = [
  'approved',
  'answered',
  'new',
  'declined',
  'archived',
];

function History({ entries }: { entries: readonly MessageHistoryEntry[] }) {
  const { t, i18n } = useTranslation('messages');
  const dates = useDateTimeFormat();
  const headingId = useId();
  if (entries.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="overline" component="h3" sx={{ color: 'text.secondary' }}>
        {t('history.title')}
      </Typography>
      <Stack component="ol" spacing={0.75} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {[...entries].reverse().map((entry, index) => (
          <Box
            component="li"
            key={`${entry.at}-${index}`}
            sx={{ fontSize: '0.8125rem', color: 'text.secondary' }}
          >
            <Box component="span" sx={{ color: 'text.primary' }}>
              {entry.action === 'status' && entry.toStatus
                ? t('history.status', { status: t(`status.${entry.toStatus}`) })
                : t(`history.actions.${entry.action}`, { defaultValue: t('history.changed') })}
            </Box>
            {' · '}
            {entry.actorKind === 'guest' ? t('history.guest') : entry.actorName}
            {' · '}
            <Tooltip title={dates.exact(entry.at)}>
              <time dateTime={entry.at}>{relativeTime(entry.at, i18n.language)}</time>
            </Tooltip>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

/**
 * One message opened (ADR 025): its text, who sent it from where, mark unread, the allowed state
 * steps, the answer, pin, delete (organisers) and the history (who did what, when).
 */
export function MessageDetail({
  headingId,
  api,
  message,
  channelName,
  onPatch,
  onDelete,
  onClose,
  busy,
  pinnable,
}: {
  /** The id of the message's heading (the dialog on phones is labelled by it). */
  headingId: string;
  api: InboxApi;
  message: InboxMessage;
  channelName: ChannelName;
  onPatch: (patch: MessagePatch) => Promise<unknown>;
  onDelete?: () => Promise<void>;
  onClose: () => void;
  busy: boolean;
  /** Q&A pins one question on top of the public page; plain messages have no such list. */
  pinnable: boolean;
}) {
  const { t } = useTranslation('messages');
  const dates = useDateTimeFormat();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const detail = useQuery(inboxDetailQueryOptions(api, message.id));
  const viewer = message.kind === 'viewer';
  const steps = STATUS_ORDER.filter((status) =>
    MESSAGE_TRANSITIONS[message.status].includes(status),
  );
  const channel = viewer ? channelName(message.channelId) : undefined;
  const author = viewer
    ? message.authorName || t('list.anonymous')
    : message.authorName || t('list.organiser');

  return (
    <Stack
      component="article"
      aria-labelledby={headingId}
      spacing={2}
      data-testid="message-detail"
      sx={{ p: { xs: 2, sm: 2.5 } }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography id={headingId} component="h2" variant="h3" sx={{ fontSize: '1rem' }} noWrap>
            {author}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>
            {[
              channel ?? (viewer ? t('detail.mainPage') : t('list.internal')),
              dates.exact(message.createdAt),
            ].join(' · ')}
          </Typography>
        </Box>
        <Tooltip title={t('detail.markUnread')}>
          <span>
            <IconButton
              size="small"
              aria-label={t('detail.markUnread')}
              disabled={!message.read || busy}
              onClick={() => void onPatch({ read: false })}
            >
              <MarkEmailUnreadOutlined fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        {viewer && ((pinnable && !PUT_ASIDE.includes(message.status)) || message.pinned) && (
          <Tooltip title={message.pinned ? t('detail.unpin') : t('detail.pin')}>
            <IconButton
              size="small"
              aria-label={message.pinned ? t('detail.unpin') : t('detail.pin')}
              aria-pressed={message.pinned}
              disabled={busy}
              color={message.pinned ? 'primary' : 'default'}
              onClick={() => void onPatch({ pinned: !message.pinned })}
            >
              {message.pinned ? <PushPin fontSize="small" /> : <PushPinOutlined fontSize="small" />}
            </IconButton>
          </Tooltip>
        )}
        {onDelete && (
          <Tooltip title={t('detail.delete')}>
            <IconButton
              size="small"
              aria-label={t('detail.delete')}
              onClick={() => setConfirmDelete(true)}
            >
              <DeleteOutlineOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        <Tooltip title={t('detail.close')}>
          <IconButton size="small" aria-label={t('detail.close')} onClick={onClose}>
            <CloseOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>

      <Typography
        data-testid="message-text"
        sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontSize: '0.9375rem' }}
      >
        {message.text}
      </Typography>

      {viewer && (
        <>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ alignItems: 'center', flexWrap: 'wrap' }}
          >
            <StatusChip status={message.status} />
            <Stack
              direction="row"
              spacing={0.5}
              sx={{ alignItems: 'center', color: 'text.secondary', fontSize: '0.8125rem' }}
            >
              <ThumbUpOutlined sx={{ fontSize: 16 }} aria-hidden />
              <span>{t('list.votes', { count: message.votes })}</span>
            </Stack>
          </Stack>
          <Box role="group" aria-label={t('detail.statusActions')}>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {steps.map((status) => (
                <Button
                  key={status}
                  size="small"
                  variant={
                    status === 'approved' || status === 'answered' ? 'contained' : 'outlined'
                  }
                  color={
                    status === 'declined'
                      ? 'warning'
                      : status === 'archived' || status === 'new'
                        ? 'inherit'
                        : 'primary'
                  }
                  disabled={busy}
                  onClick={() => void onPatch({ status })}
                >
                  {t(`actions.${status}`)}
                </Button>
              ))}
            </Stack>
          </Box>
          <Divider />
          <AnswerEditor
            key={message.id}
            message={message}
            busy={busy}
            onSave={async (values) => {
              await onPatch(values);
            }}
            onRemove={async () => {
              await onPatch({ answer: null });
            }}
          />
        </>
      )}

      {detail.data && detail.data.history.length > 0 && (
        <>
          <Divider />
          <History entries={detail.data.history} />
        </>
      )}

      {onDelete && (
        <ConfirmDialog
          open={confirmDelete}
          title={t('detail.deleteTitle')}
          message={t('detail.deleteText')}
          confirmLabel={t('detail.delete')}
          destructive
          busy={busy}
          onClose={() => setConfirmDelete(false)}
          onConfirm={() => {
            void onDelete().finally(() => setConfirmDelete(false));
          }}
        />
      )}
    </Stack>
  );
}
