import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { pageNotFound } from '../../lib/router/not-found';
import { renderInRouter } from '../../test/render';
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
