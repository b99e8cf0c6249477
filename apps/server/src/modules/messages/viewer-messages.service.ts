import { createHash, randomUUID } from 'node:crypto';
import {
  ERROR_MESSAGES,
  type MessagesMode,
  type MessageStatus,
  type ViewerMessage,
  type ViewerMessages,
} from '@livent/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { AbuseLimits } from '../../lib/abuse-limits.js';
import { countAttendanceAction, type Attendee } from '../attendance/index.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { WebhookEmitter } from '../webhooks/index.js';
import { appendMessageChange, lastMessageChange, type MessageNotifier } from './message-log.js';
import {
  addVote,
  findMessageByKey,
  findVotableMessage,
  insertMessage,
  listOwnMessages,
  listPublicQuestions,
  listVotedIds,
} from './messages.repository.js';

export interface ViewerMessagesDependencies {
  db: Kysely<Database>;
  now: Clock;
  limiter: RateLimiter;
  limits: AbuseLimits;
  /** Told after every message write, so that open inboxes see it at once (ADR 025). */
  messageFeed: MessageNotifier;
  /** Tells the owner's webhooks of new messages (ADR 072). */
  webhooks?: WebhookEmitter;
}

/** Who sends or votes through the public page: the viewer cookie's id and the address. */
export interface MessageSender {
  id: string;
  ip: string;
  /** The registrant or invitee whose access this is: a message counts as their question (ADR 066). */
  attendee?: Attendee | undefined;
}

/** What a submit answers: the stored message, and whether this request stored it. */
export interface SubmittedMessage {
  id: string;
  status: MessageStatus;
  created: boolean;
}

/**
 * A submit whose key is already stored: the sender's retry answers its message; the same key
 * from another viewer (the key travels in the request body, anyone can copy it) is refused, so
 * that it tells nobody another viewer's message id or moderation state.
 */
function replayedSubmit(
  known: { id: string; status: string; viewer_id: string | null },
  sender: MessageSender,
): SubmittedMessage {
  if (known.viewer_id !== sender.id) throw badRequest();
  return { id: known.id, status: known.status as MessageStatus, created: false };
}

/**
 * The viewers' side of the messages (ADR 025): what the public page's message tool sends, shows
 * and votes for. The caller (the public module's viewer API) has checked that the event has
 * the tool switched on and that the viewer may see the page; every write goes with its entry in
 * the durable log in one transaction and wakes the live readers after the commit, as the inbox's
 * own changes do.
 */
export class ViewerMessagesService {
  constructor(private readonly deps: ViewerMessagesDependencies) {}

  /**
   * Stores a viewer's message for the organiser's inbox. The submit's key makes a double submit
   * or a retry store one message: a known key answers the stored one. Limited per viewer (a
   * cookie id) and event, and far more generously per address and event (thousands of viewers
   * may share one address); a retry answered from its key is not counted again.
   */
  async submit(
    eventId: string,
    channelId: string | null,
    input: ViewerMessage,
    sender: MessageSender,
  ): Promise<SubmittedMessage> {
    const { db, now, limiter, limits } = this.deps;
    const known = await findMessageByKey(db, eventId, input.key);
    if (known) return replayedSubmit(known, sender);
    await limiter.consume(
      [limits.viewerMessagesPerViewer, `${eventId}:${sender.id}`],
      [limits.viewerMessagesPerAddress, `${eventId}:${sender.ip}`],
    );
    const id = randomUUID();
    const at = now().toISOString();
    try {
      await db.transaction().execute(async (trx) => {
        await insertMessage(trx, {
          id,
          event_id: eventId,
          channel_id: channelId,
          kind: 'viewer',
          author_name: input.name,
          text: input.text,
          answer: null,
          status: 'new',
          viewer_id: sender.id,
          idempotency_key: input.key,
          created_at: at,
          updated_at: at,
        });
        await appendMessageChange(trx, { eventId, messageId: id, change: 'created', at });
        const message = { id, channelId, authorName: input.name, text: input.text };
        await this.deps.webhooks?.emit(
          { type: 'message.created', eventId, data: { message } },
          trx,
        );
        if (sender.attendee) {
          await countAttendanceAction(trx, eventId, sender.attendee, 'questions', at);
        }
      });
    } catch (error) {
      // A concurrent submit with the same key won the unique index: answer its message.
      if (!isUniqueViolation(error)) throw error;
      const winner = await findMessageByKey(db, eventId, input.key);
      if (!winner) throw error;
      return replayedSubmit(winner, sender);
    }
    this.deps.messageFeed.notify(eventId);
    return { id, status: 'new', created: true };
  }

