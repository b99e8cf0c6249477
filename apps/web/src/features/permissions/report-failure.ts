import { translateMessage } from '../../lib/forms/messages';
import { failureMessage } from '../../lib/forms/report-error';
import { notify } from '../../lib/notifications';

/** A failed action outside a form: the server's message, translated, as an error notification. */
export async function reportFailure(error: unknown): Promise<void> {
  notify({ type: 'error', message: translateMessage(await failureMessage(error)) ?? '' });
}
