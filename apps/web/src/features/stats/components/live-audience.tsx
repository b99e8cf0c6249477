import { REACTION_EMOJI, REACTIONS } from '@livent/shared';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useStatsLive } from '../api/use-stats-live';
import { LiveBadge, StatCard } from './stat-cards';

/**
 * The audience as the control room shows it (docs/decisions/060-control-room.md): viewers now
 * and the reactions of the last minute (ADR 059), both from the stats' live stream.
 */
export function LiveAudience({ eventId }: { eventId: string }) {
  const { t, i18n } = useTranslation('stats');
  const { live, streamState } = useStatsLive(eventId);
  const number = new Intl.NumberFormat(i18n.language);
  const reactions = live?.reactions;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <StatCard
        testId="control-viewers-now"
        label={t('cards.viewersNow')}
        value={live ? number.format(live.viewersNow) : '–'}
        detail={t('cards.viewersNowHint')}
        badge={<LiveBadge state={streamState} pulseKey={live?.viewersNow ?? 0} />}
      />
      {reactions && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }} data-testid="control-reactions">
          <Typography
            variant="body2"
            component="h3"
            sx={{ color: 'text.secondary', fontWeight: 500 }}
          >
            {t('audience.reactions')}
          </Typography>
          <Box
            component="ul"
            sx={{ m: 0, mt: 1.5, p: 0, display: 'flex', flexWrap: 'wrap', gap: 2 }}
          >
            {REACTIONS.map((reaction) => (
              <Box
                component="li"
                key={reaction}
                sx={{ listStyle: 'none', display: 'flex', alignItems: 'center', gap: 0.75 }}
              >
                <span role="img" aria-label={t(`reactions.names.${reaction}`)}>
                  {REACTION_EMOJI[reaction]}
                </span>
                <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
                  {number.format(reactions[reaction] ?? 0)}
                </Typography>
              </Box>
            ))}
          </Box>
        </Paper>
      )}
    </Box>
  );
}
