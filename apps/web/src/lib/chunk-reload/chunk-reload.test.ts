import { CHUNK_RELOAD_INTERVAL_MS } from '@livent/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_STORAGE_KEY,
  isChunkLoadError,
  mayReloadAfterChunkError,
  reloadForChunkError,
} from './chunk-reload';

describe('chunk reload throttle (spec section 4: at most once a minute)', () => {
  const now = 1_700_000_000_000;

  it('allows the first reload', () => {
    expect(mayReloadAfterChunkError(undefined, now)).toBe(true);
    expect(mayReloadAfterChunkError(Number.NaN, now)).toBe(true);
  });

  it('refuses a second reload within the interval', () => {
    expect(mayReloadAfterChunkError(now - 1, now)).toBe(false);
    expect(mayReloadAfterChunkError(now - CHUNK_RELOAD_INTERVAL_MS + 1, now)).toBe(false);
  });

  it('allows it again once the interval has passed', () => {
    expect(CHUNK_RELOAD_INTERVAL_MS).toBe(60_000);
    expect(mayReloadAfterChunkError(now - CHUNK_RELOAD_INTERVAL_MS, now)).toBe(true);
    expect(mayReloadAfterChunkError(now - 10 * CHUNK_RELOAD_INTERVAL_MS, now)).toBe(true);
  });

  it('does not stay blocked when the clock went backwards', () => {
    expect(mayReloadAfterChunkError(now + 5_000, now)).toBe(true);
  });

  it('recognises failed dynamic imports of the browsers', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Network request failed'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});

describe('a chunk that failed offline', () => {
  afterEach(() => vi.restoreAllMocks());

  it('never reloads the page: offline the reload would end in the browser error page', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    sessionStorage.removeItem(CHUNK_RELOAD_STORAGE_KEY);
    expect(reloadForChunkError()).toBe(false);
    expect(sessionStorage.getItem(CHUNK_RELOAD_STORAGE_KEY)).toBeNull();
  });
});
