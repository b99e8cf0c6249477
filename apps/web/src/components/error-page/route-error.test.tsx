import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { orEventUnavailable } from '../../lib/events/event-settings';
import { eventUnavailable, pageNotFound } from '../../lib/router/not-found';
import { Providers, renderInRouter } from '../../test/render';
import { RouteError, RouteNotFound, statusOf } from './route-error';

describe('error page (spec section 2, "Error page")', () => {
  it('says "You are lost" for something a route reports missing', async () => {
    renderInRouter(<RouteNotFound data={pageNotFound().data} isNotFound routeId="__root__" />);
    expect(
      await screen.findByRole('heading', { name: "You are lost. This page doesn't exist." }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/');
  });

  it('says "This page could not be found" for an unknown address', async () => {
    renderInRouter(<RouteNotFound data={undefined} isNotFound routeId="__root__" />);
    expect(
      await screen.findByRole('heading', { name: 'This page could not be found' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Error 404')).toBeInTheDocument();
  });

  it('shows the generic error with its status, reload advice and a reload button', async () => {
    renderInRouter(
      <RouteError error={new ApiError(503, 'Service unavailable')} reset={() => {}} />,
    );
    expect(
      await screen.findByRole('heading', { name: 'Sorry. Something went wrong.' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Error 503')).toBeInTheDocument();
    expect(screen.getByText(/Reloading the page usually fixes this/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home' })).toBeInTheDocument();
  });

  it('uses the status of the error, or 500', () => {
    expect(statusOf(new ApiError(404, 'Not found'))).toBe(404);
    expect(statusOf({ statusCode: 502 })).toBe(502);
    expect(statusOf(new Error('boom'))).toBe(500);
    expect(statusOf({ code: 'ECONNRESET' })).toBe(500);
  });
});

describe('an event this account cannot open', () => {
  /** Opens a route whose loader gets `error` from the event API. */
  async function openEventAnswering(error: ApiError) {
    const rootRoute = createRootRoute({ component: () => <Outlet /> });
    const eventRoute = createRoute({
      getParentRoute: () => rootRoute,
      path: '/events/$eventid',
      loader: () => orEventUnavailable(Promise.reject(error)),
      component: () => <h1>Event</h1>,
      notFoundComponent: RouteNotFound,
    });
    const router = createRouter({
      routeTree: rootRoute.addChildren([eventRoute]),
      history: createMemoryHistory({ initialEntries: ['/events/e1'] }),
    });
    const { unmount } = render(
      <Providers>
        <RouterProvider router={router as never} />
      </Providers>,
    );
    const heading = await screen.findByRole('heading', { level: 1 });
    const page = {
      heading: heading.textContent,
      text: screen.getByTestId('error-page').textContent,
    };
    unmount();
    return page;
  }

  it('says it is not available to this account, in the same words for 404 and 403', async () => {
    const missing = await openEventAnswering(new ApiError(404, 'Not found'));
    expect(missing.heading).toBe('This event is not available to this account');
    expect(missing.text).toContain('not (or no longer) shared with you');
    expect(missing.text).not.toContain('You are lost');
    const forbidden = await openEventAnswering(new ApiError(403, 'Forbidden'));
    expect(forbidden).toEqual(missing);
  });

  it('offers the way home and another account', async () => {
    renderInRouter(<RouteNotFound data={eventUnavailable().data} isNotFound routeId="__root__" />);
    expect(await screen.findByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Sign in with another account' })).toHaveAttribute(
      'href',
      '/logout',
    );
  });
});
