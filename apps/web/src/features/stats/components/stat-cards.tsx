import type { AttendanceRate } from '@livent/shared';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { keyframes } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StreamState } from '../../../lib/live/use-event-stream';
import { timeFormatter } from '../stats-time';

const pulse = keyframes`
  0% { box-shadow: 0 0 0 0 rgba(21, 128, 61, 0.45); }
  70% { box-shadow: 0 0 0 7px rgba(21, 128, 61, 0); }
  100% { box-shadow: 0 0 0 0 rgba(21, 128, 61, 0); }
`;

export function StatCard({
  label,
  value,
  detail,
  badge,
  testId,
}: {
  label: string;
  value: string;
  detail: ReactNode;
  badge?: ReactNode;
  testId: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, height: '100%' }} data-testid={testId}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography
          variant="body2"
          component="h2"
          sx={{ color: 'text.secondary', fontWeight: 500 }}
        >
          {label}
        </Typography>
        {badge}
      </Stack>
      <Typography
        component="p"
        sx={{
          mt: 1,
          fontSize: { xs: '1.75rem', sm: '2rem' },
          fontWeight: 700,
          letterSpacing: '-0.02em',
          lineHeight: 1.15,
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        {value}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5, color: 'text.secondary' }}>
        {detail}
      </Typography>
    </Paper>
  );
}

/**
 * "Live" with a green dot while the stream runs, what it is doing otherwise. The dot pulses a
 * few times when the number changes (`pulseKey`), not forever: a page that never stops moving
 * distracts and never settles for the accessibility checks.
 */
export function LiveBadge({ state, pulseKey }: { state: StreamState; pulseKey: number }) {
  const { t } = useTranslation('stats');
  const on = state === 'open';
  return (
    <Stack
      direction="row"
      data-testid="live-indicator"
      data-state={state}
      sx={{ gap: 0.75, alignItems: 'center', flexShrink: 0 }}
    >
      <Box
        key={pulseKey}
        aria-hidden
        sx={{
          width: 8,
          height: 8,
          borderRadius: '50%',
          bgcolor: on ? 'success.main' : 'secondary.light',
          animation: on ? `${pulse} 1.5s ease-out 3` : 'none',
          '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        }}
      />
      <Typography
        variant="caption"
        sx={{ color: on ? 'success.dark' : 'text.secondary', fontWeight: 600 }}
      >
        {t(`live.${state}`)}
      </Typography>
    </Stack>
  );
}

/**
 * The numbers of the range: viewers now (live), peak with its time, pageviews, unique viewers;
 * and, for an event with registrations or invitations, its attendance rate (ADR 066).
 */
export function StatCards({
  viewersNow,
  streamState,
  peak,
  peakAt,
  pageviews,
  uniqueViewers,
  attendance,
  timeZone,
}: {
  viewersNow: number;
  streamState: StreamState;
  peak: number;
  peakAt: string | null;
  pageviews: number;
  uniqueViewers: number;
  attendance: AttendanceRate;
  timeZone: string | undefined;
}) {
  const { t, i18n } = useTranslation('stats');
  const number = new Intl.NumberFormat(i18n.language);
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent' });
  const format = timeFormatter(i18n.language, timeZone);
  const withRate = attendance.people > 0;
  // Five cards share a wide row; four keep their quarters.
  const size = withRate ? ({ xs: 6, md: 'grow' } as const) : ({ xs: 6, md: 3 } as const);
  return (
    <Grid container spacing={2}>
      <Grid size={size}>
        <StatCard
          testId="viewers-now"
          label={t('cards.viewersNow')}
          value={number.format(viewersNow)}
          detail={t('cards.viewersNowHint')}
          badge={<LiveBadge state={streamState} pulseKey={viewersNow} />}
        />
      </Grid>
      <Grid size={size}>
        <StatCard
          testId="peak"
          label={t('cards.peak')}
          value={number.format(peak)}
          detail={
            peakAt && peak > 0
              ? t('cards.peakAt', {
                  time: format.point(peakAt),
                  interpolation: { escapeValue: false },
                })
              : t('cards.noPeak')
          }
        />
      </Grid>
      <Grid size={size}>
        <StatCard
          testId="pageviews"
          label={t('cards.pageviews')}
          value={number.format(pageviews)}
          detail={t('cards.inPeriod')}
        />
      </Grid>
      <Grid size={size}>
        <StatCard
          testId="unique-viewers"
          label={t('cards.uniqueViewers')}
          value={number.format(uniqueViewers)}
          detail={t('cards.inPeriod')}
        />
      </Grid>
      {withRate && (
        <Grid size={{ xs: 12, md: 'grow' }}>
          <StatCard
            testId="attendance-rate"
            label={t('cards.attendance')}
            value={percent.format(attendance.attended / attendance.people)}
            detail={t('cards.attendanceOf', {
              attended: number.format(attendance.attended),
              people: number.format(attendance.people),
            })}
          />
        </Grid>
      )}
    </Grid>
  );
}

export function StatCardsSkeleton() {
  return (
    <Grid container spacing={2}>
      {[0, 1, 2, 3].map((index) => (
        <Grid key={index} size={{ xs: 6, md: 3 }}>
          <Paper variant="outlined" sx={{ p: 2.5 }}>
            <Skeleton variant="text" width="60%" />
            <Skeleton variant="text" width="40%" sx={{ fontSize: '2rem' }} />
            <Skeleton variant="text" width="70%" />
          </Paper>
        </Grid>
      ))}
    </Grid>
  );
}
