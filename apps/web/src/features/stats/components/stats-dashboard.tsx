import { STATS_RANGE_MAX_DAYS, type StatsChannelTotals } from '@livent/shared';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertBox } from '../../../components/forms/form-alert';
import { EmptyState } from '../../../components/page/empty-state';
import { SectionCard } from '../../../components/page/section-card';
import { TextLink } from '../../../components/links/text-link';
import { visuallyHidden } from '../../../components/visually-hidden';
import { useCurrentUser } from '../../../lib/auth/use-auth';
import { translateMessage } from '../../../lib/forms/messages';
import { failureMessageKey } from '../../../lib/forms/server-errors';
import { notify } from '../../../lib/notifications';
import {
  statsQueryKey,
  statsQueryOptions,
  STATS_CSV_FILES,
  useDownloadStatsCsv,
} from '../api/stats-api';
import { useStatsLive } from '../api/use-stats-live';
import {
  dayIn,
  RANGE_PRESETS,
  rangeInstants,
  usableTimeZone,
  type RangePreset,
  type StatsRange,
} from '../stats-time';
import { ChannelBreakdown, type ChannelName } from './channel-breakdown';
import { StatCards, StatCardsSkeleton } from './stat-cards';
import { ChartSkeleton } from './chart-skeleton';
import { ReactionsCard } from './reactions-card';

/**
 * The charts are most of this screen's code (MUI X Charts and d3): loaded on their own, so
 * that the numbers and "viewers now" show while they come.
 */
const StatsCharts = lazy(() =>
  import('./stats-charts').then((module) => ({ default: module.StatsCharts })),
);

function ChartsSkeleton() {
  return (
    <Stack spacing={3}>
      <ChartSkeleton />
      <ChartSkeleton />
    </Stack>
  );
}

const reportFailure = (error: unknown) =>
  notify({ type: 'error', message: translateMessage(failureMessageKey(error)) ?? '' });

/**
 * Every page of the event for the breakdown: the main page and each channel, with the server's
 * numbers where it has any (it lists only pages with data), and removed channels that have some.
 */
function pages(
  rows: readonly StatsChannelTotals[],
  channels: readonly { id: string }[],
): StatsChannelTotals[] {
  const zero = (channelId: string | null): StatsChannelTotals => ({
    channelId,
    pageviews: 0,
    uniqueViewers: 0,
    peakViewers: 0,
    viewersNow: 0,
  });
  const ids = [null, ...channels.map((channel) => channel.id)];
  const listed = ids.map((id) => rows.find((row) => row.channelId === id) ?? zero(id));
  return [...listed, ...rows.filter((row) => !ids.includes(row.channelId))];
}

/** The channel filter's value for the event's main page (as the API's `channel=main`). */
const MAIN = 'main';

/**
 * An event's live statistics (docs/product-spec.md section 2, "Stats"; ADR 027): viewers now
 * (live), peak, pageviews and unique viewers of a range, the charts, reactions (ADR 059), the
 * per-page breakdown and the CSV downloads. Times are in the user's zone; the CSVs are UTC, as the spec says.
 */
