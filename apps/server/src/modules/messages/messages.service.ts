import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  canMoveMessage,
  ERROR_MESSAGES,
  type InboxMessage,
  type InboxMessageDetail,
  type Language,
  type MessageHistoryEntry,
  type MessagePatch,
  type MessagesPage,
  type MessageStatus,
  type SharedMessages,
} from '@livent/shared';
import type { Kysely, Updateable } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database, MessagesTable } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { SERVER_RESOURCES } from '../../lib/i18n/i18n.js';
import type { AuthContext } from '../auth/index.js';
import { listChannels } from '../channels/index.js';
import { requireEventRole } from '../events/index.js';
import type { WebhookEmitter } from '../webhooks/index.js';
import { requireMessagesGuest } from './guest-access.js';
import {
  appendHistory,
  countUnread,
  deleteInboxMessage,
  findInboxMessage,
  insertInboxMessage,
  listHistory,
  listInbox,
  listInboxInBatches,
  listPinnedExcept,
  lockEventPins,
  updateInboxMessage,
  type HistoryStep,
  type InboxQuery,
  type InboxScope,
} from './inbox.repository.js';
import { appendMessageChange, type MessageNotifier } from './message-log.js';
import { toInboxMessage, type MessageRow } from './message-view.js';
import { messagesCsv, MESSAGES_EXPORT_MAX } from './messages-csv.js';

export interface MessagesDependencies {
  db: Kysely<Database>;
  dialect: Dialect;
  now: Clock;
  messageFeed: MessageNotifier;
  /** Tells the owner's webhooks of approved questions (ADR 072). */
  webhooks?: WebhookEmitter;
}

/** Who changes a message: an organiser (by name) or the event's guest moderator. */
export type MessageActor =
  { kind: 'user'; userId: string; name: string } | { kind: 'guest'; name: string };

/** What the history and `answered_by` call a guest moderator; the inbox translates the kind. */
const GUEST_NAME = 'Guest';

/** The statuses a new answer moves a message out of, to `answered` (ADR 025). */
const ANSWERABLE: readonly MessageStatus[] = ['new', 'approved'];

/** Statuses a message cannot be pinned in (after this patch's own status step). */
const UNPINNABLE: readonly MessageStatus[] = ['declined', 'archived'];

export interface MessagesExport {
  filename: string;
  body: Readable;
}

/**
 * The inbox: organisers and guest moderators read, moderate and answer an event's messages
 * (docs/product-spec.md sections 2 and 3; ADR 025). Every change writes the message, its history
 * steps and its entry in the durable log in one transaction, and wakes the live readers after
 * the commit.
 */
export class MessagesService {
  constructor(private readonly deps: MessagesDependencies) {}

  async list(auth: AuthContext, eventId: string, query: InboxQuery): Promise<MessagesPage> {
    const event = await requireEventRole(this.deps.db, auth, eventId);
    return this.page({ eventId: event.id, viewerOnly: false }, query);
  }

  async detail(auth: AuthContext, eventId: string, messageId: string): Promise<InboxMessageDetail> {
    const { db } = this.deps;
    const event = await requireEventRole(db, auth, eventId);
    const message = await findInboxMessage(db, event.id, messageId);
    if (!message) throw notFound(ERROR_MESSAGES.messageNotFound);
    const history = await listHistory(db, message.id);
    return {
      ...toInboxMessage(message),
      history: history.map((step): MessageHistoryEntry => ({
        action: step.action,
        fromStatus: step.from_status as MessageStatus | null,
        toStatus: step.to_status as MessageStatus | null,
        actorName: step.actor_name,
        actorKind: step.actor_kind === 'guest' ? 'guest' : 'user',
        at: step.created_at,
      })),
    };
  }

  /** An internal message: a note among the event's organisers, never shown to viewers or guests. */
  async createInternal(
    auth: AuthContext,
    eventId: string,
    input: { text: string },
  ): Promise<InboxMessage> {
    const { db, now, messageFeed } = this.deps;
    const row = await db.transaction().execute(async (trx) => {
      const event = await requireEventRole(trx, auth, eventId);
      const at = now().toISOString();
      const inserted = await insertInboxMessage(trx, {
        id: randomUUID(),
        event_id: event.id,
        channel_id: null,
        kind: 'internal',
        author_name: auth.user.name,
        author_user_id: auth.user.id,
        text: input.text,
        read: 1,
        answer: null,
        status: 'new',
        created_at: at,
        updated_at: at,
      });
      await appendMessageChange(trx, {
        eventId: event.id,
        messageId: inserted.id,
        change: 'created',
        at,
      });
      return inserted;
    });
    messageFeed.notify(row.event_id);
    return toInboxMessage(row);
  }

