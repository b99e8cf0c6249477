// Paths of the app's own tree, so the typed Link accepts them; the screens are stand-ins.

import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Link,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../test/render';
import { useUnsavedChangesGuard } from './use-unsaved-changes-guard';

function FormPage() {
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedChangesGuard(dirty);
  return (
    <>
      <h1>Form</h1>
      <label>
        <input
          type="checkbox"
          checked={dirty}
          onChange={(event) => setDirty(event.target.checked)}
        />
        Dirty
      </label>
      <Link to="/home">Elsewhere</Link>
      {guard}
    </>
  );
}

function setup() {
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const formRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/settings',
    component: FormPage,
  });
  const otherRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/home',
    component: () => <h1>Other</h1>,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([formRoute, otherRoute]),
    history: createMemoryHistory({ initialEntries: ['/settings'] }),
  });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('useUnsavedChangesGuard (spec section 4)', () => {
  it('lets navigation through when there are no changes', async () => {
    const router = setup();
    await userEvent.click(await screen.findByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'Other' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('blocks navigation with changes and stays on Stay', async () => {
    const router = setup();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Dirty' }));
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(dialog).toHaveTextContent('You have unsaved changes. Leave this page?');
    await userEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/settings');
    expect(screen.getByRole('heading', { name: 'Form' })).toBeInTheDocument();
  });

  it('proceeds on Leave', async () => {
    const router = setup();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Dirty' }));
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Other' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });
});