export function StatsDashboard({
  eventId,
  publicUrl,
  channels,
}: {
  eventId: string;
  /** The public event page, where counting starts. */
  publicUrl: string;
  channels: readonly { id: string; title: string }[];
}) {
  const { t, i18n } = useTranslation(['stats', 'common']);
  const user = useCurrentUser();
  const timeZone = usableTimeZone(user.settings.timezone);
  const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const [range, setRange] = useState<StatsRange>({ kind: 'preset', preset: 'day' });
  const [channel, setChannel] = useState('');
  const queryClient = useQueryClient();
  const stats = useQuery(statsQueryOptions(eventId, range, channel, zone));
  const download = useDownloadStatsCsv(eventId);
  const number = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);

  const { live, streamState } = useStatsLive(eventId, (next) => {
    // The first viewers of an empty range: load it again at once rather than with the next
    // minute's refresh, so the empty state gives way to their pageviews.
    if (next.viewersNow > 0 && stats.data?.totals.pageviews === 0 && !stats.isFetching) {
      void queryClient.invalidateQueries({ queryKey: statsQueryKey(eventId) });
    }
  });

  const channelName: ChannelName = (channelId) =>
    channelId === null
      ? t('page.main')
      : (channels.find((item) => item.id === channelId)?.title ?? t('page.removed'));

  /** Viewers now of the chosen page: from the stream once it spoke, else from the last load. */
  const liveCount = (channelId: string | null | undefined): number | undefined => {
    if (!live) return undefined;
    if (channelId === undefined) return live.viewersNow;
    return live.channels.find((item) => item.channelId === channelId)?.viewersNow ?? 0;
  };
  const chosenChannel = channel === '' ? undefined : channel === MAIN ? null : channel;
  const viewersNow = liveCount(chosenChannel) ?? stats.data?.totals.viewersNow;

  const instants = rangeInstants(range, zone);
  const problem = 'problem' in instants ? instants.problem : undefined;

  const choosePeriod = (value: string) => {
    if (value === 'custom') {
      const now = Date.now();
      setRange({
        kind: 'custom',
        fromDay: dayIn(now - 6 * 24 * 3600_000, zone),
        toDay: dayIn(now, zone),
      });
    } else {
      setRange({ kind: 'preset', preset: value as RangePreset });
    }
  };

  const data = stats.data;
  const breakdown = data ? pages(data.channels, channels) : [];
  const empty = data && data.totals.pageviews === 0 && data.totals.peakViewers === 0 && !viewersNow;

  return (
    <Stack spacing={3}>
      <Paper
        component="section"
        variant="outlined"
        aria-label={t('toolbar.label')}
        sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}
      >
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ gap: 1.5, alignItems: { sm: 'flex-start' }, flexWrap: 'wrap' }}
        >
          <TextField
            select
            size="small"
            label={t('toolbar.period')}
            value={range.kind === 'preset' ? range.preset : 'custom'}
            onChange={(event) => choosePeriod(event.target.value)}
            sx={{ minWidth: { sm: 200 } }}
          >
            {RANGE_PRESETS.map((preset) => (
              <MenuItem key={preset} value={preset}>
                {t(`range.${preset}`)}
              </MenuItem>
            ))}
            <MenuItem value="custom">{t('range.custom')}</MenuItem>
          </TextField>
          {range.kind === 'custom' && (
            <Stack direction="row" sx={{ gap: 1.5 }}>
              <TextField
                type="date"
                size="small"
                label={t('toolbar.from')}
                value={range.fromDay}
                onChange={(event) => setRange({ ...range, fromDay: event.target.value })}
                slotProps={{ inputLabel: { shrink: true } }}
                error={problem !== undefined}
                sx={{ flex: 1 }}
              />
              <TextField
                type="date"
                size="small"
                label={t('toolbar.to')}
                value={range.toDay}
                onChange={(event) => setRange({ ...range, toDay: event.target.value })}
                slotProps={{ inputLabel: { shrink: true } }}
                error={problem !== undefined}
                sx={{ flex: 1 }}
              />
            </Stack>
          )}
          <TextField
            select
            size="small"
            label={t('toolbar.page')}
            value={channel}
            onChange={(event) => setChannel(event.target.value)}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            sx={{ minWidth: { sm: 200 } }}
          >
            <MenuItem value="">{t('page.all')}</MenuItem>
            <MenuItem value={MAIN}>{t('page.main')}</MenuItem>
            {channels.map((item) => (
              <MenuItem key={item.id} value={item.id}>
                {item.title}
              </MenuItem>
            ))}
          </TextField>
          <Typography
            variant="body2"
            sx={{ color: 'text.secondary', ml: { sm: 'auto' }, alignSelf: { sm: 'center' } }}
          >
            {t('toolbar.timeZone', { zone })}
            {' · '}
            <TextLink to="/settings">{t('toolbar.changeTimeZone')}</TextLink>
          </Typography>
        </Stack>
        {problem && (
          <Typography role="alert" variant="body2" sx={{ color: 'error.dark' }}>
            {t(`range.problem.${problem}`, { days: STATS_RANGE_MAX_DAYS })}
          </Typography>
        )}
      </Paper>

      {stats.isError ? (
        <AlertBox
          tone="error"
          icon={ErrorOutlineRounded}
          role="alert"
          action={
            <Button size="small" variant="outlined" onClick={() => void stats.refetch()}>
              {t('error.retry')}
            </Button>
          }
        >
          <strong>{t('error.title')}</strong> {translateMessage(failureMessageKey(stats.error))}
        </AlertBox>
      ) : null}

      <Stack
        spacing={3}
        aria-busy={stats.isPlaceholderData}
        data-testid="stats-content"
        sx={{ opacity: stats.isPlaceholderData ? 0.55 : 1, transition: 'opacity 150ms' }}
      >
        <section aria-label={t('cards.label')}>
          {data ? (
            <StatCards
              viewersNow={viewersNow ?? 0}
              streamState={streamState}
              peak={data.totals.peakViewers}
              peakAt={data.totals.peakAt}
              pageviews={data.totals.pageviews}
              uniqueViewers={data.totals.uniqueViewers}
              attendance={data.attendance}
              timeZone={timeZone}
            />
          ) : (
            !stats.isError && !problem && <StatCardsSkeleton />
          )}
        </section>

        {empty ? (
          <EmptyState icon={InsightsOutlined} title={t('empty.title')} text={t('empty.text')}>
            <Button
              variant="contained"
              href={publicUrl}
              target="_blank"
              rel="noopener noreferrer"
              endIcon={<OpenInNewRounded />}
            >
              {t('empty.open')}
              <Box component="span" sx={visuallyHidden}>
                {' '}
                ({t('common:app.opensInNewTab')})
              </Box>
            </Button>
          </EmptyState>
        ) : data ? (
          <Suspense fallback={<ChartsSkeleton />}>
            <StatsCharts
              series={data.series}
              bucket={data.bucket}
              from={data.from}
              to={data.to}
              timeZone={timeZone}
              endsNow={range.kind === 'preset'}
            />
          </Suspense>
        ) : (
          !stats.isError && !problem && <ChartsSkeleton />
        )}

        {!empty && data && (
          <ReactionsCard
            totals={data.reactions.totals}
            lastMinute={live?.reactions}
            number={number}
          />
        )}

        {!empty && breakdown.length > 1 && (
          <ChannelBreakdown
            rows={breakdown}
            channelName={channelName}
            liveCount={(channelId) => liveCount(channelId)}
            number={number}
          />
        )}
      </Stack>

      <SectionCard
        title={t('downloads.title')}
        description={channel ? t('downloads.descriptionChannel') : t('downloads.description')}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5 }}>
          {STATS_CSV_FILES.map((file) => (
            <Button
              key={file}
              variant="outlined"
              startIcon={<DownloadOutlined />}
              loading={download.isPending && download.variables.file === file}
              onClick={() => download.mutate({ file, channel }, { onError: reportFailure })}
            >
              {t(`downloads.${file}`)}
            </Button>
          ))}
        </Stack>
      </SectionCard>
    </Stack>
  );
}