  async update(
    auth: AuthContext,
    eventId: string,
    messageId: string,
    patch: MessagePatch,
  ): Promise<InboxMessage> {
    return this.change(
      (trx) => requireEventRole(trx, auth, eventId).then((event) => event.id),
      messageId,
      patch,
      { kind: 'user', userId: auth.user.id, name: auth.user.name },
    );
  }

  async remove(auth: AuthContext, eventId: string, messageId: string): Promise<void> {
    const { db, dialect, now, messageFeed } = this.deps;
    const event = await db.transaction().execute(async (trx) => {
      const found = await requireEventRole(trx, auth, eventId);
      const message = await findInboxMessage(trx, found.id, messageId, { lock: dialect });
      if (!message) throw notFound(ERROR_MESSAGES.messageNotFound);
      await deleteInboxMessage(trx, message.id);
      await appendMessageChange(trx, {
        eventId: found.id,
        messageId: message.id,
        change: 'deleted',
        at: now().toISOString(),
      });
      return found;
    });
    messageFeed.notify(event.id);
  }

  /** The filtered list as CSV in the user's delimiter (streamed; at most MESSAGES_EXPORT_MAX rows). */
  async export(
    auth: AuthContext,
    eventId: string,
    query: InboxQuery,
    language: Language,
  ): Promise<MessagesExport> {
    const event = await requireEventRole(this.deps.db, auth, eventId);
    const rows = listInboxInBatches(
      this.deps.db,
      { eventId: event.id, viewerOnly: false },
      query,
      MESSAGES_EXPORT_MAX,
    );
    // The first batch is read before the answer starts: a read that fails then is the usual
    // 500, not a CSV answer's headers followed by an error the client cannot take for one.
    const first = await rows.next();
    async function* all() {
      if (first.done) return;
      yield first.value;
      yield* rows;
    }
    return {
      filename: `messages-${event.slug}.csv`,
      body: messagesCsv(all(), {
        delimiter: auth.user.csv_delimiter,
        labels: SERVER_RESOURCES[language].exports.messages,
      }),
    };
  }

  /** A guest moderator's view: the event and its viewer messages (never internal ones). */
  async sharedList(
    eventId: string,
    token: string | undefined,
    query: InboxQuery,
  ): Promise<SharedMessages> {
    const guest = await requireMessagesGuest(this.deps.db, eventId, token);
    const [channels, messages] = await Promise.all([
      listChannels(this.deps.db, guest.eventId),
      this.page({ eventId: guest.eventId, viewerOnly: true }, query),
    ]);
    return {
      event: {
        id: guest.eventId,
        title: guest.title,
        messagesMode: guest.messagesMode,
        channels: channels.map((channel) => ({ id: channel.id, title: channel.title })),
      },
      messages,
    };
  }

  /** A guest moderator's change: like an organiser's, on viewer messages only. */
  async sharedUpdate(
    eventId: string,
    token: string | undefined,
    messageId: string,
    patch: MessagePatch,
  ): Promise<InboxMessage> {
    return this.change(
      (trx) => requireMessagesGuest(trx, eventId, token).then((guest) => guest.eventId),
      messageId,
      patch,
      { kind: 'guest', name: GUEST_NAME },
      { viewerOnly: true },
    );
  }

  private async page(scope: InboxScope, query: InboxQuery): Promise<MessagesPage> {
    const { db } = this.deps;
    const [{ rows, total }, unreadCount] = await Promise.all([
      listInbox(db, scope, query),
      countUnread(db, scope.eventId),
    ]);
    return {
      results: rows.map(toInboxMessage),
      page: query.page,
      pageSize: query.pageSize,
      total,
      unreadCount,
    };
  }

