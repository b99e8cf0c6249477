import { ERROR_MESSAGES } from '@livent/shared';

/** Field path (dot-joined, e.g. `channels.0.title`) to a validation message key. */
export type FieldErrors = Record<string, string>;

/**
 * An error meant for the client: the error handler answers `{ code: status, message, errors? }`
 * with exactly this status and message (docs/architecture.md, "Conventions"). Services throw these;
 * anything else that escapes a route becomes a 500 without details.
 */
export class HttpError extends Error {
  /** `statusCode` is the property Fastify and its plugins read. */
  readonly statusCode: number;
  readonly errors: FieldErrors | undefined;
  /** Response headers that belong to the answer, such as `Retry-After` on a 429. */
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    statusCode: number,
    message: string,
    errors?: FieldErrors,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.errors = errors;
    this.headers = headers;
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}

export const badRequest = (message: string = ERROR_MESSAGES.badRequest, errors?: FieldErrors) =>
  new HttpError(400, message, errors);

/** A 400 whose `errors` name the fields, like the schema validation failures. */
export const validationFailed = (
  errors: FieldErrors,
  message: string = ERROR_MESSAGES.validationFailed,
) => new HttpError(400, message, errors);

export const unauthorized = (message: string = ERROR_MESSAGES.unauthorized) =>
  new HttpError(401, message);

export const forbidden = (message: string = ERROR_MESSAGES.forbidden) =>
  new HttpError(403, message);

/** Also for other tenants' objects, so that their existence does not leak. */
export const notFound = (message: string = ERROR_MESSAGES.notFound) => new HttpError(404, message);

export const conflict = (message: string) => new HttpError(409, message);

/** With `retryAfterSeconds`, the answer carries `Retry-After`. */
export const tooManyRequests = (
  message: string = ERROR_MESSAGES.tooManyRequests,
  retryAfterSeconds?: number,
) =>
  new HttpError(
    429,
    message,
    undefined,
    retryAfterSeconds === undefined ? {} : { 'retry-after': String(retryAfterSeconds) },
  );

export const serviceUnavailable = (message: string = ERROR_MESSAGES.serviceUnavailable) =>
  new HttpError(503, message);
