import type { InboxMessage, MessagePatch, MessageStatus, MessagesMode } from '@livent/shared';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/forms/form-alert';
import { EmptyState } from '../../../components/page/empty-state';
import { ApiError } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/forms/messages';
import { failureMessageKey } from '../../../lib/forms/server-errors';
import { notify } from '../../../lib/notifications';
import type { InboxApi } from '../api/inbox-api';
import {
  inboxListQueryOptions,
  useCreateInternalMessage,
  useDeleteMessage,
  useExportMessages,
  useUpdateMessage,
} from '../api/inbox-queries';
import { useInboxStream } from '../api/use-inbox-stream';
import {
  hasFilters,
  InboxFilters,
  InboxSort,
  NO_FILTERS,
  toQuery,
  type InboxFilterValues,
} from './inbox-filters';
import { InternalComposer } from './internal-composer';
import { MessageDetail } from './message-detail';
import { MessageList, MessageListSkeleton, type ChannelName } from './message-list';

const PAGE_SIZES = [10, 25, 50, 100];
const SEARCH_DELAY_MS = 300;

/** The value, once it has stopped changing for `delay` ms (the search box's typing). */
function useDebouncedValue<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

interface Undo {
  label: string;
  patch: MessagePatch;
  id: string;
}

/**
 * The message inbox (docs/product-spec.md section 2, `/events/{id}/messages` and the guest inbox;
 * ADR 025): filters, search, pages, the list newest first with unread ones bold, the opened message
 * beside it (a full-screen dialog on phones), live updates from the stream, and an undo after
 * every state step. The organiser's and the guest's inbox differ only by the `api` they get.
 */