  /**
   * Applies a patch (ADR 025): read/unread, a status step checked against MESSAGE_TRANSITIONS, the
   * answer (a new one moves new/approved to answered, removing it moves answered back to
   * approved), its visibility, and the pin (one per event). Every step but read/unread goes to the
   * history; the message and every other message it unpinned get a log entry.
   */
  private async change(
    access: (trx: Kysely<Database>) => Promise<string>,
    messageId: string,
    patch: MessagePatch,
    actor: MessageActor,
    options: { viewerOnly?: boolean } = {},
  ): Promise<InboxMessage> {
    const { db, dialect, now, messageFeed } = this.deps;
    const { eventId, row, changed } = await db.transaction().execute(async (trx) => {
      const eventId = await access(trx);
      if (Object.values(patch).every((value) => value === undefined)) throw badRequest();
      // Before the message's own lock, in the order every pin takes them.
      if (patch.pinned === true) await lockEventPins(trx, eventId, dialect);
      const message = await findInboxMessage(trx, eventId, messageId, {
        lock: dialect,
        ...(options.viewerOnly ? { kind: 'viewer' as const } : {}),
      });
      if (!message) throw notFound(ERROR_MESSAGES.messageNotFound);
      // An internal note is no question: nothing to moderate, answer or pin, only to mark read.
      if (
        message.kind !== 'viewer' &&
        (patch.status !== undefined ||
          patch.answer !== undefined ||
          patch.answerPublic !== undefined ||
          patch.pinned === true)
      ) {
        throw conflict(ERROR_MESSAGES.messageTransitionNotAllowed);
      }
      const at = now().toISOString();
      const step = (
        action: string,
        from: MessageStatus | null = null,
        to: MessageStatus | null = null,
      ): HistoryStep => ({
        action,
        from_status: from,
        to_status: to,
        actor_kind: actor.kind,
        actor_user_id: actor.kind === 'user' ? actor.userId : null,
        actor_name: actor.name,
        created_at: at,
      });
      const steps: HistoryStep[] = [];
      const changes: Updateable<MessagesTable> = {};
      let status = message.status as MessageStatus;
      const moveTo = (to: MessageStatus) => {
        if (to === status) return;
        if (!canMoveMessage(status, to)) throw conflict(ERROR_MESSAGES.messageTransitionNotAllowed);
        steps.push(step('status', status, to));
        status = to;
        changes.status = to;
      };

      if (patch.read !== undefined) changes.read = patch.read ? 1 : 0;
      if (patch.status !== undefined) moveTo(patch.status);
      if (patch.answer === null && message.answer !== null) {
        changes.answer = null;
        changes.answered_at = null;
        changes.answered_by = null;
        steps.push(step('answer', status, status));
        if (status === 'answered') moveTo('approved');
      } else if (typeof patch.answer === 'string' && patch.answer !== message.answer) {
        changes.answer = patch.answer;
        changes.answered_at = at;
        changes.answered_by = actor.name;
        steps.push(step('answer', status, status));
        if (ANSWERABLE.includes(status)) moveTo('answered');
      }
      // The first answer to an approved question is public unless the patch says otherwise: the
      // question is on the page already, and its audience is waiting for the answer (ADR 053).
      const answerPublic =
        patch.answerPublic ??
        (message.answer === null &&
        typeof patch.answer === 'string' &&
        message.status === 'approved'
          ? true
          : undefined);
      if (answerPublic !== undefined && answerPublic !== (message.answer_public === 1)) {
        changes.answer_public = answerPublic ? 1 : 0;
        steps.push(step('answerVisibility'));
      }
      const unpinned: MessageRow[] = [];
      if (patch.pinned === true && message.pinned_at === null) {
        // The pin highlights a question on the page: one put aside (declined, archived) would
        // silently take it from the question pinned before and show nothing in its place.
        if (UNPINNABLE.includes(status)) {
          throw conflict(ERROR_MESSAGES.messageTransitionNotAllowed);
        }
        changes.pinned_at = at;
        steps.push(step('pin'));
        unpinned.push(...(await listPinnedExcept(trx, eventId, message.id)));
      } else if (patch.pinned === false && message.pinned_at !== null) {
        changes.pinned_at = null;
        steps.push(step('unpin'));
      }

      if (Object.keys(changes).length === 0) return { eventId, row: message, changed: false };
      changes.updated_at = at;
      // Every row first, then the history and the log: the log's append takes the event's lock
      // on PostgreSQL, which no one may hold while waiting for a message row.
      for (const other of unpinned) {
        await updateInboxMessage(trx, other.id, { pinned_at: null, updated_at: at });
      }
      const updated = await updateInboxMessage(trx, message.id, changes);
      for (const other of unpinned) await appendHistory(trx, other.id, [step('unpin')]);
      await appendHistory(trx, message.id, steps);
      for (const other of unpinned) {
        await appendMessageChange(trx, { eventId, messageId: other.id, change: 'changed', at });
      }
      await appendMessageChange(trx, { eventId, messageId: message.id, change: 'changed', at });
      if (changes.status === 'approved') {
        const question = { id: message.id, authorName: message.author_name, text: message.text };
        await this.deps.webhooks?.emit(
          { type: 'question.approved', eventId, data: { question } },
          trx,
        );
      }
      return { eventId, row: updated, changed: true };
    });
    if (changed) messageFeed.notify(eventId);
    return toInboxMessage(row);
  }
}
