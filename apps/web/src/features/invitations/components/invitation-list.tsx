import type { Invitation, InvitationSort } from '@livent/shared';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { EmptyState } from '../../../components/page/empty-state';
import { translateMessage } from '../../../lib/forms/messages';
import { failureMessage } from '../../../lib/forms/report-error';
import { notify } from '../../../lib/notifications';
import {
  invitationsQueryOptions,
  useDeleteInvitation,
  useExportInvitations,
  useUpdateInvitation,
  type InvitationsListQuery,
} from '../api/invitations-api';
import { InvitationDialog } from './invitation-dialog';

const PAGE_SIZES = [10, 25, 50, 100];
const SEARCH_DELAY_MS = 300;
const SORTABLE: readonly {
  sort: InvitationSort;
  label: 'createdAt' | 'name' | 'email' | 'logins';
}[] = [
  { sort: 'createdAt', label: 'createdAt' },
  { sort: 'name', label: 'name' },
  { sort: 'email', label: 'email' },
];

/** The actions stay in view while a narrow screen scrolls the table sideways. */
const stickyEnd = {
  position: 'sticky',
  right: 0,
  bgcolor: 'background.paper',
  whiteSpace: 'nowrap',
} as const;

const reportFailure = async (error: unknown) =>
  notify({ type: 'error', message: translateMessage(await failureMessage(error)) ?? '' });

function PasswordCell({ password }: { password: string }) {
  const { t } = useTranslation('invitations');
  const [shown, setShown] = useState(false);
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
      <Box component="span" sx={{ fontFamily: 'monospace' }}>
        {shown ? password : '••••••••'}
      </Box>
      <IconButton
        size="small"
        aria-label={shown ? t('list.hidePassword') : t('list.showPassword')}
        aria-pressed={shown}
        onClick={() => setShown((value) => !value)}
      >
        {shown ? (
          <VisibilityOffOutlined fontSize="small" />
        ) : (
          <VisibilityOutlined fontSize="small" />
        )}
      </IconButton>
    </Stack>
  );
}

/**
 * The invitations of an event (docs/product-spec.md section 2, access/invitationlist; ADR 026):
 * paged, sorted and searched on the server, so that 100,000 rows stay fluent.
 */
