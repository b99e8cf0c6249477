import {
  RATING_MAX,
  RATING_MIN,
  type Poll,
  type PollAnswer,
  type PollAnswerStatus,
  type PollResultsDetail,
} from '@livent/shared';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isChoice, shareOf } from '../poll-format';

/** One labelled bar: the label, the count and its share, the bar itself (no animation on first draw). */
function ResultBar({
  label,
  votes,
  share,
  marker,
}: {
  label: string;
  votes: number;
  share: number;
  marker?: React.ReactNode;
}) {
  const { t, i18n } = useTranslation('polls');
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(share);
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mb: 0.5 }}>
        <Typography variant="body2" sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
          {marker}
          {label}
        </Typography>
        <Typography
          variant="body2"
          sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
        >
          {t('results.votes', { count: votes })} · {percent}
        </Typography>
      </Box>
      <Box
        sx={{ height: 10, borderRadius: 5, bgcolor: 'action.hover', overflow: 'hidden' }}
        aria-hidden
      >
        <Box
          sx={{
            height: '100%',
            width: `${Math.round(share * 1000) / 10}%`,
            bgcolor: marker ? 'success.main' : 'primary.main',
            transition: 'width 400ms ease-out',
          }}
        />
      </Box>
    </Box>
  );
}

function ChoiceResults({ poll, results }: { poll: Poll; results: PollResultsDetail }) {
  const { t, i18n } = useTranslation('polls');
  const votes = new Map(results.options.map((option) => [option.id, option.votes]));
  return (
    <Stack spacing={2}>
      <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {poll.options.map((option) => {
          const count = votes.get(option.id) ?? 0;
          return (
            <ResultBar
              key={option.id}
              label={option.text}
              votes={count}
              share={shareOf(count, results.responses)}
              marker={
                poll.quiz && option.correct ? (
                  <CheckCircleRounded
                    fontSize="small"
                    color="success"
                    titleAccess={t('results.correct')}
                  />
                ) : undefined
              }
            />
          );
        })}
      </Box>
      {poll.quiz && results.correctShare !== null && (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t('results.correctShare', {
            share: new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(
              results.correctShare,
            ),
          })}
        </Typography>
      )}
    </Stack>
  );
}

function RatingResults({ results }: { results: PollResultsDetail }) {
  const { t, i18n } = useTranslation('polls');
  const counts = results.rating?.counts ?? [];
  const average = results.rating?.average;
  const stars = Array.from(
    { length: RATING_MAX - RATING_MIN + 1 },
    (_, index) => RATING_MIN + index,
  );
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="p" sx={{ fontWeight: 700 }}>
        {average == null
          ? t('results.noAverage')
          : t('results.average', {
              average: new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(
                average,
              ),
              max: RATING_MAX,
            })}
      </Typography>
      <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {stars.map((rating, index) => (
          <ResultBar
            key={rating}
            label={t('results.rating', { rating })}
            votes={counts[index] ?? 0}
            share={shareOf(counts[index] ?? 0, results.responses)}
          />
        ))}
      </Box>
    </Stack>
  );
}

/** The approved answers' words, bigger the more answers contain them. */
function WordCloud({ words }: { words: PollResultsDetail['words'] }) {
  const { t } = useTranslation('polls');
  const top = words[0]?.count ?? 1;
  if (words.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('results.noWords')}
      </Typography>
    );
  }
  return (
    <Box
      component="ul"
      aria-label={t('results.wordCloud')}
      sx={{ m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'baseline' }}
    >
      {words.slice(0, 40).map((word) => (
        <Box
          component="li"
          key={word.word}
          title={t('results.wordCount', { count: word.count })}
          sx={{
            listStyle: 'none',
            fontSize: `${0.875 + 1.25 * (word.count / top)}rem`,
            fontWeight: word.count === top ? 700 : 500,
            color: word.count / top > 0.5 ? 'primary.main' : 'text.primary',
            lineHeight: 1.2,
          }}
        >
          {word.word}
        </Box>
      ))}
    </Box>
  );
}

const STATUS_COLORS = { pending: 'default', approved: 'success', rejected: 'error' } as const;

function TextResults({
  results,
  onModerate,
}: {
  results: PollResultsDetail;
  onModerate?: (answer: PollAnswer, status: PollAnswerStatus) => void;
}) {
  const { t } = useTranslation('polls');
  // Waiting answers first: they are what the moderator acts on.
  const answers = useMemo(
    () =>
      [...results.answers].sort(
        (a, b) => Number(b.status === 'pending') - Number(a.status === 'pending'),
      ),
    [results.answers],
  );
  return (
    <Stack spacing={3}>
      <WordCloud words={results.words} />
      <Box>
        <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
          {t('results.answers', { count: answers.length })}
        </Typography>
        <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 1 }}>
          {answers.map((answer) => (
            <Box
              component="li"
              key={answer.id}
              sx={{
                listStyle: 'none',
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                gap: 1,
                py: 1,
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <Typography variant="body2" sx={{ flex: '1 1 200px', overflowWrap: 'anywhere' }}>
                {answer.text}
              </Typography>
              <Chip
                size="small"
                label={t(`answerStatus.${answer.status}`)}
                color={STATUS_COLORS[answer.status]}
                variant="outlined"
              />
              {onModerate && (
                <Box sx={{ display: 'flex', gap: 0.5 }}>
                  <Button
                    size="small"
                    disabled={answer.status === 'approved'}
                    onClick={() => onModerate(answer, 'approved')}
                    aria-label={t('results.approveAnswer', { text: answer.text })}
                  >
                    {t('results.approve')}
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    disabled={answer.status === 'rejected'}
                    onClick={() => onModerate(answer, 'rejected')}
                    aria-label={t('results.rejectAnswer', { text: answer.text })}
                  >
                    {t('results.reject')}
                  </Button>
                </Box>
              )}
            </Box>
          ))}
        </Box>
      </Box>
    </Stack>
  );
}

/**
 * A poll's results as the control room charts them (docs/decisions/060-control-room.md): bars per
 * option (a quiz's correct ones marked, with the share who got it right), a rating's average and
 * distribution, or the open answers to moderate with the word cloud of the approved ones.
 */
export function PollResultsView({
  poll,
  results,
  onModerate,
}: {
  poll: Poll;
  results: PollResultsDetail;
  onModerate?: (answer: PollAnswer, status: PollAnswerStatus) => void;
}) {
  const { t } = useTranslation('polls');
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('results.responses', { count: results.responses })}
      </Typography>
      {isChoice(poll.kind) && <ChoiceResults poll={poll} results={results} />}
      {poll.kind === 'rating' && <RatingResults results={results} />}
      {poll.kind === 'text' && <TextResults results={results} onModerate={onModerate} />}
    </Stack>
  );
}
