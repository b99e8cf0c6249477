import type { Clock } from '../lib/clock.js';

/** A clock that stands still until moved. */
export interface TestClock {
  now: Clock;
  advance(ms: number): void;
  set(date: Date | string): void;
}

export function testClock(start: Date | string = '2026-11-22T10:00:00.000Z'): TestClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (date) => {
      current = new Date(date).getTime();
    },
  };
}
