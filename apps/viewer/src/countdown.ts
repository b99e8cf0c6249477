// The countdown to the start (docs/decisions/063-event-times-and-page-states.md): the server
// renders the start as a `<time>`; this shows the days, hours, minutes and seconds left by the
// server's clock. Screen readers hear it only in coarse steps (a polite status line), and under
// reduced motion the seconds do not tick.

import { serverNow } from './server-clock.js';

const UNITS = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1_000],
] as const;
type Unit = (typeof UNITS)[number][0];

/** What the status line says for `left` ms: days, else hours, else minutes in steps of five. */
export function coarseStep(left: number): [Unit, number] | undefined {
  if (left >= 86_400_000) return ['day', Math.floor(left / 86_400_000)];
  if (left >= 3_600_000) return ['hour', Math.floor(left / 3_600_000)];
  if (left >= 60_000) return ['minute', Math.max(1, Math.ceil(left / 300_000) * 5)];
  return undefined;
}

/** "3 days" in the page's language, or only its unit's word with `labelOnly`. */
function formatUnit(language: string, unit: Unit, count: number, labelOnly = false): string {
  const format = new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' });
  if (!labelOnly) return format.format(count);
  return format
    .formatToParts(count)
    .filter((part) => part.type === 'unit')
    .map((part) => part.value)
    .join('');
}

export function setupCountdown(): void {
  const root = document.querySelector<HTMLElement>('.lv-countdown[data-countdown]');
  const units = root?.querySelector<HTMLElement>('.lv-countdown-units');
  const status = root?.querySelector<HTMLElement>('[data-countdown-status]');
  const start = Date.parse(root?.dataset.countdown ?? '');
  if (!root || !units || !status || Number.isNaN(start)) return;
  const language = document.documentElement.lang || 'en';
  const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  const cells = new Map(
    UNITS.map(([unit]) => [unit, units.querySelector<HTMLElement>(`[data-unit="${unit}"]`)]),
  );
  // Under reduced motion the page changes once a minute, not every second.
  if (still) cells.get('second')?.setAttribute('hidden', '');
  units.hidden = false;
  let spoken = '';
  let first = true;

  const render = () => {
    const left = Math.max(0, start - serverNow());
    let rest = left;
    for (const [unit, size] of UNITS) {
      const count = Math.floor(rest / size);
      rest -= count * size;
      const cell = cells.get(unit);
      const value = cell?.querySelector('.lv-countdown-value');
      const label = cell?.querySelector('.lv-countdown-label');
      if (value) value.textContent = String(count).padStart(unit === 'day' ? 1 : 2, '0');
      if (label) label.textContent = formatUnit(language, unit, count, true);
    }
    const step = coarseStep(left);
    const text = step
      ? (status.dataset.startsIn ?? '%s').replace('%s', formatUnit(language, ...step))
      : left === 0
        ? (status.dataset.starting ?? '')
        : spoken;
    // The first value is on the screen already; the status line speaks only when a step changes.
    if (text !== spoken && !first) status.textContent = text;
    spoken = text;
    first = false;
    if (left > 0)
      setTimeout(
        render,
        still ? 60_000 - (left % 60_000) || 60_000 : 1_000 - (left % 1_000) || 1_000,
      );
  };
  render();
}
