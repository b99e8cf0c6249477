import { z } from 'zod';
import { multiLineText, singleLineText } from './validation.js';

// Messages: the viewer message tool, the organisers' inbox, moderated Q&A and guest moderators
// (docs/product-spec.md sections 2, 3, 4 and 6; ADR 025). One contract for the server, the
// dashboard and the public page.

/** How the event runs its message tool: plain messages to the organiser, or moderated Q&A. */
export const MESSAGES_MODES = ['messages', 'qa'] as const;
export type MessagesMode = (typeof MESSAGES_MODES)[number];

/**
 * A message's moderation state. new → approved → answered is the usual way; declined and
 * archived put a message aside. Every step is recorded and can be undone (`MESSAGE_TRANSITIONS`).
 */
export const MESSAGE_STATUSES = ['new', 'approved', 'answered', 'declined', 'archived'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** The states a message may move to from each state; each step's way back is allowed too. */
export const MESSAGE_TRANSITIONS: Record<MessageStatus, readonly MessageStatus[]> = {
  new: ['approved', 'answered', 'declined', 'archived'],
  approved: ['new', 'answered', 'declined', 'archived'],
  answered: ['approved', 'new', 'archived'],
  declined: ['new', 'approved', 'archived'],
  archived: ['new', 'approved', 'answered', 'declined'],
};

export const canMoveMessage = (from: MessageStatus, to: MessageStatus): boolean =>
  from === to || MESSAGE_TRANSITIONS[from].includes(to);

/** Statuses whose questions the public page shows in Q&A mode (to every viewer). */
export const PUBLIC_MESSAGE_STATUSES = ['approved', 'answered'] as const;

/** `viewer`: sent through the public page; `internal`: written by an organiser in the inbox. */
export const MESSAGE_KINDS = ['viewer', 'internal'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const MESSAGE_TEXT_MAX = 2000;
export const MESSAGE_NAME_MAX = 100;
export const MESSAGE_ANSWER_MAX = 5000;
export const MESSAGES_PAGE_SIZE_MAX = 100;

/** One step of a message's history: who did what, when. */
export const messageHistoryEntrySchema = z.object({
  /** status, answer, answerVisibility, pin, unpin */
  action: z.string(),
  fromStatus: z.enum(MESSAGE_STATUSES).nullable(),
  toStatus: z.enum(MESSAGE_STATUSES).nullable(),
  /** An organiser's name, or the guest moderator. */
  actorName: z.string(),
  actorKind: z.enum(['user', 'guest']),
  at: z.string(),
});
export type MessageHistoryEntry = z.infer<typeof messageHistoryEntrySchema>;

/** A message as the inbox (organisers and guest moderators) sees it. */
export const inboxMessageSchema = z.object({
  id: z.string(),
  kind: z.enum(MESSAGE_KINDS),
  /** The channel page it was sent from; null for the event's main page and internal messages. */
  channelId: z.string().nullable(),
  /** Empty when the viewer gave no name. */
  authorName: z.string(),
  text: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  read: z.boolean(),
  answer: z.string().nullable(),
  /** True: every viewer of the page sees the answer; false: only the sender. */
  answerPublic: z.boolean(),
  answeredAt: z.string().nullable(),
  answeredBy: z.string().nullable(),
  votes: z.number().int(),
  pinned: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

/** `GET /events/{id}/messages/{messageId}`: the message with its history, oldest step first. */
export const inboxMessageDetailSchema = inboxMessageSchema.extend({
  history: z.array(messageHistoryEntrySchema),
});
export type InboxMessageDetail = z.infer<typeof inboxMessageDetailSchema>;

const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

/**
 * An id in a messages path or filter (events, messages and channels have UUIDs; `main` names the
 * main page): letters, digits, `-` and `_` only, so that nothing PostgreSQL refuses in a text
 * parameter (a NUL byte) reaches a query and turns a typo into a 500.
 */
export const messagesIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/);

/** The inbox's filters, sort and page (query string of the list, the export and the guest list). */
export const messagesQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MESSAGES_PAGE_SIZE_MAX).default(25),
  /** newest (default), oldest or votes (most votes first, then newest). */
  sort: z.enum(['newest', 'oldest', 'votes']).default('newest'),
  status: z.enum(MESSAGE_STATUSES).optional(),
  unread: booleanQuery.optional(),
  answered: booleanQuery.optional(),
  /** A channel id, or `main` for the event's main page. */
  channel: messagesIdSchema.optional(),
  kind: z.enum(MESSAGE_KINDS).optional(),
  /** Searched in the text, the author's name and the answer. */
  q: singleLineText({ max: 200, trim: true }).optional(),
});
export type MessagesQuery = z.input<typeof messagesQuerySchema>;

