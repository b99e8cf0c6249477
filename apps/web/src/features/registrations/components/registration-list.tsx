import type { Registration, RegistrationField } from '@livent/shared';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
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
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { ButtonLink } from '../../../components/links/button-link';
import { EmptyState } from '../../../components/page/empty-state';
import { translateMessage } from '../../../lib/forms/messages';
import { failureMessage } from '../../../lib/forms/report-error';
import { notify } from '../../../lib/notifications';
import {
  registrationsQueryOptions,
  useDeleteRegistration,
  useExportRegistrations,
  type RegistrationsListQuery,
} from '../api/registrations-api';

const PAGE_SIZES = [10, 25, 50, 100];
const SEARCH_DELAY_MS = 300;
/** The columns sorted alphabetically (the date sorts both ways). */
const TEXT_SORTS = ['name', 'email'] as const;

const reportFailure = async (error: unknown) =>
  notify({ type: 'error', message: translateMessage(await failureMessage(error)) ?? '' });

/**
 * Who registered for an event (docs/product-spec.md section 2, access/registrationlist; ADR 026):
 * paged, sorted and searched on the server, so that 100,000 rows stay fluent; the event's
 * additional fields are columns.
 */
export function RegistrationList({
  eventId,
  fields,
}: {
  eventId: string;
  fields: readonly RegistrationField[];
}) {
  const { t, i18n } = useTranslation('registrations');
  const [query, setQuery] = useState<RegistrationsListQuery>({
    page: 1,
    pageSize: 25,
    sort: 'newest',
    q: '',
  });
  const [search, setSearch] = useState('');
  const searchTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(searchTimer.current), []);
  const [deleting, setDeleting] = useState<Registration | null>(null);
  const { data, isPending, isError } = useQuery(registrationsQueryOptions(eventId, query));
  const remove = useDeleteRegistration(eventId);
  const exportCsv = useExportRegistrations(eventId);

  const onSearch = (value: string) => {
    setSearch(value);
    clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(
      () => setQuery((current) => ({ ...current, q: value, page: 1 })),
      SEARCH_DELAY_MS,
    );
  };
  const copyLink = async (registration: Registration) => {
    try {
      await navigator.clipboard.writeText(registration.personalLink);
      notify({ type: 'success', message: t('list.copied') });
    } catch {
      notify({ type: 'error', message: t('list.copyFailed') });
    }
  };
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
  const dateFormat = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  const empty = data && data.total === 0 && query.q === '';
  const columns = 6 + fields.length;
  const byDate = query.sort === 'newest' || query.sort === 'oldest';

  if (empty) {
    return (
      <EmptyState icon={HowToRegOutlined} title={t('empty.title')} text={t('empty.text')}>
        <ButtonLink
          variant="contained"
          to="/events/$eventid/access/settings"
          params={{ eventid: eventId }}
        >
          {t('empty.settings')}
        </ButtonLink>
      </EmptyState>
    );
  }

  return (
    <>
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
            onClick={() => exportCsv.mutate(query.q, { onError: reportFailure })}
          >
            {t('list.export')}
          </Button>
        </Stack>
        <TableContainer>
          <Table size="small" aria-label={t('list.label')}>
            <TableHead>
              <TableRow>
                <TableCell
                  sortDirection={byDate ? (query.sort === 'oldest' ? 'asc' : 'desc') : false}
                >
                  <TableSortLabel
                    active={byDate}
                    direction={query.sort === 'oldest' ? 'asc' : 'desc'}
                    onClick={() =>
                      setQuery((current) => ({
                        ...current,
                        sort: current.sort === 'newest' ? 'oldest' : 'newest',
                        page: 1,
                      }))
                    }
                  >
                    {t('fields.createdAt')}
                  </TableSortLabel>
                </TableCell>
                {TEXT_SORTS.map((sort) => (
                  <TableCell key={sort} sortDirection={query.sort === sort ? 'asc' : false}>
                    <TableSortLabel
                      active={query.sort === sort}
                      direction="asc"
                      onClick={() => setQuery((current) => ({ ...current, sort, page: 1 }))}
                    >
                      {t(`fields.${sort}`)}
                    </TableSortLabel>
                  </TableCell>
                ))}
                {fields.map((field) => (
                  <TableCell key={field.name}>{field.label}</TableCell>
                ))}
                <TableCell>{t('fields.personalLink')}</TableCell>
                <TableCell>{t('fields.mailStatus')}</TableCell>
                <TableCell align="right">{t('list.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data?.results.map((registration) => (
                <TableRow key={registration.id} hover>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {dateFormat.format(new Date(registration.createdAt))}
                  </TableCell>
                  <TableCell>{registration.name}</TableCell>
                  <TableCell>
                    {registration.email}
                    {!registration.verified && (
                      <Typography
                        component="span"
                        variant="body2"
                        sx={{ display: 'block', color: 'text.secondary' }}
                      >
                        {t('list.notVerified')}
                      </Typography>
                    )}
                  </TableCell>
                  {fields.map((field) => (
                    <TableCell key={field.name}>{registration.fields[field.name] ?? ''}</TableCell>
                  ))}
                  <TableCell>
                    <Tooltip title={registration.personalLink}>
                      <Button
                        size="small"
                        startIcon={<ContentCopyOutlined fontSize="small" />}
                        onClick={() => void copyLink(registration)}
                        aria-label={t('list.copyLinkOf', { name: registration.name })}
                      >
                        {t('list.copyLink')}
                      </Button>
                    </Tooltip>
                  </TableCell>
                  <TableCell>
                    {registration.mailStatus
                      ? t(`mailStatus.${registration.mailStatus}`)
                      : t('mailStatus.none')}
                  </TableCell>
                  <TableCell align="right">
                    <Tooltip title={t('list.delete')}>
                      <IconButton
                        size="small"
                        aria-label={t('list.deleteOf', { name: registration.name })}
                        onClick={() => setDeleting(registration)}
                      >
                        <DeleteOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
              {data && data.results.length === 0 && (
                <TableRow>
                  <TableCell colSpan={columns}>
                    <Typography sx={{ py: 2, color: 'text.secondary', textAlign: 'center' }}>
                      {t('list.noMatches')}
                    </Typography>
                  </TableCell>
                </TableRow>
              )}
              {(isPending || isError) && !data && (
                <TableRow>
                  <TableCell colSpan={columns}>
                    <Typography sx={{ py: 2, color: 'text.secondary', textAlign: 'center' }}>
                      {isError ? t('list.loadFailed') : t('list.loading')}
                    </Typography>
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={data?.total ?? 0}
          page={query.page - 1}
          rowsPerPage={query.pageSize}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_event, page) => setQuery((current) => ({ ...current, page: page + 1 }))}
          onRowsPerPageChange={(event) =>
            setQuery((current) => ({ ...current, pageSize: Number(event.target.value), page: 1 }))
          }
          labelRowsPerPage={t('list.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('list.displayedRows', { from, to, count })}
        />
      </Paper>
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
