import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api-error';
import {
  dismissErrorReport,
  errorReportOf,
  isReportable,
  reportError,
  usePendingErrorReport,
} from './error-reports';
import { renderHook, act } from '@testing-library/react';

describe('error reporting (spec section 8; ADR 054)', () => {
  afterEach(() => dismissErrorReport());

  it('ignores network errors, failed chunks and the server’s answers; reports the rest', () => {
    expect(isReportable(new TypeError('Failed to fetch'))).toBe(false);
    expect(isReportable(new TypeError('NetworkError when attempting to fetch resource.'))).toBe(
      false,
    );
    expect(isReportable(new TypeError('Load failed'))).toBe(false);
    expect(
      isReportable(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    ).toBe(false);
    expect(isReportable(new ApiError(404, 'Event not found'))).toBe(false);
    expect(isReportable(new ApiError(429, 'Too many requests'))).toBe(false);
    expect(isReportable(new ApiError(500, 'Internal Server Error'))).toBe(false);
    expect(isReportable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(
      true,
    );
    expect(isReportable('a thrown string')).toBe(true);
  });

  it('reports the error with the path only, its status, and within the limits', () => {
    const report = errorReportOf(new ApiError(502, 'x'.repeat(3000)), '/events/e1/stats');
    expect(report).toMatchObject({ name: 'ApiError', path: '/events/e1/stats', status: 502 });
    expect(report.message).toHaveLength(2000);
    expect(errorReportOf('plain', '/')).toMatchObject({ name: 'Error', message: 'plain' });
  });

  it('offers one report at a time until it is dismissed', () => {
    const { result } = renderHook(() => usePendingErrorReport());
    expect(result.current).toBeNull();
    act(() => reportError(new TypeError('Failed to fetch')));
    expect(result.current).toBeNull();
    act(() => reportError(new Error('first')));
    act(() => reportError(new Error('second')));
    expect(result.current?.message).toBe('first');
    act(() => dismissErrorReport());
    expect(result.current).toBeNull();
  });
});
