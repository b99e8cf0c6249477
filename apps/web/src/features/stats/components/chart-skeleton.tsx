import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';

export const CHART_HEIGHT = 260;

/** A chart's place while its data or the charts' code loads. */
export function ChartSkeleton() {
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }}>
      <Skeleton variant="text" width={180} sx={{ fontSize: '1.25rem' }} />
      <Skeleton variant="rounded" height={CHART_HEIGHT - 40} sx={{ mt: 2 }} />
    </Paper>
  );
}
