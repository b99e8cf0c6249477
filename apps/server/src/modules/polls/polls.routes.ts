import {
  messagesIdSchema,
  pollAnswerPatchSchema,
  pollAnswerSchema,
  pollInputSchema,
  pollListSchema,
  pollOrderSchema,
  pollPatchSchema,
  pollResultsDetailSchema,
  pollSchema,
  FREE_PLAN_POLLS,
  POLLS_MAX,
} from '@livent/shared';
import type {
  FastifyReply,
  FastifyRequest,
  HTTPMethods,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvResponseSchema, sendCsv } from '../../lib/csv.js';
import { requestLanguage } from '../../lib/language.js';
import { bearerAuth, errorResponses, guestTokenAuth, noContent } from '../../lib/openapi.js';
import { requireAuth } from '../auth/index.js';
import { guestTokenOf } from '../messages/index.js';
import type { PollsAccess, PollsService } from './polls.service.js';

const tags = ['polls'];
const pollId = messagesIdSchema;

/** The path's ids after the event's: `pollId`, `answerId`. */
type PathIds = Record<string, string>;

/** One operation, served to organisers and to guest moderators alike. */
interface PollOperation {
  /** The operationId of the organisers' route; the guests' inserts `Shared`. */
  name: string;
  method: HTTPMethods;
  /** After the event's part of the path. */
  path: string;
  summary: string;
  description?: string;
  ids?: readonly ('pollId' | 'answerId')[];
  body?: z.ZodType;
  status: 200 | 201 | 204;
  response: z.ZodType;
  errors: readonly (400 | 409)[];
  run(
    polls: PollsService,
    access: PollsAccess,
    eventId: string,
    ids: PathIds,
    body: never,
  ): Promise<unknown>;
}

const operations: PollOperation[] = [
  {
    name: 'listPolls',
    method: 'GET',
    path: '',
    summary: "The event's polls in their order, with how many viewers answered each",
    status: 200,
    response: pollListSchema,
    errors: [],
    run: (polls, access, eventId) => polls.list(access, eventId),
  },
  {
    name: 'createPoll',
    method: 'POST',
    path: '',
    summary: 'Add a poll (a draft) at the end',
    description: `At most ${POLLS_MAX} per event; without a paid plan at most ${FREE_PLAN_POLLS} and no quiz (400 with \`errors.polls\` or \`errors.quiz\`). Choice polls take 2–10 options with distinct texts, rating and text polls none; a quiz marks a correct option. \`channelId\` must be a channel of the event.`,
    body: pollInputSchema,
    status: 201,
    response: pollSchema,
    errors: [400],
    run: (polls, access, eventId, _ids, body: z.infer<typeof pollInputSchema>) =>
      polls.create(access, eventId, body),
  },
  {
    name: 'reorderPolls',
    method: 'PUT',
    path: '/order',
    summary: 'Reorder: every poll id of the event, each once, in the new order',
    body: pollOrderSchema,
    status: 200,
    response: pollListSchema,
    errors: [400],
    run: (polls, access, eventId, _ids, body: z.infer<typeof pollOrderSchema>) =>
      polls.reorder(access, eventId, body.ids),
  },
  {
    name: 'updatePoll',
    method: 'PATCH',
    path: '/:pollId',
    summary: 'Change a poll: only the fields given',
    description:
      'The question, the channel and whether viewers see the results change any time; the kind, the options and quiz mode only while the poll is a draft (409 after).',
    ids: ['pollId'],
    body: pollPatchSchema,
    status: 200,
    response: pollSchema,
    errors: [400, 409],
    run: (polls, access, eventId, ids, body: z.infer<typeof pollPatchSchema>) =>
      polls.update(access, eventId, ids.pollId!, body),
  },
  {
    name: 'deletePoll',
    method: 'DELETE',
    path: '/:pollId',
    summary: 'Delete a poll with its answers (open pages drop it)',
    ids: ['pollId'],
    status: 204,
    response: noContent,
    errors: [],
    run: (polls, access, eventId, ids) => polls.remove(access, eventId, ids.pollId!),
  },
  {
    name: 'launchPoll',
    method: 'POST',
    path: '/:pollId/launch',
    summary: 'Launch a draft or closed poll: open pages show it and take votes',
    description: 'A relaunch keeps the votes. A live poll answers 409.',
    ids: ['pollId'],
    status: 200,
    response: pollSchema,
    errors: [409],
    run: (polls, access, eventId, ids) => polls.launch(access, eventId, ids.pollId!),
  },
  {
    name: 'closePoll',
    method: 'POST',
    path: '/:pollId/close',
    summary: 'Close a live poll: no more votes',
    description: 'Only a live poll closes (else 409).',
    ids: ['pollId'],
    status: 200,
    response: pollSchema,
    errors: [409],
    run: (polls, access, eventId, ids) => polls.close(access, eventId, ids.pollId!),
  },
  {
    name: 'getPollResults',
    method: 'GET',
    path: '/:pollId/results',
    summary: "A poll's results counted now, with every open answer and its moderation state",
    ids: ['pollId'],
    status: 200,
    response: pollResultsDetailSchema,
    errors: [],
    run: (polls, access, eventId, ids) => polls.results(access, eventId, ids.pollId!),
  },
  {
    name: 'moderatePollAnswer',
    method: 'PATCH',
    path: '/:pollId/answers/:answerId',
    summary: 'Approve or reject an open answer (only approved ones reach the page)',
    ids: ['pollId', 'answerId'],
    body: pollAnswerPatchSchema,
    status: 200,
    response: pollAnswerSchema,
    errors: [400],
    run: (polls, access, eventId, ids, body: z.infer<typeof pollAnswerPatchSchema>) =>
      polls.moderate(access, eventId, ids.pollId!, ids.answerId!, body.status),
  },
];

