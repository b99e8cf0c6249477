import { validationMessage } from '@livent/shared';
import { validationFailed } from './errors.js';

/**
 * A reorder names every one of the event's ids (`existing`), each once, in the new order: else
 * 400 `errors.ids`, so that an order sent from a stale list changes nothing.
 */
export function checkReorder(ids: readonly string[], existing: readonly string[]): void {
  const known = new Set(existing);
  if (
    ids.length !== existing.length ||
    new Set(ids).size !== ids.length ||
    ids.some((id) => !known.has(id))
  ) {
    throw validationFailed({ ids: validationMessage('invalid') });
  }
}
