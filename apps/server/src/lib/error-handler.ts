import { ERROR_MESSAGES, type ApiError } from '@livent/shared';
import type {
  FastifyError,
  FastifyReply,
  FastifyRequest,
  FastifySchemaValidationError,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isRefusedText } from '../db/errors.js';
import { isHttpError, type FieldErrors } from './errors.js';

/**
 * The one error handler (docs/architecture.md, "Conventions"): every error leaves as
 * `{ code: <status>, message, errors? }`. Client errors keep their message; server errors never
 * carry internals to the client, only to the log (with the request id).
 */
export function errorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  // Every error leaves as JSON in the one shape, whatever type and schema the route documents for
  // that status: a route that had chosen another type (a CSV download) or documents its 400 as a
  // page (the public registration form) would otherwise misdescribe the body or fail to
  // serialise it (a 500 for bad input).
  reply.type('application/json; charset=utf-8').serializer(JSON.stringify);
  const answer = errorAnswer(error);
  if (answer.expected) request.log.info(answer.expected.fields, answer.expected.message);
  else request.log.error({ err: error }, 'request failed');
  return reply.code(answer.status).headers(answer.headers).send(answer.body);
}

/** An error's answer in the one shape, and what the log says of it. */
export interface ErrorAnswer {
  status: number;
  body: ApiError;
  headers: Readonly<Record<string, string>>;
  /** An expected outcome's log line (info); a failure (undefined) is logged with its stack. */
  expected: { message: string; fields: Record<string, unknown> } | undefined;
}

/**
 * The answer to `error`, for {@link errorHandler} and for what answers before Fastify (ADR 035).
 * Validation failures name their fields; client errors keep their message; server errors never
 * carry internals to the client.
 */
export function errorAnswer(
  error: Pick<FastifyError, 'message' | 'code' | 'statusCode' | 'validation' | 'validationContext'>,
): ErrorAnswer {
  if (hasZodFastifySchemaValidationErrors(error) || Array.isArray(error.validation)) {
    const errors = fieldErrors(error.validation ?? [], error.validationContext);
    return {
      status: 400,
      body: { code: 400, message: ERROR_MESSAGES.validationFailed, errors },
      headers: {},
      expected: { message: 'request validation failed', fields: { errors } },
    };
  }

  if (isRefusedText(error)) {
    return {
      status: 400,
      body: { code: 400, message: ERROR_MESSAGES.badRequest },
      headers: {},
      expected: { message: 'database refused a text value', fields: { code: error.code } },
    };
  }

  const status = statusOf(error);
  if (status >= 400 && status < 500) {
    // Expected outcomes (not found, bad input): one line without a stack is enough.
    const body: ApiError = { code: status, message: error.message };
    let headers = {};
    if (isHttpError(error)) {
      if (error.errors) body.errors = error.errors;
      headers = error.headers;
    }
    return {
      status,
      body,
      headers,
      expected: {
        message: 'client error',
        fields: { statusCode: status, code: error.code, reason: error.message },
      },
    };
  }

  // A deliberate HttpError (e.g. 503 while a dependency is down) chose its message for the
  // client; any other error may carry internals and becomes a plain 500.
  if (isHttpError(error) && status >= 500 && status < 600) {
    return {
      status,
      body: { code: status, message: error.message },
      headers: {},
      expected: undefined,
    };
  }
  return {
    status: 500,
    body: { code: 500, message: ERROR_MESSAGES.internal },
    headers: {},
    expected: undefined,
  };
}

function statusOf(error: Pick<FastifyError, 'statusCode'>): number {
  const status = error.statusCode ?? (error as { status?: unknown }).status;
  return typeof status === 'number' && Number.isInteger(status) ? status : 500;
}

/**
 * One message per field, keyed by the dot-joined path (`address.city`, `items.0.name`). An issue
 * about the whole input (e.g. a missing body) is keyed by the part of the request: `body`,
 * `querystring`, `params` or `headers`.
 */
export function fieldErrors(
  issues: ReadonlyArray<
    Pick<FastifySchemaValidationError, 'instancePath' | 'message' | 'keyword' | 'params'>
  >,
  context = 'body',
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const segments = issue.instancePath.split('/').filter(Boolean);
    const message = issue.message ?? 'Invalid value';
    // A strict schema reports unknown fields on their parent; name each field instead, so the
    // client sees which of its fields is not accepted.
    const unknownKeys = issue.keyword === 'unrecognized_keys' ? issue.params.keys : undefined;
    const paths = Array.isArray(unknownKeys)
      ? unknownKeys.map((key) => [...segments, String(key)].join('.'))
      : [segments.join('.')];
    for (const path of paths) errors[path === '' ? context : path] ??= message;
  }
  return errors;
}
