/**
 * The time as the server sees it. Services take a clock instead of calling `new Date()`, so that
 * tests can move time forward (token expiry, grace windows, back-off) without sleeping.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** `now` plus `ms`, as the ISO text stored in the database (ADR 007). */
export const isoAfter = (now: Date, ms: number): string =>
  new Date(now.getTime() + ms).toISOString();
