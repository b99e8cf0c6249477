import { z } from 'zod';

/**
 * The one error shape of the API (ARCHITECTURE.md, "Conventions"): the HTTP status as `code`,
 * a message key or text as `message`, and for validation failures `errors` mapping each field
 * to a validation message key.
 */
export const apiErrorSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Server messages (spec section 8). The dashboard translates them by these exact texts. */
export const ERROR_MESSAGES = {
  notFound: 'Not found',
  badRequest: 'Bad request',
  validationFailed: 'Validation failed',
  unauthorized: 'Please authenticate',
  forbidden: 'Forbidden',
  tooManyRequests: 'Too many requests, please try again later.',
  internal: 'Internal server error',
  serviceUnavailable: 'Service unavailable',
} as const;
