import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coarseStep, setupCountdown } from './countdown.js';

// The countdown (docs/decisions/063-event-times-and-page-states.md): the units tick, the status
// line for screen readers speaks only at coarse steps, reduced motion stops the seconds.

const NOW = Date.parse('2026-11-22T10:00:00.000Z');

function page(startIso: string): void {
  document.documentElement.lang = 'en';
  document.body.innerHTML = `
    <div class="lv-countdown" data-countdown="${startIso}">
      <div class="lv-countdown-units" hidden>
        ${['day', 'hour', 'minute', 'second']
          .map(
            (unit) =>
              `<span data-unit="${unit}"><span class="lv-countdown-value">0</span><span class="lv-countdown-label"></span></span>`,
          )
          .join('')}
      </div>
      <p aria-live="polite" data-countdown-status data-starts-in="Starts in %s" data-starting="Starting now"></p>
    </div>`;
}

const value = (unit: string) =>
  document.querySelector(`[data-unit="${unit}"] .lv-countdown-value`)?.textContent;
const label = (unit: string) =>
  document.querySelector(`[data-unit="${unit}"] .lv-countdown-label`)?.textContent;
const status = () => document.querySelector('[data-countdown-status]')?.textContent;

function reducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query.includes('reduce') }));
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  reducedMotion(false);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the countdown', () => {
  it('says days, then hours, then minutes in steps of five', () => {
    expect(coarseStep(3 * 86_400_000 + 5)).toEqual(['day', 3]);
    expect(coarseStep(5 * 3_600_000 + 5)).toEqual(['hour', 5]);
    expect(coarseStep(11 * 60_000)).toEqual(['minute', 15]);
    expect(coarseStep(61_000)).toEqual(['minute', 5]);
    expect(coarseStep(59_000)).toBeUndefined();
  });

  it('shows what is left and ticks every second', () => {
    // One day, two hours, three minutes and four seconds ahead.
    page(new Date(NOW + 86_400_000 + 2 * 3_600_000 + 3 * 60_000 + 4_000).toISOString());
    setupCountdown();
    expect(document.querySelector<HTMLElement>('.lv-countdown-units')?.hidden).toBe(false);
    expect([value('day'), value('hour'), value('minute'), value('second')]).toEqual([
      '1',
      '02',
      '03',
      '04',
    ]);
    expect(label('day')).toBe('day');
    expect(label('hour')).toBe('hours');
    vi.advanceTimersByTime(1_000);
    expect(value('second')).toBe('03');
    // The first value is on the screen: nothing is spoken yet.
    expect(status()).toBe('');
  });

  it('speaks only when the coarse step changes, and at the start', () => {
    page(new Date(NOW + 2 * 3_600_000 + 1_000).toISOString());
    setupCountdown();
    // Two hours left until a second past: said only when one hour is what is left.
    vi.advanceTimersByTime(1_500);
    expect(status()).toBe('');
    vi.advanceTimersByTime(500);
    expect(status()).toBe('Starts in 1 hour');
    vi.advanceTimersByTime(2 * 3_600_000);
    expect(status()).toBe('Starting now');
  });

  it('does not tick the seconds under reduced motion', () => {
    reducedMotion(true);
    page(new Date(NOW + 10 * 60_000 + 30_000).toISOString());
    setupCountdown();
    expect(document.querySelector('[data-unit="second"]')?.hasAttribute('hidden')).toBe(true);
    expect(value('minute')).toBe('10');
    vi.advanceTimersByTime(29_999);
    expect(value('minute')).toBe('10');
    vi.advanceTimersByTime(1);
    expect(value('minute')).toBe('10');
    expect(vi.getTimerCount()).toBe(1);
  });
});
