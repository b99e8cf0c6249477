import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../test/render';
import { OfflineIndicator } from './offline-indicator';

describe('offline indicator (spec section 4)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('appears only while the browser is offline', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(
      <Providers>
        <OfflineIndicator />
      </Providers>,
    );
    expect(screen.queryByText('Offline')).not.toBeInTheDocument();

    onLine.mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByText('Offline')).toBeInTheDocument();

    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByText('Offline')).not.toBeInTheDocument();
  });
});
