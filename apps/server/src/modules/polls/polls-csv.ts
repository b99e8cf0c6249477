import type { Readable } from 'node:stream';
import {
  RATING_MIN,
  type Language,
  type PollKind,
  type PollResults,
  type PollStatus,
} from '@livent/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { csvStream } from '../../lib/csv.js';
import { countResults } from './poll-results.js';
import type { StoredPoll } from './poll-view.js';
import { listCountedVotes } from './polls.repository.js';

/** The export's columns in their order; their headers come in the reader's language. */
export const POLLS_CSV_COLUMNS = [
  'question',
  'kind',
  'status',
  'answer',
  'votes',
  'share',
  'correct',
] as const;
type PollsCsvColumn = (typeof POLLS_CSV_COLUMNS)[number];
type CsvRecord = Record<PollsCsvColumn, string>;

/** The export's words in the reader's language (locales/{language}/exports.json). */
export interface PollsCsvLabels {
  columns: Record<PollsCsvColumn, string>;
  kind: Record<PollKind, string>;
  status: Record<PollStatus, string>;
  yes: string;
  no: string;
}

/** One answer line of a poll: what was answered and how often. */
interface AnswerLine {
  answer: string;
  votes: number;
  correct?: boolean;
}

/** Identical open answers (ignoring case and the spaces around them) count as one line. */
function textLines(texts: readonly string[]): AnswerLine[] {
  const lines = new Map<string, AnswerLine>();
  for (const text of texts) {
    const key = text.trim().toLocaleLowerCase();
    const line = lines.get(key);
    if (line) line.votes += 1;
    else lines.set(key, { answer: text.trim(), votes: 1 });
  }
  return [...lines.values()].sort((a, b) => b.votes - a.votes);
}

function answerLines(poll: StoredPoll, results: PollResults, approved: string[]): AnswerLine[] {
  switch (poll.kind) {
    case 'single':
    case 'multiple':
      return poll.options.map((option) => ({
        answer: option.text,
        votes: results.options.find((counted) => counted.id === option.id)?.votes ?? 0,
        correct: option.correct,
      }));
    case 'rating':
      return (results.rating?.counts ?? []).map((votes, index) => ({
        answer: String(RATING_MIN + index),
        votes,
      }));
    case 'text':
      return textLines(approved);
  }
}

/**
 * Every poll's results as CSV (ADR 058): a line per option, rating value or approved open answer
 * (a poll without any still gets one line), with the share of the poll's respondents. Streamed
 * and neutralised against formulas (lib/csv.ts, ADR 047); polls are counted one at a time.
 */
export function pollsCsv(
  db: Kysely<Database>,
  polls: readonly StoredPoll[],
  options: { delimiter: string; labels: PollsCsvLabels; language: Language },
): Readable {
  const { delimiter, labels, language } = options;
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
  async function* records(): AsyncGenerator<CsvRecord> {
    for (const poll of polls) {
      const votes = await listCountedVotes(db, poll.id);
      const results = countResults(poll, votes);
      const approved = votes.flatMap((vote) =>
        vote.text !== null && vote.text_status === 'approved' ? [vote.text] : [],
      );
      const lines = answerLines(poll, results, approved);
      for (const line of lines.length > 0 ? lines : [{ answer: '', votes: 0 }]) {
        yield {
          question: poll.question,
          kind: labels.kind[poll.kind],
          status: labels.status[poll.status],
          answer: line.answer,
          votes: String(line.votes),
          share: results.responses > 0 ? percent.format(line.votes / results.responses) : '',
          correct:
            poll.quiz && line.correct !== undefined ? (line.correct ? labels.yes : labels.no) : '',
        };
      }
    }
  }
  return csvStream(records(), {
    delimiter,
    columns: POLLS_CSV_COLUMNS.map((key) => ({ key, header: labels.columns[key] })),
  });
}
