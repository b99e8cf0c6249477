import type { StatsChannelTotals } from '@livent/shared';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/page/section-card';

/** A channel's name for the table: null is the main page. */
export type ChannelName = (channelId: string | null) => string;

/** Each page of the event in the range, the busiest first; viewers now from the live stream. */
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
  const sorted = [...rows].sort(
    (a, b) =>
      b.pageviews - a.pageviews || Number(a.channelId !== null) - Number(b.channelId !== null),
  );
  const numeric = { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;
  return (
    <SectionCard title={t('breakdown.title')} description={t('breakdown.description')}>
      <TableContainer sx={{ mx: { xs: -2.5, sm: -3 }, mb: { xs: -2.5, sm: -3 }, width: 'auto' }}>
        <Table size="small" aria-label={t('breakdown.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('breakdown.page')}</TableCell>
              <TableCell sx={numeric}>{t('breakdown.viewersNow')}</TableCell>
              <TableCell sx={numeric}>{t('breakdown.peak')}</TableCell>
              <TableCell sx={numeric}>{t('breakdown.pageviews')}</TableCell>
              <TableCell sx={numeric}>{t('breakdown.uniqueViewers')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {sorted.map((row) => (
              <TableRow key={row.channelId ?? 'main'}>
                <TableCell component="th" scope="row">
                  {channelName(row.channelId)}
                </TableCell>
                <TableCell sx={numeric}>
                  {number.format(liveCount(row.channelId) ?? row.viewersNow)}
                </TableCell>
                <TableCell sx={numeric}>{number.format(row.peakViewers)}</TableCell>
                <TableCell sx={numeric}>{number.format(row.pageviews)}</TableCell>
                <TableCell sx={numeric}>{number.format(row.uniqueViewers)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </SectionCard>
  );
}
