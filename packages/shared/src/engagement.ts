import { z } from 'zod';
import { multiLineText, singleLineText } from './validation.js';

// Engagement on the public page: polls and quizzes, reactions, and the viewer's live stream that
// carries them (docs/decisions/057-engagement-and-the-viewer-stream.md). One contract for the
// server, the dashboard and the public page.

/**
 * `single` and `multiple`: options to choose from; `rating`: 1 to 5; `text`: an open answer,
 * moderated before it shows (the approved answers make the word cloud).
 */
export const POLL_KINDS = ['single', 'multiple', 'rating', 'text'] as const;
export type PollKind = (typeof POLL_KINDS)[number];

/** draft → live → closed; a closed poll may be launched again (its votes are kept). */
export const POLL_STATUSES = ['draft', 'live', 'closed'] as const;
export type PollStatus = (typeof POLL_STATUSES)[number];

/** An open text answer's moderation state: only approved answers reach the page. */
export const POLL_ANSWER_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type PollAnswerStatus = (typeof POLL_ANSWER_STATUSES)[number];

export const POLL_QUESTION_MAX = 300;
export const POLL_OPTION_MAX = 200;
export const POLL_OPTIONS_MIN = 2;
export const POLL_OPTIONS_MAX = 10;
export const POLL_TEXT_ANSWER_MAX = 200;
/** Polls per event on any plan; the free plan's smaller allowance is `FREE_PLAN_POLLS`. */
export const POLLS_MAX = 100;
/** Polls per event without the PAID feature (ADR 057); quiz mode needs PAID too. */
export const FREE_PLAN_POLLS = 3;
export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** An option as the organiser writes it; `id` keeps an existing option (and its votes). */
export const pollOptionInputSchema = z.strictObject({
  id: z.string().min(1).max(64).optional(),
  text: singleLineText({ min: 1, max: POLL_OPTION_MAX, trim: true }),
  /** Quiz mode: a correct answer (at least one option of a quiz is). */
  correct: z.boolean().default(false),
});
export type PollOptionInput = z.input<typeof pollOptionInputSchema>;

/**
 * `POST /events/{id}/polls`. Choice polls take 2–10 options, rating and text polls none. Quiz
 * mode is for choice polls only, and marks at least one option correct.
 */
export const pollInputSchema = z.strictObject({
  kind: z.enum(POLL_KINDS),
  question: multiLineText({ min: 1, max: POLL_QUESTION_MAX, trim: true }),
  options: z.array(pollOptionInputSchema).max(POLL_OPTIONS_MAX).default([]),
  quiz: z.boolean().default(false),
  /** The one channel whose page shows the poll; null: every page of the event. */
  channelId: z.string().min(1).max(64).nullable().default(null),
});
export type PollInput = z.input<typeof pollInputSchema>;

/**
 * `PATCH /events/{id}/polls/{pollId}`: any field of the input, and whether viewers see the
 * results. The kind and the options change only while the poll is a draft (409 after).
 */
export const pollPatchSchema = z.strictObject({
  kind: z.enum(POLL_KINDS).optional(),
  question: multiLineText({ min: 1, max: POLL_QUESTION_MAX, trim: true }).optional(),
  options: z.array(pollOptionInputSchema).max(POLL_OPTIONS_MAX).optional(),
  quiz: z.boolean().optional(),
  channelId: z.string().min(1).max(64).nullable().optional(),
  resultsShown: z.boolean().optional(),
});
export type PollPatch = z.infer<typeof pollPatchSchema>;

export const pollOptionSchema = z.object({
  id: z.string(),
  text: z.string(),
  correct: z.boolean(),
});
export type PollOption = z.infer<typeof pollOptionSchema>;

