import { ERROR_MESSAGES, isValidationMessage } from '@livent/shared';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../api-error';

type ServerErrorKey = keyof typeof ERROR_MESSAGES;

const KEY_BY_MESSAGE = new Map<string, ServerErrorKey>(
  (Object.entries(ERROR_MESSAGES) as [ServerErrorKey, string][]).map(([key, text]) => [text, key]),
);

/**
 * The message key of a server message (docs/product-spec.md section 8): `serverErrors.<key>` for the texts of
 * `ERROR_MESSAGES`, which the dashboard translates; other texts are shown as they are.
 */
export function serverMessageKey(message: string): string {
  if (isValidationMessage(message)) return message;
  const key = KEY_BY_MESSAGE.get(message);
  return key ? `serverErrors.${key}` : `text:${message}`;
}

/** What to tell the user about any failed call, as a message key for `translateMessage`. */
export function failureMessageKey(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code >= 500) return 'serverErrors.internal';
    return serverMessageKey(error.message);
  }
  // fetch rejects with a TypeError when the server cannot be reached.
  return 'serverErrors.network';
}

/** Server messages that are about one field of the form, e.g. `{ emailTaken: 'email' }`. */
export type MessageFields<Values extends FieldValues> = Partial<
  Record<ServerErrorKey, Path<Values>>
>;

/**
 * Puts a failed submission onto the form: the server's field errors (`errors` map of
 * validation keys) onto the fields the form has, a message listed in `messageFields` onto its
 * field, everything else into `root.server`. A 429 is left to the API client's "Too many
 * requests" notification (docs/product-spec.md section 8).
 */
export function applyServerError<Values extends FieldValues>(
  setError: UseFormSetError<Values>,
  error: unknown,
  fields: readonly Path<Values>[],
  messageFields: MessageFields<Values> = {},
): void {
  if (error instanceof ApiError && error.code === 429) return;
  const messageKey = error instanceof ApiError ? KEY_BY_MESSAGE.get(error.message) : undefined;
  const messageField = messageKey ? messageFields[messageKey] : undefined;
  if (messageKey && messageField) {
    setError(
      messageField,
      { type: 'server', message: `serverErrors.${messageKey}` },
      {
        shouldFocus: true,
      },
    );
    return;
  }
  const fieldErrors = error instanceof ApiError ? Object.entries(error.errors ?? {}) : [];
  let placed = 0;
  for (const [field, message] of fieldErrors) {
    if (!(fields as readonly string[]).includes(field)) continue;
    setError(field as Path<Values>, { type: 'server', message }, { shouldFocus: placed === 0 });
    placed += 1;
  }
  if (placed > 0 && placed === fieldErrors.length) return;
  setError('root.server' as Path<Values>, { type: 'server', message: failureMessageKey(error) });
}
