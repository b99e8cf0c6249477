import { NOTIFICATION_TIMEOUT_MS } from '@livent/shared';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismiss, getNotifications, notify } from './notification-store';
import { useNotifications } from './use-notifications';

describe('notifications', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    ['info', 5000],
    ['success', 5000],
    ['warning', 8000],
    ['error', 8000],
  ] as const)('closes %s notifications after %i ms (spec section 9)', (type, timeout) => {
    expect(NOTIFICATION_TIMEOUT_MS[type]).toBe(timeout);
    notify({ type, message: 'Saved' });
    expect(getNotifications()).toHaveLength(1);
    expect(getNotifications()[0]).toMatchObject({ type, message: 'Saved', timeout });
    vi.advanceTimersByTime(timeout - 1);
    expect(getNotifications()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getNotifications()).toHaveLength(0);
  });

  it('honours a custom timeout, and 0 keeps it until closed', () => {
    const quick = notify({ type: 'info', message: 'Quick', timeout: 100 });
    const sticky = notify({ type: 'error', message: 'Sticky', timeout: 0 });
    vi.advanceTimersByTime(100);
    expect(getNotifications().map((n) => n.id)).toEqual([sticky]);
    expect(quick).not.toBe(sticky);
    vi.advanceTimersByTime(60_000);
    expect(getNotifications()).toHaveLength(1);
    dismiss(sticky);
    expect(getNotifications()).toHaveLength(0);
  });

  it('stacks notifications in order and re-renders subscribers', () => {
    const { result } = renderHook(() => useNotifications());
    act(() => {
      notify({ type: 'info', message: 'First' });
      notify({ type: 'warning', message: 'Second' });
    });
    expect(result.current.map((n) => n.message)).toEqual(['First', 'Second']);
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(result.current.map((n) => n.message)).toEqual(['Second']);
  });
});