export function InvitationList({ eventId }: { eventId: string }) {
  const { t, i18n } = useTranslation('invitations');
  const [query, setQuery] = useState<InvitationsListQuery>({
    page: 1,
    pageSize: 25,
    sort: 'createdAt',
    order: 'desc',
    q: '',
  });
  const [search, setSearch] = useState('');
  const searchTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [editing, setEditing] = useState<Invitation | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<Invitation | null>(null);
  const { data, isError } = useQuery(invitationsQueryOptions(eventId, query));
  const remove = useDeleteInvitation(eventId);
  const update = useUpdateInvitation(eventId);
  const exportCsv = useExportInvitations(eventId);

  const onSearch = (value: string) => {
    setSearch(value);
    clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(
      () => setQuery((current) => ({ ...current, q: value, page: 1 })),
      SEARCH_DELAY_MS,
    );
  };
  const sortBy = (sort: InvitationSort) =>
    setQuery((current) => ({
      ...current,
      sort,
      order: current.sort === sort && current.order === 'asc' ? 'desc' : 'asc',
      page: 1,
    }));
  const openDialog = (invitation: Invitation | null) => {
    setEditing(invitation);
    setDialogOpen(true);
  };
  const copyLink = async (invitation: Invitation) => {
    try {
      await navigator.clipboard.writeText(invitation.personalLink);
      notify({ type: 'success', message: t('list.copied') });
    } catch {
      notify({ type: 'error', message: t('list.copyFailed') });
    }
  };
  const renewLink = (invitation: Invitation) =>
    update.mutate(
      { id: invitation.id, patch: { renewPersonalLink: true } },
      {
        onSuccess: () => notify({ type: 'success', message: t('list.linkRenewed') }),
        onError: reportFailure,
      },
    );
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notify({ type: 'success', message: t('delete.done', { name: deleting.name }) });
        setDeleting(null);
      },
      onError: reportFailure,
    });
  };
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const timeFormat = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  const empty = data?.total === 0 && query.q === '';
  const sortLabel = (sort: InvitationSort, label: string) => (
    <TableSortLabel
      active={query.sort === sort}
      direction={query.sort === sort ? query.order : 'asc'}
      onClick={() => sortBy(sort)}
    >
      {label}
    </TableSortLabel>
  );

  const loginsLabel = sortLabel('logins', t('fields.logins'));

  return (
    <>
      {!data ? (
        <Paper variant="outlined" sx={{ p: 4 }}>
          <Typography role="status" sx={{ color: 'text.secondary', textAlign: 'center' }}>
            {isError ? t('list.loadFailed') : t('list.loading')}
          </Typography>
        </Paper>
      ) : empty ? (
        <EmptyState icon={ForwardToInboxOutlined} title={t('empty.title')} text={t('empty.text')}>
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => openDialog(null)}>
            {t('list.add')}
          </Button>
        </EmptyState>
      ) : (
        <Paper variant="outlined">
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            sx={{ p: 2, gap: 1.5, alignItems: { sm: 'center' } }}
          >
            <TextField
              size="small"
              value={search}
              onChange={(event) => onSearch(event.target.value)}
              placeholder={t('list.search')}
              slotProps={{
                htmlInput: { 'aria-label': t('list.search'), type: 'search' },
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchOutlined fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
              sx={{ flex: 1, maxWidth: { sm: 360 } }}
            />
            <Box sx={{ flex: 1 }} />
            <Button
              startIcon={<DownloadOutlined />}
              loading={exportCsv.isPending}
              onClick={() =>
                exportCsv.mutate(
                  { sort: query.sort, order: query.order, q: query.q },
                  { onError: reportFailure },
                )
              }
            >
              {t('list.export')}
            </Button>
            <Button
              variant="contained"
              startIcon={<AddOutlined />}
              onClick={() => openDialog(null)}
            >
              {t('list.add')}
            </Button>
          </Stack>
          <TableContainer>
            <Table size="small" aria-label={t('list.label')}>
              <TableHead>
                <TableRow>
                  {SORTABLE.map(({ sort, label }) => (
                    <TableCell key={sort} sortDirection={query.sort === sort ? query.order : false}>
                      {sortLabel(sort, t(`fields.${label}`))}
                    </TableCell>
                  ))}
                  <TableCell>{t('fields.username')}</TableCell>
                  <TableCell>{t('fields.password')}</TableCell>
                  <TableCell>{t('fields.personalLink')}</TableCell>
                  <TableCell
                    align="right"
                    sortDirection={query.sort === 'logins' ? query.order : false}
                  >
                    {loginsLabel}
                  </TableCell>
                  <TableCell>{t('fields.mailStatus')}</TableCell>
                  <TableCell align="right" sx={stickyEnd}>
                    {t('list.actions')}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.results.map((invitation) => (
                  <TableRow key={invitation.id} hover>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <Tooltip title={timeFormat.format(new Date(invitation.createdAt))}>
                        <span>{dateFormat.format(new Date(invitation.createdAt))}</span>
                      </Tooltip>
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{invitation.name}</TableCell>
                    <TableCell>{invitation.email}</TableCell>
                    <TableCell>{invitation.username}</TableCell>
                    <TableCell>
                      <PasswordCell password={invitation.password} />
                    </TableCell>
                    <TableCell>
                      <Tooltip title={invitation.personalLink}>
                        <IconButton
                          size="small"
                          onClick={() => void copyLink(invitation)}
                          aria-label={t('list.copyLinkOf', { name: invitation.name })}
                        >
                          <ContentCopyOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                    <TableCell align="right">{invitation.logins}</TableCell>
                    <TableCell>
                      {invitation.mailStatus
                        ? t(`mailStatus.${invitation.mailStatus}`)
                        : t('mailStatus.none')}
                    </TableCell>
                    <TableCell align="right" sx={stickyEnd}>
                      <Tooltip title={t('list.edit')}>
                        <IconButton
                          size="small"
                          aria-label={t('list.editOf', { name: invitation.name })}
                          onClick={() => openDialog(invitation)}
                        >
                          <EditOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={t('list.renewLink')}>
                        <IconButton
                          size="small"
                          aria-label={t('list.renewLinkOf', { name: invitation.name })}
                          onClick={() => renewLink(invitation)}
                        >
                          <LinkOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={t('list.delete')}>
                        <IconButton
                          size="small"
                          aria-label={t('list.deleteOf', { name: invitation.name })}
                          onClick={() => setDeleting(invitation)}
                        >
                          <DeleteOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))}
                {data.results.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={9}>
                      <Typography sx={{ py: 2, color: 'text.secondary', textAlign: 'center' }}>
                        {t('list.noMatches')}
                      </Typography>
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={data.total}
            page={query.page - 1}
            rowsPerPage={query.pageSize}
            rowsPerPageOptions={PAGE_SIZES}
            onPageChange={(_event, page) => setQuery((current) => ({ ...current, page: page + 1 }))}
            onRowsPerPageChange={(event) =>
              setQuery((current) => ({
                ...current,
                pageSize: Number(event.target.value),
                page: 1,
              }))
            }
            labelRowsPerPage={t('list.rowsPerPage')}
            labelDisplayedRows={({ from, to, count }) =>
              t('list.displayedRows', { from, to, count })
            }
          />
        </Paper>
      )}
      <InvitationDialog
        eventId={eventId}
        invitation={editing}
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('delete.title')}
        message={t('delete.text', { name: deleting?.name ?? '' })}
        confirmLabel={t('delete.confirm')}
        destructive
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