/** How a caller reaches an event's polls: the organisers' sign-in or the guests' share link. */
interface PollsDoor {
  /** The path up to the polls, with the event's id as `:<eventParam>`. */
  prefix: string;
  eventParam: 'id' | 'eventId';
  operationId(name: string): string;
  security: Record<string, string[]>[];
  errors: readonly (401 | 404)[];
  /** The organisers' sign-in (`app.authenticate`). */
  preHandler?: preHandlerAsyncHookHandler;
  access(request: FastifyRequest): PollsAccess;
}

function paramsOf(door: PollsDoor, operation: PollOperation) {
  const shape: Record<string, z.ZodType> = { [door.eventParam]: messagesIdSchema };
  for (const id of operation.ids ?? []) shape[id] = pollId;
  return z.strictObject(shape);
}

/**
 * Polls and quizzes of an event (ADR 058): the organisers' routes under `/events/{id}/polls`
 * (signed in, owner or shared user) and the same operations for guest moderators under
 * `/shared/polls/{eventId}` with the messages share link's `Token-Authorization` (ADR 025; every
 * refusal a 404). One table of operations serves both.
 */
export const pollsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { polls } = app.services;
  const doors: PollsDoor[] = [
    {
      prefix: '/events/:id/polls',
      eventParam: 'id',
      operationId: (name) => name,
      security: bearerAuth,
      errors: [401, 404],
      preHandler: app.authenticate,
      access: (request) => ({ kind: 'user', auth: requireAuth(request) }),
    },
    {
      prefix: '/shared/polls/:eventId',
      eventParam: 'eventId',
      operationId: (name) => name.replace(/Polls?/, (noun) => `Shared${noun}`),
      security: guestTokenAuth,
      errors: [404],
      access: (request) => ({ kind: 'guest', token: guestTokenOf(request) }),
    },
  ];
  for (const door of doors) {
    for (const operation of operations) {
      app.route({
        method: operation.method,
        url: `${door.prefix}${operation.path}`,
        ...(door.preHandler ? { preHandler: door.preHandler } : {}),
        schema: {
          operationId: door.operationId(operation.name),
          tags,
          summary: operation.summary,
          ...(operation.description ? { description: operation.description } : {}),
          security: door.security,
          params: paramsOf(door, operation),
          ...(operation.body ? { body: operation.body } : {}),
          response: {
            [operation.status]: operation.response,
            ...errorResponses(...door.errors, ...operation.errors),
          },
        },
        handler: async (request: FastifyRequest, reply: FastifyReply) => {
          const params = request.params as Record<string, string>;
          const result = await operation.run(
            polls,
            door.access(request),
            params[door.eventParam]!,
            params,
            request.body as never,
          );
          return reply.code(operation.status).send(result);
        },
      });
    }
  }

  app.get(
    '/events/:id/polls.csv',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'exportPolls',
        tags,
        summary: "Every poll's results as CSV",
        description:
          "A line per option, rating or approved open answer: the question, the kind, the votes, their share of the poll's respondents and, in quizzes, whether the option is correct. In the user's CSV delimiter, headers and values in the dashboard's language; cells a spreadsheet would read as a formula start with `'`.",
        security: bearerAuth,
        params: z.strictObject({ id: messagesIdSchema }),
        response: { 200: csvResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        await polls.export(requireAuth(request), request.params.id, requestLanguage(request)),
      ),
  );
};
