import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  ERROR_MESSAGES,
  FREE_PLAN_POLLS,
  hasFeature,
  POLLS_MAX,
  validationMessage,
  type Poll,
  type PollAnswer,
  type Language,
  type PollAnswerStatus,
  type PollInput,
  type PollPatch,
  type PollResultsDetail,
  type PlanAllowance,
} from '@livent/shared';
import type { Kysely, Updateable } from 'kysely';
import type { Dialect } from '../../db/database.js';
import { setPositions } from '../../db/positions.js';
import type { Database, PollsTable } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { conflict, notFound, validationFailed } from '../../lib/errors.js';
import { SERVER_RESOURCES } from '../../lib/i18n/i18n.js';
import { checkReorder } from '../../lib/reorder.js';
import type { AuthContext } from '../auth/index.js';
import { listChannels } from '../channels/index.js';
import { requireEventRole } from '../events/index.js';
import type { PageNotifier } from '../live-page/index.js';
import { requireMessagesGuest } from '../messages/index.js';
import { ownerPlanOf } from '../plans/index.js';
import type { WebhookEmitter } from '../webhooks/index.js';
import { appendPollEntry, appendPollRemoved } from './poll-entries.js';
import { checkPollShape, isChoiceKind, type PollShape } from './poll-input.js';
import { countResults } from './poll-results.js';
import { pollsCsv } from './polls-csv.js';
import type { PollResultsPublisher } from './poll-results-publisher.js';
import { isOnPage, readPoll, toPoll, toPollAnswer, type StoredPoll } from './poll-view.js';
import {
  countPolls,
  countResponses,
  deletePoll,
  findEventOwnerPlan,
  findPoll,
  findVote,
  insertPoll,
  listCountedVotes,
  listPolls,
  listTextAnswers,
  nextPosition,
  setTextStatus,
  updatePoll,
} from './polls.repository.js';

export interface PollsDependencies {
  db: Kysely<Database>;
  dialect: Dialect;
  now: Clock;
  pageFeed: PageNotifier;
  results: PollResultsPublisher;
  /** Tells the owner's webhooks of closed polls (ADR 072). */
  webhooks?: WebhookEmitter;
}

/**
 * Who manages an event's polls: a signed-in organiser (owner or shared user), or the guest
 * moderator holding the messages share link's token (ADR 025, ADR 058). Both reach the same
 * operations; only the way to the event differs.
 */
export type PollsAccess =
  { kind: 'user'; auth: AuthContext } | { kind: 'guest'; token: string | undefined };

/** The event a call is about and its owner's plan. */
interface OpenedEvent {
  eventId: string;
  allowance: PlanAllowance;
}

/** What a change in a transaction hands back: the answer, and whether pages must be woken. */
interface Changed<T> {
  value: T;
  eventId: string;
  told: boolean;
}

/**
 * Polls and quizzes of an event (ADR 058): organisers and guest moderators write them, launch
 * and close them and moderate open answers. Every change open pages show appends its page entry
 * in the same transaction and wakes the pages after the commit (ADR 057).
 */
export class PollsService {
  constructor(private readonly deps: PollsDependencies) {}

  async list(access: PollsAccess, eventId: string): Promise<{ polls: Poll[] }> {
    const { db } = this.deps;
    const { eventId: id } = await this.open(db, access, eventId);
    return { polls: await this.listOf(db, id) };
  }

