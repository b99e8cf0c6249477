import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppRouter } from '../../router';
import { stubFetch } from '../../test/fetch-stub';
import { Providers } from '../../test/render';
import { json } from '../../test/users';
import { resetAuthStore, setSignedOut } from '../auth/auth-store';

/** The whole dashboard opened at `url`, signed out. */
function open(url: string) {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [url] }) });
  render(
    <Providers>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </Providers>,
  );
  return router;
}

const NOT_FOUND = { name: 'This page could not be found' };

describe('strict paths (spec section 2: "All paths are strict")', () => {
  beforeEach(() => {
    stubFetch(() => json(401));
    setSignedOut();
  });
  afterEach(() => {
    resetAuthStore();
    vi.unstubAllGlobals();
  });

  it.each(['/events/', '/login/', '/account/profile/'])('%s is no screen', async (url) => {
    const router = open(url);
    expect(await screen.findByRole('heading', NOT_FOUND, { timeout: 4000 })).toBeInTheDocument();
    // Neither redirected to the login nor rewritten to the path without the slash.
    expect(router.state.location.pathname).toBe(url);
  });

  it('opens the path without the slash', async () => {
    const router = open('/login');
    expect(
      await screen.findByRole('button', { name: 'Show password' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', NOT_FOUND)).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});