  /**
   * A tag of what {@link list} would answer with the same arguments: it changes with every
   * message change of the event (the log), the mode, the page and the viewer, so that the open
   * pages' frequent polls are answered with a 304 by one index lookup while nothing changed
   * (ADR 053). Hashed, so that it does not repeat the viewer id.
   */
  async listTag(
    eventId: string,
    channelId: string | null,
    mode: MessagesMode,
    viewerId: string | undefined,
  ): Promise<string> {
    const seq = await lastMessageChange(this.deps.db, eventId);
    const hash = createHash('sha256')
      .update(JSON.stringify([seq, mode, channelId, viewerId ?? null]))
      .digest('base64url')
      .slice(0, 22);
    return `"${hash}"`;
  }

  /**
   * What the message tool shows one viewer: the public questions of this page (a channel, or
   * the main page for null), the viewer's votes among them and their own messages with status
   * and answer (private ones too: only the sender asks with their cookie). Without a viewer id,
   * nothing of their own.
   */
  async list(
    eventId: string,
    channelId: string | null,
    mode: MessagesMode,
    viewerId: string | undefined,
  ): Promise<ViewerMessages> {
    const { db } = this.deps;
    const [rows, own] = await Promise.all([
      listPublicQuestions(db, eventId, channelId, mode),
      viewerId ? listOwnMessages(db, eventId, viewerId) : Promise.resolve([]),
    ]);
    const voted =
      viewerId && mode === 'qa'
        ? await listVotedIds(
            db,
            viewerId,
            rows.map((row) => row.id),
          )
        : [];
    return {
      mode,
      questions: rows.map((row) => ({
        id: row.id,
        authorName: row.author_name,
        text: row.text,
        status: row.status as MessageStatus,
        answer: row.answer_public === 1 ? row.answer : null,
        votes: row.votes,
        pinned: row.pinned_at !== null,
        createdAt: row.created_at,
      })),
      voted,
      mine: own.map((row) => ({
        id: row.id,
        text: row.text,
        status: row.status as MessageStatus,
        answer: row.answer,
        answerPublic: row.answer_public === 1,
        createdAt: row.created_at,
      })),
    };
  }

  /**
   * One viewer's vote for a public question of an event in Q&A mode; a second vote is a no-op.
   * A question not approved, or another event's, is not found for viewers.
   */
  async vote(eventId: string, messageId: string, sender: MessageSender): Promise<void> {
    const { db, now, limiter, limits } = this.deps;
    if (!(await findVotableMessage(db, eventId, messageId))) {
      throw notFound(ERROR_MESSAGES.messageNotFound);
    }
    await limiter.consume(
      [limits.viewerVotesPerViewer, `${eventId}:${sender.id}`],
      [limits.viewerVotesPerAddress, `${eventId}:${sender.ip}`],
    );
    const at = now().toISOString();
    const counted = await db.transaction().execute(async (trx) => {
      if (!(await addVote(trx, { messageId, viewerId: sender.id, at }))) return false;
      await appendMessageChange(trx, { eventId, messageId, change: 'changed', at });
      return true;
    });
    if (counted) this.deps.messageFeed.notify(eventId);
  }
}