  /**
   * A new poll at the end. At most POLLS_MAX per event; without the PAID feature at most
   * FREE_PLAN_POLLS and no quiz (400 naming the plan, ADR 058).
   */
  async create(access: PollsAccess, eventId: string, input: PollInput): Promise<Poll> {
    const { db, now } = this.deps;
    return db.transaction().execute(async (trx) => {
      const event = await this.open(trx, access, eventId, { lock: true });
      const count = await countPolls(trx, event.eventId);
      const paid = hasFeature(event.allowance, 'PAID');
      if (count >= POLLS_MAX) {
        throw validationFailed({ polls: validationMessage('maxEntries', { max: POLLS_MAX }) });
      }
      if (!paid && count >= FREE_PLAN_POLLS) {
        throw validationFailed(
          { polls: validationMessage('planPolls', { max: FREE_PLAN_POLLS }) },
          ERROR_MESSAGES.featureNotAvailable,
        );
      }
      const quiz = input.quiz ?? false;
      if (quiz && !paid) this.refuseQuiz();
      const options = checkPollShape({ kind: input.kind, options: input.options ?? [], quiz });
      const channelId = await this.checkChannel(trx, event.eventId, input.channelId ?? null);
      const at = now().toISOString();
      const row = await insertPoll(trx, {
        id: randomUUID(),
        event_id: event.eventId,
        channel_id: channelId,
        kind: input.kind,
        question: input.question,
        options: JSON.stringify(options),
        quiz: quiz ? 1 : 0,
        status: 'draft',
        results_shown: 0,
        position: await nextPosition(trx, event.eventId),
        launched_at: null,
        closed_at: null,
        created_at: at,
        updated_at: at,
      });
      return toPoll(readPoll(row), 0);
    });
  }

  /**
   * Only the fields given. The question, the channel and whether results are shown change any
   * time; the kind, the options and quiz mode only while a draft (409 after; sent unchanged they
   * are fine, as forms send what they show).
   */
  async update(
    access: PollsAccess,
    eventId: string,
    pollId: string,
    patch: PollPatch,
  ): Promise<Poll> {
    return this.change(access, eventId, pollId, async (trx, poll, event) => {
      const changes: Updateable<PollsTable> = {};
      const shape = changedShape(poll, patch);
      if (shape) {
        if (poll.status !== 'draft') throw conflict(ERROR_MESSAGES.pollLaunched);
        if (shape.quiz && !poll.quiz && !hasFeature(event.allowance, 'PAID')) this.refuseQuiz();
        changes.kind = shape.kind;
        changes.options = JSON.stringify(checkPollShape(shape));
        changes.quiz = shape.quiz ? 1 : 0;
      }
      if (patch.question !== undefined) changes.question = patch.question;
      if (patch.resultsShown !== undefined) changes.results_shown = patch.resultsShown ? 1 : 0;
      if (patch.channelId !== undefined) {
        changes.channel_id = await this.checkChannel(trx, event.eventId, patch.channelId);
      }
      return changes;
    });
  }

  /** Draft or closed → live; a relaunch keeps the votes. */
  async launch(access: PollsAccess, eventId: string, pollId: string): Promise<Poll> {
    return this.change(access, eventId, pollId, async (_trx, poll) => {
      if (poll.status === 'live') throw conflict(ERROR_MESSAGES.pollTransitionNotAllowed);
      const at = this.deps.now().toISOString();
      return { status: 'live', launched_at: at, closed_at: null };
    });
  }

  /** Live → closed: no more votes; the results stay on the page while shown. */
  async close(access: PollsAccess, eventId: string, pollId: string): Promise<Poll> {
    return this.change(access, eventId, pollId, async (trx, poll) => {
      if (poll.status !== 'live') throw conflict(ERROR_MESSAGES.pollTransitionNotAllowed);
      const data = { poll: { id: poll.id, kind: poll.kind, question: poll.question } };
      await this.deps.webhooks?.emit({ type: 'poll.closed', eventId: poll.eventId, data }, trx);
      return { status: 'closed', closed_at: this.deps.now().toISOString() };
    });
  }

  async remove(access: PollsAccess, eventId: string, pollId: string): Promise<void> {
    const { db, dialect, now, pageFeed } = this.deps;
    const { eventId: id, told } = await db.transaction().execute(async (trx) => {
      const event = await this.open(trx, access, eventId, { lock: true });
      const row = await findPoll(trx, event.eventId, pollId, { dialect, mode: 'update' });
      if (!row) throw notFound(ERROR_MESSAGES.pollNotFound);
      const poll = readPoll(row);
      const at = now().toISOString();
      await deletePoll(trx, poll.id);
      const rest = await listPolls(trx, event.eventId);
      await setPositions(
        trx,
        'polls',
        rest.map((other) => other.id),
        at,
      );
      if (!isOnPage(poll)) return { eventId: event.eventId, told: false };
      await appendPollRemoved(trx, poll, at);
      return { eventId: event.eventId, told: true };
    });
    if (told) pageFeed.notify(id);
  }

