import { limitOf, type PlanAllowance } from '@livent/shared';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { TextLink } from '../../../components/links/text-link';

/** How many of the plan's active events are in use (docs/product-spec.md section 1), e.g. "3 of 10 events". */
export function PlanUsage({
  count,
  allowance,
}: {
  count: number;
  allowance: PlanAllowance | undefined;
}) {
  const { t } = useTranslation('events');
  const limit = limitOf(allowance, 'events');
  if (limit <= 0) return null;
  const full = count >= limit;
  return (
    <Box sx={{ minWidth: 200 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mb: 0.75 }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {t('usage.count', { count, limit })}
        </Typography>
        {full && (
          <TextLink to="/account/plan" variant="body2">
            {t('usage.upgrade')}
          </TextLink>
        )}
      </Box>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, (count / limit) * 100)}
        color={full ? 'warning' : 'primary'}
        aria-label={t('usage.count', { count, limit })}
        sx={{ height: 6, borderRadius: 3 }}
      />
    </Box>
  );
}
