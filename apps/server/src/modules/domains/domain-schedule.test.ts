import { describe, expect, it } from 'vitest';
import { afterCheck, planActions, type PlanDomain } from './domain-schedule.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const start = new Date('2026-11-22T10:00:00.000Z');
const at = (ms: number) => new Date(start.getTime() + ms);
const iso = (ms: number) => at(ms).toISOString();

describe('afterCheck', () => {
  const pending = { status: null, detail: null, error: 'timeout' } as const;
  const found = (status: 'pending' | 'wrong_target' | 'active') =>
    ({ status, detail: null, error: null }) as const;

  it('doubles the wait from a minute and caps it at six hours', () => {
    const waits = [0, 1, 2, 5, 8, 9, 20].map(
      (failures) =>
        Date.parse(
          afterCheck(
            { status: 'pending', failures, checkingSince: start.toISOString() },
            found('pending'),
            start,
          ).nextCheckAt!,
        ) - start.getTime(),
    );
    expect(waits).toEqual([
      MINUTE,
      2 * MINUTE,
      4 * MINUTE,
      32 * MINUTE,
      256 * MINUTE,
      6 * HOUR,
      6 * HOUR,
    ]);
  });

  it('stops three days after the checks began, and counts the failures', () => {
    const state = {
      status: 'wrong_target' as const,
      failures: 12,
      checkingSince: start.toISOString(),
    };
    expect(afterCheck(state, found('wrong_target'), at(2 * DAY))).toEqual({
      status: 'wrong_target',
      failures: 13,
      nextCheckAt: iso(2 * DAY + 6 * HOUR),
      checkingSince: start.toISOString(),
    });
    expect(afterCheck(state, found('wrong_target'), at(3 * DAY - HOUR)).nextCheckAt).toBeNull();
  });

  it('re-checks an active domain daily and keeps it active when a check cannot decide', () => {
    const active = { status: 'active' as const, failures: 0, checkingSince: start.toISOString() };
    expect(afterCheck(active, found('active'), at(10 * DAY))).toEqual({
      status: 'active',
      failures: 0,
      nextCheckAt: iso(11 * DAY),
      checkingSince: start.toISOString(),
    });
    expect(afterCheck(active, pending, at(10 * DAY))).toMatchObject({ status: 'active' });
    // Records removed later: the domain leaves active at once and backs off again.
    expect(afterCheck(active, found('pending'), at(10 * DAY))).toEqual({
      status: 'pending',
      failures: 1,
      nextCheckAt: iso(10 * DAY + MINUTE),
      checkingSince: iso(10 * DAY),
    });
  });
});

describe('planActions', () => {
  const domain = (id: string, fields: Partial<PlanDomain> = {}): PlanDomain => ({
    id,
    status: 'active',
    disabledReason: null,
    isDefault: false,
    activatedAt: '2026-01-01T00:00:00.000Z',
    createdAt: '2026-01-01T00:00:00.000Z',
    planLapsedAt: null,
    ...fields,
  });

  it('keeps the default, then the active ones by activation, within the allowance', () => {
    const domains = [
      domain('old-active', { activatedAt: '2026-01-02T00:00:00.000Z' }),
      domain('pending', {
        status: 'pending',
        activatedAt: null,
        createdAt: '2025-12-01T00:00:00.000Z',
      }),
      domain('default', { isDefault: true, activatedAt: '2026-03-01T00:00:00.000Z' }),
      domain('newer-active', { activatedAt: '2026-02-01T00:00:00.000Z' }),
    ];
    expect(planActions(domains, 2, start)).toEqual([
      { id: 'newer-active', action: 'start-grace' },
      { id: 'pending', action: 'start-grace' },
    ]);
  });

  it('disables after the grace period and restores when the plan allows again', () => {
    const lapsed = domain('a', { planLapsedAt: iso(0) });
    expect(planActions([lapsed], 0, at(7 * DAY - 1))).toEqual([]);
    expect(planActions([lapsed], 0, at(7 * DAY))).toEqual([{ id: 'a', action: 'disable' }]);
    const disabled = domain('a', {
      status: 'disabled',
      disabledReason: 'plan',
      planLapsedAt: iso(0),
    });
    expect(planActions([disabled], 0, at(30 * DAY))).toEqual([]);
    expect(planActions([disabled], 1, at(30 * DAY))).toEqual([{ id: 'a', action: 'restore' }]);
    expect(planActions([lapsed], 1, at(DAY))).toEqual([{ id: 'a', action: 'clear-grace' }]);
  });
});
