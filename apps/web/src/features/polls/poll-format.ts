import type { PollKind } from '@livent/shared';

/** Single and multiple choice polls have options (and may be quizzes); rating and text none. */
export const isChoice = (kind: PollKind): boolean => kind === 'single' || kind === 'multiple';

/** A part of a whole as 0–1 (0 for an empty whole). */
export const shareOf = (part: number, whole: number): number => (whole > 0 ? part / whole : 0);
