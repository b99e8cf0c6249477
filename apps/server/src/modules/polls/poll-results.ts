import { RATING_MAX, RATING_MIN, type PollResults } from '@livent/shared';
import type { CountedVote } from './polls.repository.js';
import { readChoices, type StoredPoll } from './poll-view.js';

/** The word cloud's size: the most frequent words of the approved answers. */
export const WORDS_MAX = 50;

/**
 * Words a word cloud of English or German answers would be full of without saying anything.
 * Lower case, as the answers' words are compared.
 */
const STOP_WORDS = new Set(
  (
    'a about after all also am an and any are as at be because been but by can could did do does ' +
    'for from had has have he her him his how i if in into is it its just me more most my no not ' +
    'of on one or our out over she so some than that the their them then there these they this ' +
    'to too up us very was we were what when which who why will with would you your ' +
    'aber alle als also am an auch auf aus bei bin bis bist da dann das dass dein dem den der des ' +
    'die dies diese dieser doch du durch ein eine einem einen einer es für hat hatte ich ihr im in ' +
    'ist ja kein mein mit nach nicht noch nur ob oder sehr sich sie sind so um und uns von vor war ' +
    'was weil wenn wie wir wird zu zum zur über'
  ).split(' '),
);

/** How many of the approved answers contain each word, most frequent first (ties by word). */
export function wordCloud(texts: readonly string[]): PollResults['words'] {
  const counts = new Map<string, number>();
  for (const text of texts) {
    const words = new Set(text.toLocaleLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []);
    for (const word of words) {
      if (STOP_WORDS.has(word)) continue;
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  return [...counts]
    .sort(([a, countA], [b, countB]) => countB - countA || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, WORDS_MAX)
    .map(([word, count]) => ({ word, count }));
}

/**
 * A poll's results from its answers (ADR 058): votes per option, the rating's average and
 * counts, the share of quiz respondents who chose exactly the correct options, and the word
 * cloud of the approved text answers.
 */
export function countResults(poll: StoredPoll, votes: readonly CountedVote[]): PollResults {
  const votesByOption = new Map(poll.options.map((option) => [option.id, 0]));
  const ratingCounts = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, () => 0);
  const correct = poll.options.filter((option) => option.correct).map((option) => option.id);
  let ratingSum = 0;
  let ratings = 0;
  let rightAnswers = 0;
  const approvedTexts: string[] = [];
  for (const vote of votes) {
    const chosen = readChoices(vote.choices);
    for (const id of chosen) {
      const count = votesByOption.get(id);
      if (count !== undefined) votesByOption.set(id, count + 1);
    }
    if (
      poll.quiz &&
      chosen.length === correct.length &&
      correct.every((id) => chosen.includes(id))
    ) {
      rightAnswers += 1;
    }
    if (vote.rating !== null && vote.rating >= RATING_MIN && vote.rating <= RATING_MAX) {
      ratingCounts[vote.rating - RATING_MIN]! += 1;
      ratingSum += vote.rating;
      ratings += 1;
    }
    if (vote.text !== null && vote.text_status === 'approved') approvedTexts.push(vote.text);
  }
  const isChoice = poll.kind === 'single' || poll.kind === 'multiple';
  return {
    pollId: poll.id,
    responses: votes.length,
    options: isChoice ? [...votesByOption].map(([id, count]) => ({ id, votes: count })) : [],
    rating:
      poll.kind === 'rating'
        ? { average: ratings === 0 ? null : ratingSum / ratings, counts: ratingCounts }
        : null,
    correctShare: poll.quiz && votes.length > 0 ? rightAnswers / votes.length : null,
    words: poll.kind === 'text' ? wordCloud(approvedTexts) : [],
  };
}
