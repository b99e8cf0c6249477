import {
  POLL_KINDS,
  POLL_STATUSES,
  type Poll,
  type PollAnswer,
  type PollAnswerStatus,
  type PollKind,
  type PollOption,
  type PollResults,
  type PollStatus,
  type PollVote,
  type ViewerPoll,
} from '@livent/shared';
import type { PollRow, PollVoteRow } from './polls.repository.js';

/** A poll row with its JSON and flags read. */
export interface StoredPoll {
  id: string;
  eventId: string;
  channelId: string | null;
  kind: PollKind;
  question: string;
  options: PollOption[];
  quiz: boolean;
  status: PollStatus;
  resultsShown: boolean;
  row: PollRow;
}

/** The choices stored as JSON; anything else (a broken row) as none. */
export function readChoices(choices: string | null): string[] {
  if (choices === null) return [];
  try {
    const parsed: unknown = JSON.parse(choices);
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function readOptions(options: string): PollOption[] {
  try {
    const parsed: unknown = JSON.parse(options);
    if (!Array.isArray(parsed)) return [];
    return parsed.map((option: { id?: unknown; text?: unknown; correct?: unknown }) => ({
      id: String(option.id),
      text: String(option.text),
      correct: option.correct === true,
    }));
  } catch {
    return [];
  }
}

const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  (values as readonly string[]).includes(value) ? (value as T) : fallback;

export function readPoll(row: PollRow): StoredPoll {
  return {
    id: row.id,
    eventId: row.event_id,
    channelId: row.channel_id,
    kind: oneOf(POLL_KINDS, row.kind, 'single'),
    question: row.question,
    options: readOptions(row.options),
    quiz: row.quiz === 1,
    status: oneOf(POLL_STATUSES, row.status, 'draft'),
    resultsShown: row.results_shown === 1,
    row,
  };
}

/** The poll as organisers and guest moderators see it. */
export function toPoll(poll: StoredPoll, responses: number): Poll {
  const { row } = poll;
  return {
    id: poll.id,
    kind: poll.kind,
    question: poll.question,
    options: poll.options,
    quiz: poll.quiz,
    channelId: poll.channelId,
    status: poll.status,
    resultsShown: poll.resultsShown,
    position: row.position,
    responses,
    launchedAt: row.launched_at,
    closedAt: row.closed_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Whether viewers see this poll at all: live, or closed with its results shown. */
export function isOnPage(poll: StoredPoll): boolean {
  return poll.status === 'live' || (poll.status === 'closed' && poll.resultsShown);
}

/**
 * The poll as the page shows it (ADR 058): the correct options only of a closed quiz whose
 * results are shown, the results only when shown. `results` is asked for only then.
 */
export function toViewerPoll(poll: StoredPoll, results: PollResults | null): ViewerPoll {
  const reveal = poll.quiz && poll.status === 'closed' && poll.resultsShown;
  return {
    id: poll.id,
    kind: poll.kind,
    question: poll.question,
    options: poll.options.map((option) => ({ ...option, correct: reveal && option.correct })),
    quiz: poll.quiz,
    status: poll.status === 'live' ? 'live' : 'closed',
    resultsShown: poll.resultsShown,
    results: poll.resultsShown ? results : null,
  };
}

const answerStatus = (status: string | null): PollAnswerStatus | null =>
  status === 'pending' || status === 'approved' || status === 'rejected' ? status : null;

export function toPollVote(row: PollVoteRow): PollVote {
  return {
    choices: readChoices(row.choices),
    rating: row.rating,
    text: row.text,
    textStatus: answerStatus(row.text_status),
  };
}

export function toPollAnswer(row: PollVoteRow): PollAnswer {
  return {
    id: row.id,
    text: row.text ?? '',
    status: answerStatus(row.text_status) ?? 'pending',
    createdAt: row.created_at,
  };
}