export const messagesPageSchema = z.object({
  results: z.array(inboxMessageSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /** Unread messages of the event, whatever the filters (the navigation's count). */
  unreadCount: z.number().int(),
});
export type MessagesPage = z.infer<typeof messagesPageSchema>;

/** `POST /events/{id}/messages`: an internal message among organisers. */
export const internalMessageCreateSchema = z.strictObject({
  text: multiLineText({ min: 1, max: MESSAGE_TEXT_MAX, trim: true }),
});

/**
 * `PATCH /events/{id}/messages/{messageId}` and the guest's PATCH: only what changes. A non-empty
 * answer on a new or approved message moves it to answered; `answer: null` removes the answer.
 * At most one question of an event is pinned: pinning one unpins the other.
 */
export const messagePatchSchema = z.strictObject({
  read: z.boolean().optional(),
  status: z.enum(MESSAGE_STATUSES).optional(),
  answer: multiLineText({ min: 1, max: MESSAGE_ANSWER_MAX, trim: true }).nullable().optional(),
  answerPublic: z.boolean().optional(),
  pinned: z.boolean().optional(),
});
export type MessagePatch = z.infer<typeof messagePatchSchema>;

/** What a live update carries (`event: message` with this data; the SSE id is the log's seq). */
export const messageChangeSchema = z.discriminatedUnion('change', [
  z.object({ change: z.literal('created'), message: inboxMessageSchema }),
  z.object({ change: z.literal('changed'), message: inboxMessageSchema }),
  z.object({ change: z.literal('deleted'), id: z.string() }),
]);
export type MessageChange = z.infer<typeof messageChangeSchema>;

/** `GET /shared/messages/{eventId}`: what a guest moderator sees. */
export const sharedMessagesSchema = z.object({
  event: z.object({
    id: z.string(),
    title: z.string(),
    messagesMode: z.enum(MESSAGES_MODES),
    /** The event's channels, for the names of the pages messages were sent from. */
    channels: z.array(z.object({ id: z.string(), title: z.string() })),
  }),
  messages: messagesPageSchema,
});
export type SharedMessages = z.infer<typeof sharedMessagesSchema>;

/** The header guests send their share link's token in (docs/product-spec.md section 6). */
export const TOKEN_AUTHORIZATION_HEADER = 'token-authorization';

// The public page (events origin).

/** `POST /{slug}/_messages`: a viewer's message; the key makes a double submit store one. */
export const viewerMessageSchema = z.strictObject({
  /** Optional: an empty name sends anonymously. */
  name: singleLineText({ max: MESSAGE_NAME_MAX, trim: true }).default(''),
  text: multiLineText({ min: 1, max: MESSAGE_TEXT_MAX, trim: true }),
  /** The channel page the message was sent from. */
  channel: z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/)
    .optional(),
  /** A random id per submit (a UUID); a retry with the same key stores nothing new. */
  key: z.uuid(),
});
export type ViewerMessage = z.infer<typeof viewerMessageSchema>;

/** A question as every viewer of the page sees it (Q&A: approved and answered ones). */
export const publicQuestionSchema = z.object({
  id: z.string(),
  authorName: z.string(),
  text: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  /** Only a public answer. */
  answer: z.string().nullable(),
  votes: z.number().int(),
  pinned: z.boolean(),
  createdAt: z.string(),
});
export type PublicQuestion = z.infer<typeof publicQuestionSchema>;

/** A sender's own message: its state and the answer, public or private. */
export const ownMessageSchema = z.object({
  id: z.string(),
  text: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  answer: z.string().nullable(),
  /** False: a private answer, which only its sender sees ("Your questions"). */
  answerPublic: z.boolean(),
  createdAt: z.string(),
});
export type OwnMessage = z.infer<typeof ownMessageSchema>;

/** `GET /{slug}/_messages`: what the page's message tool shows this viewer. */
export const viewerMessagesSchema = z.object({
  mode: z.enum(MESSAGES_MODES),
  /** Q&A: approved and answered questions, pinned first; plain mode: messages with a public answer. */
  questions: z.array(publicQuestionSchema),
  /** The ids this viewer voted for. */
  voted: z.array(z.string()),
  /** This viewer's own messages, newest first. */
  mine: z.array(ownMessageSchema),
});
export type ViewerMessages = z.infer<typeof viewerMessagesSchema>;
