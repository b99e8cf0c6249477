// Kept apart from the API client so the first load stays small (no zod here: ADR 009).

/**
 * An API failure with the server's one error shape (docs/architecture.md, "Conventions"):
 * `code` is the HTTP status, `message` a message key or text, `errors` field -> message key.
 */
export class ApiError extends Error {
  readonly code: number;
  readonly errors: Readonly<Record<string, string>> | undefined;
  /** Seconds from a 429's `Retry-After` header, when the server sent one. */
  readonly retryAfter: number | undefined;

  constructor(code: number, message: string, errors?: Record<string, string>, retryAfter?: number) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.errors = errors;
    this.retryAfter = retryAfter;
  }

  /** The HTTP status; the error page shows it (docs/product-spec.md section 8). */
  get status(): number {
    return this.code;
  }
}

const isRecordOfStrings = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((entry) => typeof entry === 'string');

/**
 * The error shape `{ code, message, errors? }` checked by hand: the zod schema of
 * @livent/shared would put zod on every page's first load (ADR 009).
 */
export function parseApiErrorBody(
  body: unknown,
): { message: string; errors?: Record<string, string> } | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { code, message, errors } = body as Record<string, unknown>;
  if (typeof code !== 'number' || typeof message !== 'string') return undefined;
  if (errors !== undefined && !isRecordOfStrings(errors)) return undefined;
  return errors === undefined ? { message } : { message, errors };
}
