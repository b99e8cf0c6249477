import { hasFeature, LOGIN_WAYS, type LoginWay } from '@livent/shared';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/page/empty-state';
import { PlanFeatureNotice } from '../../../components/page/plan-feature-notice';
import { useCurrentUser } from '../../../lib/auth/use-auth';
import { translateMessage } from '../../../lib/forms/messages';
import { failureMessage } from '../../../lib/forms/report-error';
import { notify } from '../../../lib/notifications';
import { loginsQueryOptions, useExportLogins, type LoginsListQuery } from '../api/logins-api';
import { exactTime, relativeTime } from '../../../lib/format/time';

const PAGE_SIZES = [10, 25, 50, 100];
const SEARCH_DELAY_MS = 300;

const reportFailure = async (error: unknown) =>
  notify({ type: 'error', message: translateMessage(await failureMessage(error)) ?? '' });

/**
 * Who came into a protected event and how (docs/product-spec.md, access/loginlist; ADR 026):
 * newest first, paged, filtered by way and searched on the server; only with CUSTOM_ACCESS.
 */
export function LoginList({ eventId }: { eventId: string }) {
  const { t, i18n } = useTranslation('logins');
  const user = useCurrentUser();
  const allowed = hasFeature(user.planAllowance, 'CUSTOM_ACCESS');
  const timeZone = user.settings.timezone;
  const [query, setQuery] = useState<LoginsListQuery>({ page: 1, pageSize: 25, way: '', q: '' });
  const [search, setSearch] = useState('');
  const searchTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(searchTimer.current), []);
  const { data, isPending, isError } = useQuery(loginsQueryOptions(eventId, query, allowed));
  const exportCsv = useExportLogins(eventId);

  if (!allowed) return <PlanFeatureNotice>{t('plan')}</PlanFeatureNotice>;

  const onSearch = (value: string) => {
    setSearch(value);
    clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(
      () => setQuery((current) => ({ ...current, q: value, page: 1 })),
      SEARCH_DELAY_MS,
    );
  };

  if (data && data.total === 0 && query.q === '' && query.way === '') {
    return <EmptyState icon={VpnKeyOutlined} title={t('empty.title')} text={t('empty.text')} />;
  }

  return (
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
        <TextField
          select
          size="small"
          label={t('list.way')}
          value={query.way}
          onChange={(event) =>
            setQuery((current) => ({
              ...current,
              way: event.target.value as LoginWay | '',
              page: 1,
            }))
          }
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">{t('list.allWays')}</MenuItem>
          {LOGIN_WAYS.map((way) => (
            <MenuItem key={way} value={way}>
              {t(`way.${way}`)}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flex: 1 }} />
        <Button
          startIcon={<DownloadOutlined />}
          loading={exportCsv.isPending}
          onClick={() =>
            exportCsv.mutate({ way: query.way, q: query.q }, { onError: reportFailure })
          }
        >
          {t('list.export')}
        </Button>
      </Stack>
      <TableContainer>
        <Table size="small" aria-label={t('list.label')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('fields.time')}</TableCell>
              <TableCell>{t('fields.way')}</TableCell>
              <TableCell>{t('fields.who')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data?.results.map((login) => (
              <TableRow key={login.id} hover>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title={exactTime(login.createdAt, i18n.language, timeZone)}>
                    <time dateTime={login.createdAt}>
                      {relativeTime(login.createdAt, i18n.language)}
                    </time>
                  </Tooltip>
                </TableCell>
                <TableCell>
                  <Chip size="small" variant="outlined" label={t(`way.${login.way}`)} />
                </TableCell>
                <TableCell>
                  {login.label || (
                    <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                      {t('list.anonymous')}
                    </Typography>
                  )}
                </TableCell>
              </TableRow>
            ))}
            {data && data.results.length === 0 && (
              <TableRow>
                <TableCell colSpan={3}>
                  <Typography sx={{ py: 2, color: 'text.secondary', textAlign: 'center' }}>
                    {t('list.noMatches')}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {(isPending || isError) && !data && (
              <TableRow>
                <TableCell colSpan={3}>
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
  );
}
