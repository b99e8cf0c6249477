import type { InboxMessage } from '@livent/shared';
import LockOutlined from '@mui/icons-material/LockOutlined';
import PushPin from '@mui/icons-material/PushPin';
import QuestionAnswerOutlined from '@mui/icons-material/QuestionAnswerOutlined';
import ThumbUpOutlined from '@mui/icons-material/ThumbUpOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../components/visually-hidden';
import { useDateTimeFormat } from '../../../lib/format/date-time';
import { relativeTime } from '../../../lib/format/time';
import { StatusChip } from './status-chip';

/** Renders again every minute, so that "3 minutes ago" stays true while the inbox is open. */
function useMinuteClock(): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((tick) => tick + 1), 60_000);
    return () => clearInterval(timer);
  }, []);
}

/** The name of the channel a message came from, or undefined for the main page. */
export type ChannelName = (channelId: string | null) => string | undefined;

function Meta({ message, channelName }: { message: InboxMessage; channelName: ChannelName }) {
  const { t, i18n } = useTranslation('messages');
  const dates = useDateTimeFormat();
  const author =
    message.kind === 'internal'
      ? message.authorName || t('list.organiser')
      : message.authorName || t('list.anonymous');
  const channel = message.kind === 'viewer' ? channelName(message.channelId) : undefined;
  return (
    <Stack
      direction="row"
      spacing={0.75}
      sx={{ alignItems: 'center', minWidth: 0, color: 'text.secondary', fontSize: '0.8125rem' }}
    >
      <Typography
        component="span"
        noWrap
        sx={{
          fontSize: '0.8125rem',
          fontWeight: message.read ? 500 : 700,
          color: 'text.primary',
          fontStyle: message.authorName ? 'normal' : 'italic',
        }}
      >
        {author}
      </Typography>
      {channel && (
        <Typography component="span" noWrap sx={{ fontSize: '0.8125rem' }}>
          {`· ${channel}`}
        </Typography>
      )}
      <Box sx={{ flexGrow: 1 }} />
      <Tooltip title={dates.exact(message.createdAt)}>
        <Typography component="span" noWrap sx={{ fontSize: '0.75rem', flexShrink: 0 }}>
          <time dateTime={message.createdAt}>{relativeTime(message.createdAt, i18n.language)}</time>
        </Typography>
      </Tooltip>
    </Stack>
  );
}

function MessageRow({
  message,
  selected,
  onSelect,
  channelName,
  showVotes,
}: {
  message: InboxMessage;
  selected: boolean;
  onSelect: (message: InboxMessage) => void;
  channelName: ChannelName;
  showVotes: boolean;
}) {
  const { t } = useTranslation('messages');
  return (
    <ListItem disablePadding divider data-testid="message-row" data-message-id={message.id}>
      <ListItemButton
        selected={selected}
        onClick={() => onSelect(message)}
        aria-current={selected ? 'true' : undefined}
        sx={{ alignItems: 'flex-start', gap: 1.25, py: 1.25, px: { xs: 1.5, sm: 2 } }}
      >
        <Box
          aria-hidden
          sx={{
            mt: 0.75,
            width: 8,
            height: 8,
            borderRadius: '50%',
            flexShrink: 0,
            bgcolor: message.read ? 'transparent' : 'primary.main',
          }}
        />
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          {!message.read && (
            <Box component="span" sx={visuallyHidden}>
              {t('list.unread')}
            </Box>
          )}
          <Meta message={message} channelName={channelName} />
          <Typography
            sx={{
              mt: 0.25,
              fontSize: '0.875rem',
              fontWeight: message.read ? 400 : 600,
              color: 'text.primary',
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              wordBreak: 'break-word',
            }}
          >
            {message.text}
          </Typography>
          <Stack
            direction="row"
            spacing={0.75}
            useFlexGap
            sx={{ mt: 0.75, alignItems: 'center', flexWrap: 'wrap' }}
          >
            {message.kind === 'internal' ? (
              <Chip
                size="small"
                icon={<LockOutlined />}
                label={t('list.internal')}
                sx={{ height: 22, fontSize: '0.75rem' }}
              />
            ) : (
              <StatusChip status={message.status} />
            )}
            {message.pinned && (
              <Chip
                size="small"
                color="primary"
                icon={<PushPin />}
                label={t('list.pinned')}
                sx={{ height: 22, fontSize: '0.75rem' }}
              />
            )}
            {showVotes && message.kind === 'viewer' && message.votes > 0 && (
              <Stack
                direction="row"
                spacing={0.5}
                sx={{ alignItems: 'center', color: 'text.secondary', fontSize: '0.75rem' }}
              >
                <ThumbUpOutlined sx={{ fontSize: 14 }} aria-hidden />
                <span>{t('list.votes', { count: message.votes })}</span>
              </Stack>
            )}
            {message.answer !== null && (
              <Stack
                direction="row"
                spacing={0.5}
                sx={{ alignItems: 'center', color: 'text.secondary', fontSize: '0.75rem' }}
              >
                <QuestionAnswerOutlined sx={{ fontSize: 14 }} aria-hidden />
                <span>
                  {message.answerPublic ? t('list.answeredPublic') : t('list.answeredPrivate')}
                </span>
              </Stack>
            )}
          </Stack>
        </Box>
      </ListItemButton>
    </ListItem>
  );
}

export function MessageList({
  messages,
  selectedId,
  onSelect,
  channelName,
  showVotes,
}: {
  messages: readonly InboxMessage[];
  selectedId: string | undefined;
  onSelect: (message: InboxMessage) => void;
  channelName: ChannelName;
  showVotes: boolean;
}) {
  const { t } = useTranslation('messages');
  useMinuteClock();
  return (
    <List disablePadding aria-label={t('list.label')} data-testid="message-list">
      {messages.map((message) => (
        <MessageRow
          key={message.id}
          message={message}
          selected={message.id === selectedId}
          onSelect={onSelect}
          channelName={channelName}
          showVotes={showVotes}
        />
      ))}
    </List>
  );
}

/** Rows in the list's shape while the first page loads. */
export function MessageListSkeleton({ rows = 6 }: { rows?: number }) {
  const { t } = useTranslation('messages');
  return (
    <Box role="status" aria-label={t('list.loading')} sx={{ px: 2 }}>
      {Array.from({ length: rows }, (_, index) => (
        <Box key={index} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
          <Skeleton width="40%" height={18} />
          <Skeleton width="90%" height={20} />
          <Skeleton width="25%" height={22} />
        </Box>
      ))}
    </Box>
  );
}