  /** Every poll id of the event, each once, in the new order (else 400 `errors.ids`). */
  async reorder(
    access: PollsAccess,
    eventId: string,
    ids: readonly string[],
  ): Promise<{ polls: Poll[] }> {
    const { db, now } = this.deps;
    return db.transaction().execute(async (trx) => {
      const event = await this.open(trx, access, eventId, { lock: true });
      checkReorder(
        ids,
        (await listPolls(trx, event.eventId)).map((poll) => poll.id),
      );
      await setPositions(trx, 'polls', ids, now().toISOString());
      return { polls: await this.listOf(trx, event.eventId) };
    });
  }

  /** The results counted now, with every open answer and its moderation state. */
  async results(access: PollsAccess, eventId: string, pollId: string): Promise<PollResultsDetail> {
    const { db } = this.deps;
    const event = await this.open(db, access, eventId);
    const row = await findPoll(db, event.eventId, pollId);
    if (!row) throw notFound(ERROR_MESSAGES.pollNotFound);
    const poll = readPoll(row);
    const [votes, answers] = await Promise.all([
      listCountedVotes(db, poll.id),
      listTextAnswers(db, poll.id),
    ]);
    return { ...countResults(poll, votes), answers: answers.map(toPollAnswer) };
  }

  /** Approves or rejects an open answer: only approved ones make the page's word cloud. */
  async moderate(
    access: PollsAccess,
    eventId: string,
    pollId: string,
    answerId: string,
    status: PollAnswerStatus,
  ): Promise<PollAnswer> {
    const { db, dialect, now, pageFeed, results } = this.deps;
    const changed = await db.transaction().execute(async (trx): Promise<Changed<PollAnswer>> => {
      const event = await this.open(trx, access, eventId);
      const row = await findPoll(trx, event.eventId, pollId, { dialect, mode: 'update' });
      if (!row) throw notFound(ERROR_MESSAGES.pollNotFound);
      const answer = await findVote(trx, row.id, answerId);
      if (!answer || answer.text === null) throw notFound();
      if (answer.text_status === status) {
        return { value: toPollAnswer(answer), eventId: event.eventId, told: false };
      }
      const at = now().toISOString();
      const updated = await setTextStatus(trx, answer.id, status, at);
      const poll = readPoll(row);
      const told = isOnPage(poll) && poll.resultsShown;
      if (told) await appendPollEntry(trx, poll, at);
      return { value: toPollAnswer(updated), eventId: event.eventId, told };
    });
    results.forget(pollId);
    if (changed.told) pageFeed.notify(changed.eventId);
    return changed.value;
  }

  /** Every poll's results as CSV in the user's delimiter, words in the reader's language. */
  async export(
    auth: AuthContext,
    eventId: string,
    language: Language,
  ): Promise<{ filename: string; body: Readable }> {
    const { db } = this.deps;
    const event = await requireEventRole(db, auth, eventId);
    const polls = (await listPolls(db, event.id)).map(readPoll);
    return {
      filename: `polls-${event.slug}.csv`,
      body: pollsCsv(db, polls, {
        delimiter: auth.user.csv_delimiter,
        labels: SERVER_RESOURCES[language].exports.polls,
        language,
      }),
    };
  }

  /** The event's polls with their answers' counts, in order. */
  async listOf(db: Kysely<Database>, eventId: string): Promise<Poll[]> {
    const [rows, responses] = await Promise.all([
      listPolls(db, eventId),
      countResponses(db, eventId),
    ]);
    return rows.map((row) => toPoll(readPoll(row), responses.get(row.id) ?? 0));
  }

