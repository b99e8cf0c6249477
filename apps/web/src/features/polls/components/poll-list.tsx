import type { Poll } from '@livent/shared';
import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import StopRounded from '@mui/icons-material/StopRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS = { draft: 'default', live: 'success', closed: 'info' } as const;

export type PollListAction = 'launch' | 'close' | 'edit' | 'remove' | 'up' | 'down';

/**
 * The event's polls in their order, each with what can be done to it now: a draft is edited and
 * launched, a live poll closed, a closed one launched again; results shown or hidden to viewers.
 */
export function PollList({
  polls,
  selectedId,
  busy,
  channelName,
  onSelect,
  onAction,
  onResultsShown,
}: {
  polls: readonly Poll[];
  selectedId: string | undefined;
  busy: boolean;
  channelName: (channelId: string | null) => string;
  onSelect: (poll: Poll) => void;
  onAction: (poll: Poll, action: PollListAction) => void;
  onResultsShown: (poll: Poll, shown: boolean) => void;
}) {
  const { t } = useTranslation('polls');
  return (
    <Box component="ol" sx={{ m: 0, p: 0, display: 'grid', gap: 1.5 }}>
      {polls.map((poll, index) => {
        const selected = poll.id === selectedId;
        return (
          <Box
            component="li"
            key={poll.id}
            aria-current={selected ? 'true' : undefined}
            sx={{
              listStyle: 'none',
              border: 1,
              borderColor: selected ? 'primary.main' : 'divider',
              borderRadius: 2,
              p: 1.5,
              bgcolor: selected ? 'action.selected' : undefined,
            }}
          >
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Button
                  onClick={() => onSelect(poll)}
                  sx={{
                    p: 0,
                    textAlign: 'left',
                    justifyContent: 'flex-start',
                    textTransform: 'none',
                    color: 'text.primary',
                    fontWeight: 600,
                    overflowWrap: 'anywhere',
                  }}
                  aria-label={t('list.showResults', { question: poll.question })}
                >
                  {poll.question}
                </Button>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 0.75 }}>
                  <Chip
                    size="small"
                    label={t(`status.${poll.status}`)}
                    color={STATUS_COLORS[poll.status]}
                  />
                  <Chip size="small" variant="outlined" label={t(`kinds.${poll.kind}`)} />
                  {poll.quiz && <Chip size="small" variant="outlined" label={t('list.quiz')} />}
                  <Typography
                    variant="caption"
                    sx={{ color: 'text.secondary', alignSelf: 'center' }}
                  >
                    {channelName(poll.channelId)} ·{' '}
                    {t('results.responses', { count: poll.responses })}
                  </Typography>
                </Box>
              </Box>
              <Box sx={{ display: 'flex', flexDirection: 'column' }}>
                <IconButton
                  size="small"
                  aria-label={t('list.moveUp', { question: poll.question })}
                  disabled={busy || index === 0}
                  onClick={() => onAction(poll, 'up')}
                >
                  <ArrowUpwardRounded fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={t('list.moveDown', { question: poll.question })}
                  disabled={busy || index === polls.length - 1}
                  onClick={() => onAction(poll, 'down')}
                >
                  <ArrowDownwardRounded fontSize="small" />
                </IconButton>
              </Box>
            </Box>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 1 }}>
              {poll.status === 'live' ? (
                <Button
                  variant="contained"
                  color="warning"
                  size="small"
                  startIcon={<StopRounded />}
                  disabled={busy}
                  onClick={() => onAction(poll, 'close')}
                  aria-label={t('list.closeNamed', { question: poll.question })}
                >
                  {t('list.close')}
                </Button>
              ) : (
                <Button
                  variant="contained"
                  size="small"
                  startIcon={<PlayArrowRounded />}
                  disabled={busy}
                  onClick={() => onAction(poll, 'launch')}
                  aria-label={t(
                    poll.status === 'draft' ? 'list.launchNamed' : 'list.relaunchNamed',
                    {
                      question: poll.question,
                    },
                  )}
                >
                  {poll.status === 'draft' ? t('list.launch') : t('list.relaunch')}
                </Button>
              )}
              {poll.status === 'draft' && (
                <Button
                  size="small"
                  startIcon={<EditOutlined />}
                  disabled={busy}
                  onClick={() => onAction(poll, 'edit')}
                  aria-label={t('list.editNamed', { question: poll.question })}
                >
                  {t('list.edit')}
                </Button>
              )}
              <FormControlLabel
                sx={{ ml: 0, mr: 'auto' }}
                control={
                  <Switch
                    size="small"
                    checked={poll.resultsShown}
                    disabled={busy}
                    onChange={(event) => onResultsShown(poll, event.target.checked)}
                    slotProps={{
                      input: {
                        'aria-label': t('list.resultsShownNamed', { question: poll.question }),
                      },
                    }}
                  />
                }
                label={<Typography variant="body2">{t('list.resultsShown')}</Typography>}
              />
              <IconButton
                size="small"
                aria-label={t('list.deleteNamed', { question: poll.question })}
                disabled={busy || poll.status === 'live'}
                onClick={() => onAction(poll, 'remove')}
              >
                <DeleteOutlineRounded fontSize="small" />
              </IconButton>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
