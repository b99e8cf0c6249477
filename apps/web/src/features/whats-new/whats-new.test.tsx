import type { ChangelogEntry } from '@livent/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAuthState, resetAuthStore, setSignedIn } from '../../lib/auth/auth-store';
import { renderInRouter } from '../../test/render';
import { json, testUser } from '../../test/users';
import { WhatsNewDialog } from './components/whats-new-dialog';
import { hasNews, newestDate, newsSince } from './whats-new';
import { stubFetch } from '../../test/fetch-stub';

const ENTRIES: ChangelogEntry[] = [
  { date: '2026-11-22', text: 'Feedback' },
  { date: '2026-11-22', text: 'Settings' },
  { date: '2026-10-01', text: 'Sessions' },
  { date: '2026-09-15', text: 'Welcome' },
];

describe("what's new (spec section 2)", () => {
  it('opens when the newest entry is later than what the user has seen', () => {
    expect(newestDate(ENTRIES)).toBe('2026-11-22');
    expect(newestDate([...ENTRIES].reverse())).toBe('2026-11-22');
    // Never seen any version (a new account): no "since your last visit".
    expect(hasNews(ENTRIES, null)).toBe(false);
    expect(hasNews(ENTRIES, '2026-10-01')).toBe(true);
    expect(hasNews(ENTRIES, '2026-11-22')).toBe(false);
    expect(hasNews(ENTRIES, '2027-01-01')).toBe(false);
    expect(hasNews([], null)).toBe(false);
  });

  it('lists the entries since the seen date, newest first, grouped by date', () => {
    expect(newsSince(ENTRIES, '2026-09-15')).toEqual([
      { date: '2026-11-22', texts: ['Feedback', 'Settings'] },
      { date: '2026-10-01', texts: ['Sessions'] },
    ]);
    expect(newsSince(ENTRIES, null).map((group) => group.date)).toEqual([
      '2026-11-22',
      '2026-10-01',
      '2026-09-15',
    ]);
    expect(newsSince(ENTRIES, '2026-11-22')).toEqual([]);
  });
});

describe("what's-new dialog", () => {
  beforeEach(() => resetAuthStore());
  afterEach(() => vi.unstubAllGlobals());

  function serve(seen: string | null) {
    setSignedIn(testUser({ settings: { ...testUser().settings, whatsnewSeen: seen } }), 'token');
    return stubFetch((path, init) => {
      if (path.startsWith('/api/changelog')) return json(200, ENTRIES);
      if (path === '/api/settings') {
        const patch = JSON.parse(String(init.body)) as object;
        return json(200, { ...testUser().settings, ...patch });
      }
      return undefined;
    });
  }

  it('shows the news since the seen date and marks the newest seen when confirmed', async () => {
    const fetch = serve('2026-09-15');
    renderInRouter(<WhatsNewDialog />);
    const dialog = await screen.findByRole('dialog', { name: "What's new in Livent" });
    expect(dialog).toHaveTextContent('November 22, 2026');
    expect(dialog).toHaveTextContent('Sessions');
    expect(dialog).not.toHaveTextContent('Welcome');
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/changelog?language=en');
    await userEvent.click(screen.getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const patch = fetch.mock.calls.find(([path]) => path === '/api/settings');
    expect(patch?.[1]).toMatchObject({ method: 'PATCH', body: '{"whatsnewSeen":"2026-11-22"}' });
    await waitFor(() => expect(getAuthState().user?.settings.whatsnewSeen).toBe('2026-11-22'));
  });

  it('cancelling marks it seen as well', async () => {
    const fetch = serve('2026-10-01');
    renderInRouter(<WhatsNewDialog />);
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetch.mock.calls.some(([path]) => path === '/api/settings')).toBe(true);
  });

  it('stays closed for a new account and starts it from the newest entry', async () => {
    const fetch = serve(null);
    renderInRouter(<WhatsNewDialog />);
    await waitFor(() => expect(getAuthState().user?.settings.whatsnewSeen).toBe('2026-11-22'));
    const patch = fetch.mock.calls.find(([path]) => path === '/api/settings');
    expect(patch?.[1]).toMatchObject({ method: 'PATCH', body: '{"whatsnewSeen":"2026-11-22"}' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays closed when everything was seen', async () => {
    const fetch = serve('2026-11-22');
    renderInRouter(<WhatsNewDialog />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
