import { randomUUID } from 'node:crypto';
import {
  POLL_OPTIONS_MIN,
  validationMessage,
  type PollKind,
  type PollOption,
  type PollOptionInput,
} from '@livent/shared';
import { validationFailed, type FieldErrors } from '../../lib/errors.js';

/** What decides a poll's shape: checked together, on create and on every patch of a draft. */
export interface PollShape {
  kind: PollKind;
  options: readonly PollOptionInput[];
  quiz: boolean;
}

export const isChoiceKind = (kind: PollKind): boolean => kind === 'single' || kind === 'multiple';

/**
 * The options as stored (ADR 058): choice polls take 2–10 options with distinct texts, rating
 * and text polls none; a quiz is a choice poll with a correct option (exactly one for single
 * choice, where no one could choose two). An option keeps the id it is given, so that its votes
 * follow it; a new one gets a fresh id. Outside quiz mode no option is correct. 400 with the
 * fields at fault otherwise.
 */
export function checkPollShape(shape: PollShape): PollOption[] {
  const errors: FieldErrors = {};
  const choice = isChoiceKind(shape.kind);
  if (choice && shape.options.length < POLL_OPTIONS_MIN) {
    errors.options = validationMessage('minEntries', { min: POLL_OPTIONS_MIN });
  }
  if (!choice && shape.options.length > 0) {
    errors.options = validationMessage('maxEntries', { max: 0 });
  }
  const texts = new Set<string>();
  const ids = new Set<string>();
  for (const [index, option] of shape.options.entries()) {
    const text = option.text.toLocaleLowerCase();
    if (texts.has(text)) errors[`options.${index}.text`] = validationMessage('inUse');
    texts.add(text);
    if (option.id !== undefined) {
      if (ids.has(option.id)) errors[`options.${index}.id`] = validationMessage('inUse');
      ids.add(option.id);
    }
  }
  const correct = shape.options.filter((option) => option.correct === true).length;
  if (shape.quiz && !choice) errors.quiz = validationMessage('invalid');
  else if (shape.quiz && correct === 0) errors.options = validationMessage('quizCorrectOption');
  else if (shape.quiz && shape.kind === 'single' && correct > 1) {
    errors.options = validationMessage('maxEntries', { max: 1 });
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return shape.options.map((option) => ({
    id: option.id ?? randomUUID(),
    text: option.text,
    correct: shape.quiz && option.correct === true,
  }));
}
