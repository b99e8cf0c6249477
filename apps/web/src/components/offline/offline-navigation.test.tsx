import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Link,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../test/render';
import { holdNavigationWhileOffline } from '../../lib/router/offline-navigation';
import { OfflineNavigationNotice } from './offline-navigation';

function FormPage() {
  const [text, setText] = useState('');
  return (
    <>
      <h1>Form</h1>
      <label>
        Title
        <input value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      <Link to="/home">Elsewhere</Link>
    </>
  );
}

let uninstall = () => {};

function setup() {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <OfflineNavigationNotice />
      </>
    ),
  });
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
  uninstall = holdNavigationWhileOffline(router);
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

function goOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

describe('navigation while offline (spec section 4)', () => {
  afterEach(() => {
    uninstall();
    vi.restoreAllMocks();
  });

  it('keeps the screen and its work, says so, and navigates once online', async () => {
    const router = setup();
    await userEvent.type(await screen.findByLabelText('Title'), 'Unsaved');
    goOnline(false);
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByTestId('offline-navigation')).toHaveTextContent(
      'You are offline. The page opens once the connection is back',
    );
    expect(router.state.location.pathname).toBe('/settings');
    expect(screen.getByLabelText('Title')).toHaveValue('Unsaved');

    goOnline(true);
    expect(await screen.findByRole('heading', { name: 'Other' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    expect(screen.queryByTestId('offline-navigation')).not.toBeInTheDocument();
  });

  it('stays for good on "Stay here"', async () => {
    const router = setup();
    goOnline(false);
    await userEvent.click(await screen.findByRole('link', { name: 'Elsewhere' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Stay here' }));
    await waitFor(() => expect(screen.queryByTestId('offline-navigation')).not.toBeInTheDocument());
    goOnline(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/settings');
  });

  it('lets navigation through while online', async () => {
    const router = setup();
    await userEvent.click(await screen.findByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'Other' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });
});