  /** The event for this caller, or 404 (ADR 020; a guest's refusals as ADR 025 words them). */
  async open(
    db: Kysely<Database>,
    access: PollsAccess,
    eventId: string,
    options: { lock?: boolean } = {},
  ): Promise<OpenedEvent> {
    const { dialect, now } = this.deps;
    const lock = options.lock ? dialect : undefined;
    if (access.kind === 'user') {
      const event = await requireEventRole(db, access.auth, eventId, { lock });
      return { eventId: event.id, allowance: ownerPlanOf(event, now()).allowance };
    }
    const guest = await requireMessagesGuest(db, eventId, access.token);
    const owner = await findEventOwnerPlan(db, guest.eventId, lock);
    if (!owner) throw notFound(ERROR_MESSAGES.tokenNotFound);
    return { eventId: guest.eventId, allowance: ownerPlanOf(owner, now()).allowance };
  }

  /**
   * Applies `changesOf` to the poll under its row lock; when the change touches what pages show
   * (before or after), the page entries go out in the same transaction (a poll moved to another
   * channel first leaves the old channel's page).
   */
  private async change(
    access: PollsAccess,
    eventId: string,
    pollId: string,
    changesOf: (
      trx: Kysely<Database>,
      poll: StoredPoll,
      event: OpenedEvent,
    ) => Promise<Updateable<PollsTable>>,
  ): Promise<Poll> {
    const { db, dialect, now, pageFeed } = this.deps;
    const changed = await db.transaction().execute(async (trx): Promise<Changed<Poll>> => {
      const event = await this.open(trx, access, eventId);
      const row = await findPoll(trx, event.eventId, pollId, { dialect, mode: 'update' });
      if (!row) throw notFound(ERROR_MESSAGES.pollNotFound);
      const before = readPoll(row);
      const changes = await changesOf(trx, before, event);
      const responses = (await countResponses(trx, event.eventId)).get(before.id) ?? 0;
      if (Object.keys(changes).length === 0) {
        return { value: toPoll(before, responses), eventId: event.eventId, told: false };
      }
      const at = now().toISOString();
      const after = readPoll(await updatePoll(trx, before.id, { ...changes, updated_at: at }));
      const told = isOnPage(before) || isOnPage(after);
      if (isOnPage(before) && before.channelId !== after.channelId) {
        await appendPollRemoved(trx, before, at);
      }
      if (told) await appendPollEntry(trx, after, at);
      return { value: toPoll(after, responses), eventId: event.eventId, told };
    });
    if (changed.told) pageFeed.notify(changed.eventId);
    return changed.value;
  }

  private async checkChannel(
    db: Kysely<Database>,
    eventId: string,
    channelId: string | null,
  ): Promise<string | null> {
    if (channelId === null) return null;
    const channels = await listChannels(db, eventId);
    if (!channels.some((channel) => channel.id === channelId)) {
      throw validationFailed({ channelId: validationMessage('invalid') });
    }
    return channelId;
  }

  private refuseQuiz(): never {
    throw validationFailed(
      { quiz: validationMessage('planQuiz') },
      ERROR_MESSAGES.featureNotAvailable,
    );
  }
}

/**
 * The poll's new shape when the patch changes it, else null: a kind, options or quiz mode sent
 * as stored is no change. A poll turned into a rating or text poll drops its options and quiz.
 */
function changedShape(poll: StoredPoll, patch: PollPatch): PollShape | null {
  const kind = patch.kind ?? poll.kind;
  const choice = isChoiceKind(kind);
  const options = patch.options ?? (choice ? poll.options : []);
  const quiz = patch.quiz ?? (choice ? poll.quiz : false);
  const sameOptions =
    options.length === poll.options.length &&
    options.every((option, index) => {
      const stored = poll.options[index]!;
      return (
        option.id === stored.id &&
        option.text === stored.text &&
        (option.correct ?? false) === stored.correct
      );
    });
  if (kind === poll.kind && quiz === poll.quiz && sameOptions) return null;
  return { kind, options, quiz };
}
