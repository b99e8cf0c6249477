import type { InboxMessage, MessageKind, MessageStatus } from '@livent/shared';
import type { Selectable } from 'kysely';
import type { MessagesTable } from '../../db/schema.js';

export type MessageRow = Selectable<MessagesTable>;

/** A stored message as the inbox sees it (organisers, guest moderators, live updates). */
export function toInboxMessage(row: MessageRow): InboxMessage {
  return {
    id: row.id,
    kind: row.kind as MessageKind,
    channelId: row.channel_id,
    authorName: row.author_name,
    text: row.text,
    status: row.status as MessageStatus,
    read: row.read === 1,
    answer: row.answer,
    answerPublic: row.answer_public === 1,
    answeredAt: row.answered_at,
    answeredBy: row.answered_by,
    votes: row.votes,
    pinned: row.pinned_at !== null,
    createdAt: row.created_at,
    updatedAt: row.updated_at ?? row.created_at,
  };
}