/** A poll as organisers and guest moderators see it. */
export const pollSchema = z.object({
  id: z.string(),
  kind: z.enum(POLL_KINDS),
  question: z.string(),
  options: z.array(pollOptionSchema),
  quiz: z.boolean(),
  channelId: z.string().nullable(),
  status: z.enum(POLL_STATUSES),
  /** Viewers see the results (and, in a closed quiz, the correct options). */
  resultsShown: z.boolean(),
  position: z.number().int(),
  /** Viewers who answered. */
  responses: z.number().int(),
  launchedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Poll = z.infer<typeof pollSchema>;

export const pollListSchema = z.object({ polls: z.array(pollSchema) });

/** `PUT /events/{id}/polls/order`: every poll id of the event, in the new order. */
export const pollOrderSchema = z.strictObject({
  ids: z.array(z.string().min(1).max(64)).max(POLLS_MAX),
});

/** A word of the approved open answers and how many answers contain it. */
export const pollWordSchema = z.object({ word: z.string(), count: z.number().int() });

/** The results as viewers may see them (when shown) and as the dashboard charts them. */
export const pollResultsSchema = z.object({
  pollId: z.string(),
  /** Viewers who answered. */
  responses: z.number().int(),
  /** Choice polls: votes per option id (a multiple-choice viewer counts once per option). */
  options: z.array(z.object({ id: z.string(), votes: z.number().int() })),
  /** Rating polls: the average (null without answers) and the count of each of 1–5. */
  rating: z
    .object({ average: z.number().nullable(), counts: z.array(z.number().int()) })
    .nullable(),
  /** Quizzes: the share (0–1) of respondents who chose exactly the correct options. */
  correctShare: z.number().nullable(),
  /** Text polls: the word cloud of the approved answers, most frequent first. */
  words: z.array(pollWordSchema),
});
export type PollResults = z.infer<typeof pollResultsSchema>;

/** An open text answer as the moderators see it. */
export const pollAnswerSchema = z.object({
  id: z.string(),
  text: z.string(),
  status: z.enum(POLL_ANSWER_STATUSES),
  createdAt: z.string(),
});
export type PollAnswer = z.infer<typeof pollAnswerSchema>;

/** `GET /events/{id}/polls/{pollId}/results`: the results with every open answer. */
export const pollResultsDetailSchema = pollResultsSchema.extend({
  answers: z.array(pollAnswerSchema),
});
export type PollResultsDetail = z.infer<typeof pollResultsDetailSchema>;

/** `PATCH /events/{id}/polls/{pollId}/answers/{answerId}`: approve or reject an open answer. */
export const pollAnswerPatchSchema = z.strictObject({
  status: z.enum(POLL_ANSWER_STATUSES),
});

/** A viewer's own answer: options chosen, a rating, or a text with its moderation state. */
export const pollVoteSchema = z.object({
  choices: z.array(z.string()),
  rating: z.number().int().nullable(),
  text: z.string().nullable(),
  textStatus: z.enum(POLL_ANSWER_STATUSES).nullable(),
});
export type PollVote = z.infer<typeof pollVoteSchema>;

/**
 * A launched or closed poll as the page shows it. `correct` is true only on the correct options
 * of a closed quiz whose results are shown (false otherwise); `results` only when shown.
 */
export const viewerPollSchema = z.object({
  id: z.string(),
  kind: z.enum(POLL_KINDS),
  question: z.string(),
  options: z.array(pollOptionSchema),
  quiz: z.boolean(),
  status: z.enum(['live', 'closed']),
  resultsShown: z.boolean(),
  results: pollResultsSchema.nullable(),
});
export type ViewerPoll = z.infer<typeof viewerPollSchema>;

/** `GET /{slug}/_polls?channel=`: the page's live and closed polls with this viewer's answers. */
export const viewerPollsSchema = z.object({
  polls: z.array(viewerPollSchema),
  /** This viewer's answer per poll id. */
  mine: z.record(z.string(), pollVoteSchema),
});
export type ViewerPolls = z.infer<typeof viewerPollsSchema>;

/**
 * `POST /{slug}/_polls/{pollId}/vote`: the answer for the poll's kind (choices for choice polls,
 * one for single choice; a rating of 1–5; a text). Changeable until the poll closes.
 */
export const viewerVoteSchema = z.strictObject({
  choices: z.array(z.string().min(1).max(64)).max(POLL_OPTIONS_MAX).optional(),
  rating: z.number().int().min(RATING_MIN).max(RATING_MAX).optional(),
  text: singleLineText({ min: 1, max: POLL_TEXT_ANSWER_MAX, trim: true }).optional(),
});
export type ViewerVote = z.infer<typeof viewerVoteSchema>;

/** What a vote answers: the viewer's answer as stored and the poll as the page shows it now. */
export const viewerVoteAnswerSchema = z.object({ vote: pollVoteSchema, poll: viewerPollSchema });
export type ViewerVoteAnswer = z.infer<typeof viewerVoteAnswerSchema>;

/** The reactions a page offers, in the order of its bar. */
export const REACTIONS = ['heart', 'applause', 'laugh', 'wow', 'thumbsup'] as const;
export type Reaction = (typeof REACTIONS)[number];
export const REACTION_EMOJI: Record<Reaction, string> = {
  heart: '❤️',
  applause: '👏',
  laugh: '😂',
  wow: '😮',
  thumbsup: '👍',
};
/** Taps one request may carry (the page sends a second's taps together). */
export const REACTION_BATCH_MAX = 20;

/** `POST /{slug}/_reactions`: taps of one reaction since the page last sent. */
export const viewerReactionSchema = z.strictObject({
  reaction: z.enum(REACTIONS),
  count: z.number().int().min(1).max(REACTION_BATCH_MAX).default(1),
});

/** Reactions per kind in one burst (a second) or one minute of the stats. */
export const reactionCountsSchema = z.partialRecord(z.enum(REACTIONS), z.number().int());
export type ReactionCounts = z.infer<typeof reactionCountsSchema>;

/**
 * The kinds of entries the viewer's live stream carries (`event:` of each frame; `data:` is
 * JSON). `poll`: a poll launched, changed, closed or its results updated (a `ViewerPoll`);
 * `poll-removed`: `{ id }`; `reactions`: a burst (`ReactionCounts`); `messages`: the public
 * questions changed (the page reads `_messages` again); `reload`: the organiser reloads open
 * pages (`{ reloadAt }`); `state`: the page's state or times changed (`{ state, version }`, the
 * page shows the new state, docs/decisions/063-event-times-and-page-states.md); `reset`: the page missed entries and reads its state again.
 */
export const LIVE_KINDS = [
  'poll',
  'poll-removed',
  'reactions',
  'messages',
  'reload',
  'state',
  'reset',
] as const;
export type LiveKind = (typeof LIVE_KINDS)[number];

/** `GET /{slug}/_live/since?after=<seq>`: the polling fallback where a proxy blocks streams. */
export const liveEntriesSchema = z.object({
  entries: z.array(z.object({ id: z.number().int(), kind: z.enum(LIVE_KINDS), data: z.unknown() })),
  /** The position to ask after next time. */
  last: z.number().int(),
});
export type LiveEntries = z.infer<typeof liveEntriesSchema>;
