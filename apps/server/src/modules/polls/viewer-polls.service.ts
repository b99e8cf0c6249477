import { randomUUID } from 'node:crypto';
import {
  ERROR_MESSAGES,
  validationMessage,
  type PollVote,
  type ViewerPoll,
  type ViewerPolls,
  type ViewerVote,
  type ViewerVoteAnswer,
} from '@livent/shared';
import type { Insertable, Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database, PollVotesTable } from '../../db/schema.js';
import type { AbuseLimits } from '../../lib/abuse-limits.js';
import { countAttendanceAction, type Attendee } from '../attendance/index.js';
import type { Clock } from '../../lib/clock.js';
import { conflict, notFound, validationFailed } from '../../lib/errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { PollResultsPublisher } from './poll-results-publisher.js';
import { readPoll, toPollVote, toViewerPoll, type StoredPoll } from './poll-view.js';
import { findPoll, listPagePolls, listViewerVotes, upsertVote } from './polls.repository.js';

export interface ViewerPollsDependencies {
  db: Kysely<Database>;
  dialect: Dialect;
  now: Clock;
  limiter: RateLimiter;
  limits: AbuseLimits;
  results: PollResultsPublisher;
}

/** Who votes through the public page: the viewer cookie's id and the address. */
export interface PollVoter {
  id: string;
  ip: string;
  /** The registrant or invitee whose access this is: a first answer counts to them (ADR 066). */
  attendee?: Attendee | undefined;
}

/**
 * The viewers' side of the polls (ADR 058): what a page shows and a viewer's vote. The caller
 * (the public module's viewer API) has decided the event and the page's channel and that the
 * viewer may see the page (the gate, ADR 026).
 */
export class ViewerPollsService {
  constructor(private readonly deps: ViewerPollsDependencies) {}

  /**
   * The page's live polls and closed ones with their results shown, of the whole event or this
   * page's channel (null: the main page), with this viewer's answers.
   */
  async list(
    eventId: string,
    channelId: string | null,
    viewerId: string | undefined,
  ): Promise<ViewerPolls> {
    const { db } = this.deps;
    const polls = (await listPagePolls(db, eventId, channelId)).map(readPoll);
    const [shown, votes] = await Promise.all([
      Promise.all(polls.map((poll) => this.viewerPoll(poll))),
      viewerId
        ? listViewerVotes(
            db,
            polls.map((poll) => poll.id),
            viewerId,
          )
        : Promise.resolve([]),
    ]);
    const mine: Record<string, PollVote> = {};
    for (const vote of votes) mine[vote.poll_id] = toPollVote(vote);
    return { polls: shown, mine };
  }

  /**
   * A viewer's answer to a live poll of this page, replacing their earlier one: 404 for a draft
   * or another page's poll, 409 once it is closed, 400 `errors.<field>` for an answer that does
   * not fit the poll's kind (`errors.choices` for an option it does not have). An open text
   * answer waits for moderation again. Limited per viewer and event, and generously per address.
   */
  async vote(
    eventId: string,
    channelId: string | null,
    pollId: string,
    input: ViewerVote,
    voter: PollVoter,
  ): Promise<ViewerVoteAnswer> {
    const { db, dialect, now, limiter, limits, results } = this.deps;
    await limiter.consume(
      [limits.viewerVotesPerViewer, `poll:${eventId}:${voter.id}`],
      [limits.viewerVotesPerAddress, `poll:${eventId}:${voter.ip}`],
    );
    const { poll, vote } = await db.transaction().execute(async (trx) => {
      // Shared: votes go side by side, a close waits for them (and they for it).
      const row = await findPoll(trx, eventId, pollId, { dialect, mode: 'share' });
      const found = row && readPoll(row);
      // A closed poll, shown or not, is closed to a page that still shows it: 409, not 404.
      if (!found || found.status === 'draft' || !showsOn(found, channelId)) {
        throw notFound(ERROR_MESSAGES.pollNotFound);
      }
      if (found.status !== 'live') throw conflict(ERROR_MESSAGES.pollNotLive);
      const at = now().toISOString();
      const id = randomUUID();
      const stored = await upsertVote(trx, {
        id,
        poll_id: found.id,
        viewer_id: voter.id,
        ...answerOf(found, input),
        created_at: at,
        updated_at: at,
      });
      // A changed answer keeps its row's id: only a first answer counts.
      if (voter.attendee && stored.id === id) {
        await countAttendanceAction(trx, eventId, voter.attendee, 'polls', at);
      }
      return { poll: found, vote: stored };
    });
    if (poll.resultsShown) results.voted(eventId, poll.id);
    return { vote: toPollVote(vote), poll: await this.viewerPoll(poll) };
  }

  private async viewerPoll(poll: StoredPoll): Promise<ViewerPoll> {
    const counted = poll.resultsShown ? await this.deps.results.results(this.deps.db, poll) : null;
    return toViewerPoll(poll, counted);
  }
}

/** A poll of one channel shows only on that channel's page; one of none on every page. */
function showsOn(poll: StoredPoll, channelId: string | null): boolean {
  return poll.channelId === null || poll.channelId === channelId;
}

type StoredAnswer = Pick<Insertable<PollVotesTable>, 'choices' | 'rating' | 'text' | 'text_status'>;

/** The answer as stored for the poll's kind; 400 naming the field that does not fit. */
function answerOf(poll: StoredPoll, input: ViewerVote): StoredAnswer {
  const none: StoredAnswer = { choices: null, rating: null, text: null, text_status: null };
  switch (poll.kind) {
    case 'single':
    case 'multiple': {
      const choices = [...new Set(input.choices ?? [])];
      const known = new Set(poll.options.map((option) => option.id));
      if (choices.length === 0) {
        throw validationFailed({ choices: validationMessage('required') });
      }
      if ((poll.kind === 'single' && choices.length > 1) || choices.some((id) => !known.has(id))) {
        throw validationFailed({ choices: validationMessage('invalid') });
      }
      return { ...none, choices: JSON.stringify(choices) };
    }
    case 'rating':
      if (input.rating === undefined) {
        throw validationFailed({ rating: validationMessage('required') });
      }
      return { ...none, rating: input.rating };
    case 'text':
      if (input.text === undefined) throw validationFailed({ text: validationMessage('required') });
      return { ...none, text: input.text, text_status: 'pending' };
  }
}
