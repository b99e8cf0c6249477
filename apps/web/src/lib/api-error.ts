// Kept apart from the API client (and its zod schema) so the first load stays small.

/**
 * An API failure with the server's one error shape (ARCHITECTURE.md, "Conventions"):
 * `code` is the HTTP status, `message` a message key or text, `errors` field -> message key.
 */
export class ApiError extends Error {
  readonly code: number;
  readonly errors: Readonly<Record<string, string>> | undefined;

  constructor(code: number, message: string, errors?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.errors = errors;
  }

  /** The HTTP status; the error page shows it (spec section 8). */
  get status(): number {
    return this.code;
  }
}
