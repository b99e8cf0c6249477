import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateTimeFormat } from '../../../lib/format/date-time';
import { PageHeader } from '../../../components/page/page-header';
import { healthQueryOptions } from '../api/health-query';

function formatUptime(seconds: number, language: string): string {
  const units: Array<[Intl.NumberFormatOptions['unit'], number]> = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  const parts: string[] = [];
  let rest = Math.floor(seconds);
  for (const [unit, size] of units) {
    const amount = Math.floor(rest / size);
    rest -= amount * size;
    if (amount > 0 || (unit === 'minute' && parts.length === 0)) {
      parts.push(
        new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short' }).format(
          amount,
        ),
      );
    }
  }
  return parts.join(' ');
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 2,
        px: { xs: 2, sm: 3 },
        py: 2,
        '& + &': { borderTop: 1, borderColor: 'divider' },
      }}
    >
      <Typography component="dt" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, textAlign: 'right', fontWeight: 500 }}>
        {children}
      </Box>
    </Box>
  );
}

/** The /test screen: what `GET /api/health` reports, in words. */
export function SystemCheck() {
  const { t, i18n } = useTranslation(['dashboard', 'common']);
  const dates = useDateTimeFormat();
  const { t: tScreens } = useTranslation('screens');
  const { data, refetch, isFetching, dataUpdatedAt } = useSuspenseQuery(healthQueryOptions());
  const healthy = data.status === 'ok' && data.database === 'ok';
  const state = (ok: boolean) => (
    <Chip
      size="small"
      color={ok ? 'success' : 'error'}
      variant="outlined"
      icon={ok ? <CheckCircleOutlined /> : <ErrorOutlineOutlined />}
      label={ok ? t('systemCheck.ok') : t('systemCheck.failed')}
    />
  );

  return (
    <>
      <PageHeader
        title={t('common:headings.systemCheck')}
        description={tScreens('systemCheck')}
        actions={
          <Button
            variant="outlined"
            startIcon={<RefreshOutlined />}
            onClick={() => void refetch()}
            disabled={isFetching}
          >
            {t('systemCheck.checkAgain')}
          </Button>
        }
      />
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Stack
          direction="row"
          spacing={1.5}
          sx={{
            alignItems: 'center',
            px: { xs: 2, sm: 3 },
            py: 2.5,
            borderBottom: 1,
            borderColor: 'divider',
            bgcolor: healthy ? 'rgba(21, 128, 61, 0.06)' : 'rgba(220, 38, 38, 0.06)',
          }}
        >
          {healthy ? (
            <CheckCircleOutlined sx={{ color: 'success.main' }} />
          ) : (
            <ErrorOutlineOutlined sx={{ color: 'error.main' }} />
          )}
          <Box>
            <Typography variant="h2" component="p">
              {healthy ? t('systemCheck.allGood') : t('systemCheck.problems')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('systemCheck.checkedAt', {
                time: dates.time(new Date(dataUpdatedAt)),
              })}
            </Typography>
          </Box>
        </Stack>
        <Box component="dl" sx={{ m: 0 }}>
          <Row label={t('systemCheck.status')}>{state(data.status === 'ok')}</Row>
          <Row label={t('systemCheck.database')}>{state(data.database === 'ok')}</Row>
          <Row label={t('systemCheck.dialect')}>{t(`systemCheck.${data.dialect}`)}</Row>
          <Row label={t('systemCheck.version')}>{data.version}</Row>
          <Row label={t('systemCheck.uptime')}>
            {formatUptime(data.uptimeSeconds, i18n.language)}
          </Row>
        </Box>
      </Paper>
    </>
  );
}
