import { REACTION_EMOJI, REACTIONS, type ReactionTotals } from '@livent/shared';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/page/section-card';

/**
 * The reactions of the range (ADR 059), a bar per reaction scaled to the most tapped one, with the
 * last minute's taps from the live stream beside each. Reactions belong to the whole event, so
 * the page filter does not narrow them.
 */
export function ReactionsCard({
  totals,
  lastMinute,
  number,
}: {
  totals: ReactionTotals;
  /** From the live stream once it spoke. */
  lastMinute: ReactionTotals | undefined;
  number: Intl.NumberFormat;
}) {
  const { t } = useTranslation('stats');
  const most = Math.max(...REACTIONS.map((reaction) => totals[reaction]));
  return (
    <SectionCard title={t('reactions.title')} description={t('reactions.description')}>
      {most === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('reactions.empty')}
        </Typography>
      ) : (
        <Stack component="ul" sx={{ listStyle: 'none', m: 0, p: 0, gap: 1.5 }}>
          {REACTIONS.map((reaction) => {
            const recent = lastMinute?.[reaction] ?? 0;
            return (
              <Box
                component="li"
                key={reaction}
                sx={{
                  display: 'grid',
                  gridTemplateColumns: { xs: '1fr auto', sm: '180px 1fr 15rem' },
                  alignItems: 'center',
                  columnGap: 2,
                  rowGap: 0.5,
                }}
              >
                <Typography sx={{ fontWeight: 500 }}>
                  <Box component="span" aria-hidden="true" sx={{ mr: 1 }}>
                    {REACTION_EMOJI[reaction]}
                  </Box>
                  {t(`reactions.names.${reaction}`)}
                </Typography>
                <Box
                  sx={{
                    gridRow: { xs: 2, sm: 'auto' },
                    gridColumn: { xs: '1 / -1', sm: 'auto' },
                    height: 10,
                    borderRadius: 5,
                    bgcolor: 'action.hover',
                    overflow: 'hidden',
                  }}
                >
                  <Box
                    sx={{
                      width: `${String((totals[reaction] / most) * 100)}%`,
                      height: '100%',
                      bgcolor: 'primary.main',
                      borderRadius: 5,
                    }}
                  />
                </Box>
                <Typography sx={{ fontVariantNumeric: 'tabular-nums', textAlign: 'right' }}>
                  {number.format(totals[reaction])}
                  {recent > 0 && (
                    <Box
                      component="span"
                      sx={{ color: 'success.dark', ml: 1, fontSize: '0.8125rem' }}
                    >
                      {t('reactions.lastMinute', { count: recent, n: number.format(recent) })}
                    </Box>
                  )}
                </Typography>
              </Box>
            );
          })}
        </Stack>
      )}
    </SectionCard>
  );
}