export function Inbox({
  api,
  mode,
  channels,
  messagesEnabled = true,
  settingsLink,
}: {
  api: InboxApi;
  mode: MessagesMode;
  /** The event's channels, for names and the channel filter (organisers). */
  channels?: readonly { id: string; title: string }[];
  /** False: the empty inbox says that the message tool is off. */
  messagesEnabled?: boolean;
  /** Where the organiser turns the message tool on (the interaction section). */
  settingsLink?: ReactNode;
}) {
  const { t } = useTranslation('messages');
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [filters, setFilters] = useState<InboxFilterValues>(NO_FILTERS);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const [selected, setSelected] = useState<InboxMessage | undefined>();
  const [undo, setUndo] = useState<Undo | undefined>();
  const q = useDebouncedValue(filters.q, SEARCH_DELAY_MS);
  const detailHeadingId = useId();
  const query = { ...toQuery(filters, q), page: page + 1, pageSize };
  const list = useQuery(inboxListQueryOptions(api, query));
  const update = useUpdateMessage(api);
  const remove = useDeleteMessage(api);
  const createNote = useCreateInternalMessage(api);
  const exportCsv = useExportMessages(api);
  useInboxStream(api);

  const channelName: ChannelName = (channelId) =>
    channelId ? channels?.find((channel) => channel.id === channelId)?.title : undefined;
  const results = list.data?.results ?? [];
  // The opened message as the cache holds it now (live changes included).
  const current = selected && (results.find((message) => message.id === selected.id) ?? selected);

  const changeFilters = (next: InboxFilterValues) => {
    setFilters(next);
    setPage(0);
  };

  const reportFailure = (error: unknown) => {
    notify({ type: 'error', message: translateMessage(failureMessageKey(error)) ?? '' });
  };

  const patch = async (message: InboxMessage, change: MessagePatch, quiet = false) => {
    try {
      const saved = await update.mutateAsync({ id: message.id, patch: change });
      setSelected((open) => (open?.id === saved.id ? saved : open));
      if (change.status && !quiet) {
        setUndo({
          id: message.id,
          label: t(`undo.${change.status}`),
          patch: { status: message.status as MessageStatus },
        });
      }
      return saved;
    } catch (error) {
      reportFailure(error);
      return undefined;
    }
  };

  const open = (message: InboxMessage) => {
    setSelected(message);
    // Opening a message reads it (ADR 025); "mark unread" in the detail undoes that.
    if (!message.read) void patch(message, { read: true }, true);
  };

  const runUndo = async () => {
    if (!undo) return;
    const target = results.find((message) => message.id === undo.id) ?? current;
    setUndo(undefined);
    if (target) await patch(target, undo.patch, true);
  };

  const deleteMessage = async (message: InboxMessage) => {
    try {
      await remove.mutateAsync(message.id);
      setSelected(undefined);
      notify({ type: 'success', message: t('detail.deleted') });
    } catch (error) {
      reportFailure(error);
    }
  };

  const detail = current && (
    <MessageDetail
      key={current.id}
      headingId={detailHeadingId}
      pinnable={mode === 'qa'}
      api={api}
      message={current}
      channelName={channelName}
      busy={update.isPending || remove.isPending}
      onPatch={(change) => patch(current, change)}
      onClose={() => setSelected(undefined)}
      {...(api.remove ? { onDelete: () => deleteMessage(current) } : {})}
    />
  );

  const filtered = hasFilters(filters);
  const empty = list.isSuccess && list.data.total === 0 && results.length === 0;
  const total = list.data?.total ?? 0;

  // A 404 (a guest's link renewed meanwhile, the event deleted) ends the inbox even over the
  // messages it showed before: its actions would all fail.
  const gone = list.error instanceof ApiError && list.error.code === 404;
  let body: ReactNode;
  if (list.isPending) {
    body = <MessageListSkeleton />;
  } else if (list.isError && (!list.data || gone)) {
    // A guest's token renewed or removed meanwhile says so ("Token expired").
    const message =
      list.error instanceof ApiError && list.error.code === 404
        ? translateMessage(failureMessageKey(list.error))
        : t('list.error');
    body = (
      <Box sx={{ p: 2 }}>
        <FormAlert>{message}</FormAlert>
        <Button sx={{ mt: 1.5 }} onClick={() => void list.refetch()}>
          {t('list.retry')}
        </Button>
      </Box>
    );
  } else if (empty && !filtered) {
    body = (
      <Box sx={{ p: { xs: 1.5, sm: 2 } }}>
        <EmptyState
          icon={ForumOutlined}
          title={t('empty.title')}
          text={messagesEnabled ? t('empty.text') : t('empty.disabled')}
        >
          {!messagesEnabled && settingsLink}
        </EmptyState>
      </Box>
    );
  } else if (empty) {
    body = (
      <Box sx={{ p: { xs: 1.5, sm: 2 } }}>
        <EmptyState
          icon={SearchOffOutlined}
          title={t('empty.noMatch')}
          text={t('empty.noMatchText')}
        >
          <Button variant="outlined" onClick={() => changeFilters(NO_FILTERS)}>
            {t('filters.clear')}
          </Button>
        </EmptyState>
      </Box>
    );
  } else {
    body = (
      <MessageList
        messages={results}
        selectedId={current?.id}
        onSelect={open}
        channelName={channelName}
        showVotes={mode === 'qa'}
      />
    );
  }

  return (
    <Stack spacing={2} data-testid="inbox" data-inbox-kind={api.kind}>
      <Stack
        direction="row"
        spacing={1.5}
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap' }}
      >
        <Typography
          role="status"
          data-testid="inbox-summary"
          sx={{ color: 'text.secondary', fontSize: '0.875rem', flex: '1 1 180px' }}
        >
          {list.data
            ? t('summary', { count: list.data.total, unread: list.data.unreadCount })
            : '\u00a0'}
        </Typography>
        <Box sx={{ width: 168 }}>
          <InboxSort filters={filters} onChange={changeFilters} />
        </Box>
        {api.createInternal && !narrow && (
          <InternalComposer onSend={async (text) => void (await createNote.mutateAsync(text))} />
        )}
        {api.exportCsv && (
          <Button
            variant="outlined"
            size="small"
            startIcon={<FileDownloadOutlined />}
            loading={exportCsv.isPending}
            onClick={() => exportCsv.mutateAsync(toQuery(filters, q)).catch(reportFailure)}
          >
            {t('export')}
          </Button>
        )}
      </Stack>
      {api.createInternal && narrow && (
        <InternalComposer onSend={async (text) => void (await createNote.mutateAsync(text))} />
      )}
      <InboxFilters
        filters={filters}
        onChange={changeFilters}
        {...(channels ? { channels } : {})}
        showKind={Boolean(api.createInternal)}
        compact={narrow}
      />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: '1fr',
            md: current ? 'minmax(0, 1fr) minmax(320px, 420px)' : '1fr',
          },
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          {body}
          {total > 0 && (
            <TablePagination
              component="div"
              count={total}
              page={Math.min(page, Math.max(0, Math.ceil(total / pageSize) - 1))}
              onPageChange={(_event, next) => setPage(next)}
              rowsPerPage={pageSize}
              rowsPerPageOptions={PAGE_SIZES}
              onRowsPerPageChange={(event) => {
                setPageSize(Number(event.target.value));
                setPage(0);
              }}
              labelRowsPerPage={t('pagination.rowsPerPage')}
              labelDisplayedRows={({ from, to, count }) =>
                t('pagination.displayed', { from, to, count })
              }
              getItemAriaLabel={(type) => t(`pagination.${type}`)}
              sx={{ borderTop: 1, borderColor: 'divider' }}
            />
          )}
        </Paper>
        {current && !narrow && (
          <Paper variant="outlined" sx={{ position: 'sticky', top: 80 }}>
            {detail}
          </Paper>
        )}
      </Box>
      {narrow && (
        <Dialog
          fullScreen
          open={Boolean(current)}
          onClose={() => setSelected(undefined)}
          aria-labelledby={detailHeadingId}
        >
          {detail}
        </Dialog>
      )}
      <Snackbar
        open={Boolean(undo)}
        autoHideDuration={6000}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') setUndo(undefined);
        }}
        message={undo?.label}
        action={
          <Button color="inherit" size="small" onClick={() => void runUndo()}>
            {t('undo.action')}
          </Button>
        }
      />
    </Stack>
  );
}
