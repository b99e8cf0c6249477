import type { StatsBucket, StatsPoint } from '@livent/shared';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart, lineClasses } from '@mui/x-charts/LineChart';
import { useId, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../components/visually-hidden';
import { spansDays, tickIndices, timeFormatter } from '../stats-time';

import { CHART_HEIGHT } from './chart-skeleton';
/** Room on the right for the last axis label, which sits on the line chart's edge. */
const CHART_MARGIN = { left: 0, right: 24, top: 16, bottom: 0 };

/** A chart in a card: its heading, what one bucket is, and a text alternative for the chart. */
function ChartCard({
  title,
  unit,
  summary,
  children,
}: {
  title: string;
  unit: string;
  summary: string;
  children: ReactNode;
}) {
  const headingId = useId();
  const summaryId = useId();
  return (
    <Paper
      component="figure"
      variant="outlined"
      aria-labelledby={headingId}
      aria-describedby={summaryId}
      sx={{ m: 0, px: { xs: 1.5, sm: 2.5 }, pt: 2.5, pb: 1, minWidth: 0 }}
    >
      <Stack
        direction="row"
        sx={{ px: { xs: 1, sm: 0 }, gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}
      >
        <Typography id={headingId} variant="h3" component="h2">
          {title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {unit}
        </Typography>
      </Stack>
      <Typography id={summaryId} sx={visuallyHidden}>
        {summary}
      </Typography>
      {children}
    </Paper>
  );
}

/** The bucket with the highest value (the first of equals), or undefined when all are 0. */
function highest(series: readonly StatsPoint[], value: (point: StatsPoint) => number) {
  let best: StatsPoint | undefined;
  for (const point of series) if (value(point) > (best ? value(best) : 0)) best = point;
  return best;
}

/**
 * Pageviews and concurrent viewers over the range (MUI X Charts). The axis labels are round times
 * in the user's zone; each chart is described in words for screen readers, and the breakdown
 * table below carries the numbers.
 */
export function StatsCharts({
  series,
  bucket,
  from,
  to,
  timeZone,
  endsNow,
}: {
  /**
   * The range ends with the bucket now running. A running minute has heard only part of its
   * heartbeats (one every 30 s), so the viewers line stops before it instead of always dipping
   * at its end; "viewers now" says the present.
   */
  endsNow: boolean;
  series: readonly StatsPoint[];
  bucket: StatsBucket;
  from: string;
  to: string;
  timeZone: string | undefined;
}) {
  const { t, i18n } = useTranslation('stats');
  const theme = useTheme();
  const language = i18n.language;
  const format = useMemo(() => timeFormatter(language, timeZone), [language, timeZone]);
  const number = useMemo(() => new Intl.NumberFormat(language), [language]);
  const ticks = useMemo(() => tickIndices(series, bucket, timeZone), [series, bucket, timeZone]);
  const days = spansDays(series);
  const times = series.map((point) => point.t);
  const xAxis = {
    data: times,
    valueFormatter: (value: string, context: { location: string }) =>
      context.location === 'tick' ? format.tick(value, bucket, days) : format.point(value),
    tickInterval: (_value: string, index: number) => ticks.has(index),
    tickLabelStyle: { fontSize: 12 },
  };
  const yAxis = [{ tickMinStep: 1, width: 44, valueFormatter: (v: number) => number.format(v) }];
  const localeText = { loading: t('charts.loading'), noData: t('charts.noData') };
  const fromText = format.full(from);
  const toText = format.full(to);

  const totalPageviews = series.reduce((sum, point) => sum + point.pageviews, 0);
  const mostViews = highest(series, (point) => point.pageviews);
  const mostViewers = highest(series, (point) => point.viewers);
  const anyPlaying = series.some((point) => point.playing > 0);
  const settled = (values: (number | null)[]) =>
    bucket === 'minute' && endsNow ? [...values.slice(0, -1), null] : values;
  const none = (chart: string) =>
    t('charts.summaryNone', {
      chart,
      from: fromText,
      to: toText,
      interpolation: { escapeValue: false },
    });

  return (
    <Stack spacing={3}>
      <ChartCard
        title={t('charts.pageviews')}
        unit={bucket === 'minute' ? t('charts.perMinute') : t('charts.perHour')}
        summary={
          mostViews
            ? t('charts.summaryPageviews', {
                from: fromText,
                to: toText,
                total: number.format(totalPageviews),
                max: number.format(mostViews.pageviews),
                maxAt: format.point(mostViews.t),
                interpolation: { escapeValue: false },
              })
            : none(t('charts.pageviews'))
        }
      >
        <BarChart
          height={CHART_HEIGHT}
          skipAnimation
          hideLegend
          grid={{ horizontal: true }}
          borderRadius={3}
          localeText={localeText}
          margin={CHART_MARGIN}
          xAxis={[{ ...xAxis, scaleType: 'band', categoryGapRatio: 0.25 }]}
          yAxis={yAxis}
          series={[
            {
              data: series.map((point) => point.pageviews),
              label: t('charts.pageviews'),
              color: theme.palette.primary.main,
              valueFormatter: (value) => number.format(value ?? 0),
            },
          ]}
        />
      </ChartCard>
      <ChartCard
        title={t('charts.concurrent')}
        unit={bucket === 'minute' ? t('charts.perMinute') : t('charts.peakPerHour')}
        summary={
          mostViewers
            ? t('charts.summaryConcurrent', {
                from: fromText,
                to: toText,
                max: number.format(mostViewers.viewers),
                maxAt: format.point(mostViewers.t),
                interpolation: { escapeValue: false },
              })
            : none(t('charts.concurrent'))
        }
      >
        <LineChart
          height={CHART_HEIGHT}
          skipAnimation
          hideLegend={!anyPlaying}
          grid={{ horizontal: true }}
          localeText={localeText}
          margin={CHART_MARGIN}
          xAxis={[{ ...xAxis, scaleType: 'point' }]}
          yAxis={yAxis}
          series={[
            {
              data: settled(series.map((point) => point.viewers)),
              label: t('charts.viewers'),
              color: theme.palette.accent.main,
              area: true,
              showMark: false,
              curve: 'monotoneX',
              valueFormatter: (value) => number.format(value ?? 0),
            },
            ...(anyPlaying
              ? [
                  {
                    data: settled(series.map((point) => point.playing)),
                    label: t('charts.playing'),
                    color: theme.palette.info.main,
                    showMark: false,
                    curve: 'monotoneX' as const,
                    valueFormatter: (value: number | null) => number.format(value ?? 0),
                  },
                ]
              : []),
          ]}
          sx={{ [`& .${lineClasses.area}`]: { fillOpacity: 0.14 } }}
        />
      </ChartCard>
    </Stack>
  );
}
