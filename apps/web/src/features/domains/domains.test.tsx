import { PLAN_ALLOWANCES, type DomainsList } from '@livent/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAuthStore, setSignedIn } from '../../lib/auth/auth-store';
import { loadNamespaces } from '../../lib/i18n/i18n';
import { createQueryClient } from '../../lib/query-client';
import { renderInRouter } from '../../test/render';
import { json, testUser } from '../../test/users';
import { DomainsOverview } from './components/domains-overview';
import { testDomain } from './domains-test-data';
import { stubFetch } from '../../test/fetch-stub';

const professional = () =>
  testUser({ plan: 'professional', planAllowance: PLAN_ALLOWANCES.professional });

const list = (fields: Partial<DomainsList> = {}): DomainsList => ({
  domains: [testDomain()],
  limit: 1,
  canShare: false,
  ...fields,
});

function serve(answer: (path: string, init: RequestInit) => Response | undefined) {
  return stubFetch(answer);
}

// The app's query client, whose retry rules (no retry of a 4xx) the error state relies on.
const render = () =>
  renderInRouter(
    <QueryClientProvider client={createQueryClient()}>
      <DomainsOverview />
    </QueryClientProvider>,
    { path: '/account/domains', url: '/account/domains' },
  );

describe('custom domains screen', () => {
  beforeAll(() => loadNamespaces('domains', 'events'));
  beforeEach(() => resetAuthStore());
  afterEach(() => vi.unstubAllGlobals());

  it('shows a pending domain with its reason, usage and the records to copy', async () => {
    setSignedIn(professional(), 'token');
    serve((path) => (path === '/api/domains' ? json(200, list()) : undefined));
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render();

    const card = await screen.findByRole('article', { name: 'events.example.com' });
    expect(within(card).getByTestId('domain-status')).toHaveTextContent('Pending');
    expect(within(card).getByText(/Activation can take up to 24 hours/)).toBeInTheDocument();
    expect(
      within(card).getByText(/another account can add it once 3 days have passed/),
    ).toBeInTheDocument();
    // Sharing means nothing outside an enterprise admin's account (canShare false).
    expect(within(card).queryByRole('switch', { name: /Share/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('domain-usage')).toHaveTextContent('1 of 1 domains used');
    // The limit is reached: no add button, a notice with the way to more.
    expect(screen.queryByRole('button', { name: 'Add domain' })).not.toBeInTheDocument();
    expect(screen.getByText(/You use all 1 domains of your plan/)).toBeInTheDocument();

    const records = within(card).getByRole('table', { name: 'DNS records for events.example.com' });
    expect(within(records).getByText('livent-verify=abc123')).toBeInTheDocument();
    await userEvent.click(
      within(records).getByRole('button', {
        name: 'Copy the value of the TXT record for events.example.com',
      }),
    );
    expect(writeText).toHaveBeenCalledWith('livent-verify=abc123');
  });

  it('shows the plan notice instead of the add action on a plan without custom domains', async () => {
    setSignedIn(testUser(), 'token');
    serve((path) =>
      path === '/api/domains' ? json(200, list({ domains: [], limit: 0 })) : undefined,
    );
    render();
    expect(await screen.findByText('No custom domains yet')).toBeInTheDocument();
    expect(screen.getByText('Not available on your plan.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/account/plan',
    );
    expect(screen.queryByRole('button', { name: 'Add domain' })).not.toBeInTheDocument();
  });

  it('checks the name before sending and shows the server refusal at the field', async () => {
    setSignedIn(professional(), 'token');
    const fetch = serve((path, init) => {
      if (path === '/api/domains' && init.method === 'POST') {
        return json(409, { code: 409, message: 'Domain already taken' });
      }
      if (path === '/api/domains') return json(200, list({ domains: [], limit: 5 }));
      return undefined;
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Add domain' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a custom domain' });
    const field = within(dialog).getByRole('textbox', { name: 'Domain' });

    await userEvent.click(field);
    await userEvent.paste('https://example.com/path');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add domain' }));
    expect(
      await within(dialog).findByText(
        'Enter a domain name such as events.example.com, without https://, a path or a port.',
      ),
    ).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);

    await userEvent.clear(field);
    await userEvent.click(field);
    await userEvent.paste('Events.Example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add domain' }));
    expect(await within(dialog).findByText('Domain already taken')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ name: 'events.example.com' });
  });

  it('says to wait when checking again too often', async () => {
    setSignedIn(professional(), 'token');
    serve((path, init) => {
      if (path === '/api/domains/d1/check' && init.method === 'POST') {
        return new Response(
          JSON.stringify({ code: 429, message: 'Too many requests, please try again later.' }),
          {
            status: 429,
            headers: { 'content-type': 'application/json', 'retry-after': '42' },
          },
        );
      }
      if (path === '/api/domains') return json(200, list());
      return undefined;
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Checked too often. Please wait 42 seconds before checking again.',
    );
  });

  it('refuses a redirect that is not https and saves one that is', async () => {
    setSignedIn(professional(), 'token');
    const fetch = serve((path, init) => {
      if (path === '/api/domains/d1' && init.method === 'PATCH') {
        return json(200, testDomain({ redirectUrl: 'https://example.com/' }));
      }
      if (path === '/api/domains') return json(200, list({ canShare: true }));
      return undefined;
    });
    render();
    const field = await screen.findByRole('textbox', { name: 'Redirect URL' });
    expect(
      screen.getByRole('switch', { name: 'Share events.example.com with your enterprise' }),
    ).toHaveAccessibleDescription(
      'Events of your enterprise members can be published on this domain.',
    );
    await userEvent.click(field);
    await userEvent.paste('http://example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'Enter a full address that starts with https://, e.g. https://example.com.',
      ),
    ).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);

    await userEvent.clear(field);
    await userEvent.click(field);
    await userEvent.paste('https://example.com/');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true),
    );
    const patch = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ redirectUrl: 'https://example.com/' });
  });

  it('offers a retry when the list cannot be loaded', async () => {
    setSignedIn(professional(), 'token');
    let calls = 0;
    serve((path) => {
      if (path !== '/api/domains') return undefined;
      calls += 1;
      // A 4xx: the query client retries server errors on its own first (lib/query-client.ts).
      return calls === 1 ? json(403, { code: 403, message: 'Forbidden' }) : json(200, list());
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'events.example.com' })).toBeInTheDocument();
  });
});
