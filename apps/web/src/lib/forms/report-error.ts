import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { loadNamespaces } from '../i18n/i18n';
import { notify } from '../notifications';
import { translateMessage } from './messages';
import type { MessageFields } from './server-errors';

/**
 * Loads the server-error mapping (it needs the shared error texts, and with them zod) and the
 * message texts only when a submission failed, then applies it (see `applyServerError`).
 */
export async function reportFormError<Values extends FieldValues>(
  setError: UseFormSetError<Values>,
  error: unknown,
  fields: readonly Path<Values>[],
  messageFields?: MessageFields<Values>,
): Promise<void> {
  const [{ applyServerError }] = await Promise.all([
    import('./server-errors'),
    loadNamespaces('forms'),
  ]);
  applyServerError(setError, error, fields, messageFields);
}

/** The message key for a failed call outside a form (a notification), loaded on demand. */
export async function failureMessage(error: unknown): Promise<string> {
  const [{ failureMessageKey }] = await Promise.all([
    import('./server-errors'),
    loadNamespaces('forms'),
  ]);
  return failureMessageKey(error);
}

/** Tells of a failed call outside a form (an export, a row action) in an error notification. */
export async function notifyFailure(error: unknown): Promise<void> {
  notify({ type: 'error', message: translateMessage(await failureMessage(error)) ?? '' });
}
