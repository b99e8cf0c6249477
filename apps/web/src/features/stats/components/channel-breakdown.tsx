import type { StatsChannelTotals } from '@livent/shared';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/page/section-card';

/** A channel's name for the table: null is the main page. */
export type ChannelName = (channelId: string | null) => string;

const COLUMNS = ['viewersNow', 'peak', 'pageviews', 'uniqueViewers'] as const;

/**
 * Each page of the event in the range, the busiest first; viewers now from the live stream. A
 * table where there is room; on a phone each page is a small block of the same four numbers,
 * which reads better than a table scrolled sideways.
 */
export function ChannelBreakdown({
  rows,
  channelName,
  liveCount,
  number,
}: {
  rows: readonly StatsChannelTotals[];
  channelName: ChannelName;
  liveCount: (channelId: string | null) => number | undefined;
  number: Intl.NumberFormat;
}) {
  const { t } = useTranslation('stats');
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const sorted = [...rows].sort(
    (a, b) =>
      b.pageviews - a.pageviews || Number(a.channelId !== null) - Number(b.channelId !== null),
  );
  const values = (row: StatsChannelTotals): Record<(typeof COLUMNS)[number], string> => ({
    viewersNow: number.format(liveCount(row.channelId) ?? row.viewersNow),
    peak: number.format(row.peakViewers),
    pageviews: number.format(row.pageviews),
    uniqueViewers: number.format(row.uniqueViewers),
  });
  const numeric = { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;

  if (narrow) {
    return (
      <SectionCard title={t('breakdown.title')} description={t('breakdown.description')}>
        <Stack component="ul" sx={{ listStyle: 'none', m: 0, p: 0, gap: 2 }}>
          {sorted.map((row) => {
            const cells = values(row);
            return (
              <Box component="li" key={row.channelId ?? 'main'}>
                <Typography sx={{ fontWeight: 600, mb: 0.75 }}>
                  {channelName(row.channelId)}
                </Typography>
                <Box
                  component="dl"
                  sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 0.75 }}
                >
                  {COLUMNS.map((column) => (
                    <Box key={column}>
                      <Typography component="dt" variant="caption" sx={{ color: 'text.secondary' }}>
                        {t(`breakdown.${column}`)}
                      </Typography>
                      <Typography component="dd" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}>
                        {cells[column]}
                      </Typography>
                    </Box>
                  ))}
                </Box>
              </Box>
            );
          })}
        </Stack>
      </SectionCard>
    );
  }

  return (
    <SectionCard title={t('breakdown.title')} description={t('breakdown.description')}>
      <TableContainer sx={{ mx: { xs: -2.5, sm: -3 }, mb: { xs: -2.5, sm: -3 }, width: 'auto' }}>
        <Table size="small" aria-label={t('breakdown.title')}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ pl: 3 }}>{t('breakdown.page')}</TableCell>
              {COLUMNS.map((column) => (
                <TableCell key={column} sx={{ ...numeric, whiteSpace: 'nowrap', pr: 3 }}>
                  {t(`breakdown.${column}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {sorted.map((row) => {
              const cells = values(row);
              return (
                <TableRow key={row.channelId ?? 'main'}>
                  <TableCell component="th" scope="row" sx={{ pl: 3, fontWeight: 500 }}>
                    {channelName(row.channelId)}
                  </TableCell>
                  {COLUMNS.map((column) => (
                    <TableCell key={column} sx={{ ...numeric, pr: 3 }}>
                      {cells[column]}
                    </TableCell>
                  ))}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </SectionCard>
  );
}
