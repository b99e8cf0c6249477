import type { InboxMessage, MessageChange, MessagesPage } from '@livent/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { loadNamespaces } from '../../lib/i18n/i18n';
import { createQueryClient } from '../../lib/query-client';
import { renderInRouter } from '../../test/render';
import { stubFetch } from '../../test/fetch-stub';
import { json } from '../../test/users';
import type { InboxApi, InboxQuery } from './api/inbox-api';
import { applyChange, listQueryKey, matchesQuery } from './api/inbox-cache';
import { Inbox } from './components/inbox';
import { NewestQuestions } from './components/newest-questions';

function message(overrides: Partial<InboxMessage> = {}): InboxMessage {
  return {
    id: 'm1',
    kind: 'viewer',
    channelId: null,
    authorName: '',
    text: 'Will the demos be recorded?',
    status: 'new',
    read: false,
    answer: null,
    answerPublic: true,
    answeredAt: null,
    answeredBy: null,
    votes: 0,
    pinned: false,
    createdAt: new Date(Date.now() - 3 * 60_000).toISOString(),
    updatedAt: new Date().toISOString(),
    ...overrides,
  };
}

const page = (results: InboxMessage[], unreadCount = 0): MessagesPage => ({
  results,
  page: 1,
  pageSize: 25,
  total: results.length,
  unreadCount,
});

/** A live stream the test writes Server-Sent Events into. */
function liveStream() {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let seq = 0;
  const body = new ReadableStream<Uint8Array>({
    start: (started) => {
      controller = started;
    },
  });
  return {
    response: () =>
      new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    reset: () => {
      seq += 1;
      controller?.enqueue(encoder.encode(`id: ${seq}\nevent: reset\ndata: {}\n\n`));
    },
    send: (change: MessageChange) => {
      seq += 1;
      controller?.enqueue(
        encoder.encode(`id: ${seq}\nevent: message\ndata: ${JSON.stringify(change)}\n\n`),
      );
    },
  };
}

/** An inbox api whose calls the test sees and answers. */
function fakeApi(
  results: InboxMessage[],
  kind: InboxApi['kind'] = 'organiser',
): InboxApi & { live: ReturnType<typeof liveStream> } {
  const live = liveStream();
  const byId = new Map(results.map((item) => [item.id, item]));
  const api = {
    kind,
    eventId: 'e1',
    queryKey: ['test-inbox', kind],
    streamPath: '/api/test/stream',
    live,
    list: vi.fn(async () => page([...byId.values()], results.filter((m) => !m.read).length)),
    patch: vi.fn(async (id: string, patch: object) => {
      const next = { ...byId.get(id)!, ...patch } as InboxMessage;
      if ('answer' in patch && patch.answer && next.status === 'new') next.status = 'answered';
      byId.set(id, next);
      return next;
    }),
    openStream: vi.fn(async () => live.response()),
  };
  if (kind === 'guest') return api as never;
  return {
    ...api,
    detail: vi.fn(async (id: string) => ({ ...byId.get(id)!, history: [] })),
    remove: vi.fn(async () => undefined),
    createInternal: vi.fn(async (text: string) =>
      message({ id: 'note', kind: 'internal', text, read: true, authorName: 'Ada Lovelace' }),
    ),
    exportCsv: vi.fn(async () => ({ blob: new Blob(['a;b']), filename: 'messages.csv' })),
  };
}

/** Rendered with the app's query defaults (a 4xx is not retried). */
function renderInbox(api: InboxApi, props: Partial<Parameters<typeof Inbox>[0]> = {}) {
  return renderInRouter(
    <QueryClientProvider client={createQueryClient()}>
      <Inbox api={api} mode="qa" channels={[{ id: 'c1', title: 'Berlin stage' }]} {...props} />
    </QueryClientProvider>,
  );
}

const rows = () => screen.getAllByTestId('message-row');

beforeAll(() => loadNamespaces('messages', 'forms'));
afterEach(() => vi.useRealTimers());

describe('the inbox list (ADR 025)', () => {
  it('shows messages with unread marks, translated states, channel, votes and pin', async () => {
    const api = fakeApi([
      message({ id: 'a', text: 'First', authorName: 'Maria', channelId: 'c1', votes: 3 }),
      message({ id: 'b', text: 'Second', read: true, status: 'approved', pinned: true }),
    ]);
    renderInbox(api);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [first, second] = rows();
    expect(first).toHaveTextContent('Unread');
    expect(first).toHaveTextContent('Maria');
    expect(first).toHaveTextContent('Berlin stage');
    expect(first).toHaveTextContent('3 votes');
    expect(first).toHaveTextContent('3 minutes ago');
    expect(within(first!).getByText('New')).toBeInTheDocument();
    expect(second).not.toHaveTextContent('Unread');
    expect(second).toHaveTextContent('Anonymous');
    expect(within(second!).getByText('Approved')).toBeInTheDocument();
    expect(within(second!).getByText('Pinned')).toBeInTheDocument();
    expect(screen.getByTestId('inbox-summary')).toHaveTextContent('2 messages · 1 unread');
    expect(screen.getByTestId('filter-kind')).toBeInTheDocument();
    expect(api.list).toHaveBeenCalledWith(
      { sort: 'newest', page: 1, pageSize: 25 },
      expect.anything(),
    );
  });

  it('says when the message tool is off, with the way to turn it on', async () => {
    renderInbox(fakeApi([]), {
      messagesEnabled: false,
      settingsLink: <a href="/events/e1/interaction">Open interaction tools</a>,
    });
    expect(await screen.findByRole('heading', { name: 'No messages yet' })).toBeInTheDocument();
    expect(screen.getByText(/The message tool is off/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open interaction tools' })).toBeInTheDocument();
  });

  it('filters and searches through the list query; no match offers to clear', async () => {
    const user = userEvent.setup();
    const api = fakeApi([message()]);
    renderInbox(api);
    await waitFor(() => expect(rows()).toHaveLength(1));
    vi.mocked(api.list).mockResolvedValue(page([]));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Declined' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search messages' }), 'slides');
    await waitFor(() =>
      expect(api.list).toHaveBeenLastCalledWith(
        { sort: 'newest', status: 'declined', q: 'slides', page: 1, pageSize: 25 },
        expect.anything(),
      ),
    );
    expect(await screen.findByRole('heading', { name: 'No messages match' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    // The unfiltered list again, from the cache.
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByRole('searchbox', { name: 'Search messages' })).toHaveValue('');
  });
});

describe('moderating a message', () => {
  it('reads it on opening, approves with an undo, and answers publicly', async () => {
    const user = userEvent.setup();
    const api = fakeApi([message()]);
    renderInbox(api);
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(within(rows()[0]!).getByRole('button'));
    const detail = await screen.findByTestId('message-detail');
    await waitFor(() => expect(api.patch).toHaveBeenCalledWith('m1', { read: true }));
    await waitFor(() => expect(rows()[0]).not.toHaveTextContent('Unread'));

    await user.click(within(detail).getByRole('button', { name: 'Approve' }));
    expect(api.patch).toHaveBeenLastCalledWith('m1', { status: 'approved' });
    const undo = await screen.findByRole('alert');
    expect(undo).toHaveTextContent('Approved');
    await waitFor(() => expect(within(rows()[0]!).getByText('Approved')).toBeInTheDocument());
    // Allowed steps only: from approved, "Approve" is gone and "Back to new" is there.
    expect(within(detail).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    await user.click(within(undo).getByRole('button', { name: 'Undo' }));
    expect(api.patch).toHaveBeenLastCalledWith('m1', { status: 'new' });
    await waitFor(() => expect(within(rows()[0]!).getByText('New')).toBeInTheDocument());

    await user.click(within(detail).getByRole('button', { name: 'Write an answer' }));
    await user.type(within(detail).getByLabelText('Answer'), 'Yes, all of them.');
    expect(within(detail).getByRole('switch')).toBeChecked();
    await user.click(within(detail).getByRole('button', { name: 'Save answer' }));
    await waitFor(() =>
      expect(api.patch).toHaveBeenLastCalledWith('m1', {
        answer: 'Yes, all of them.',
        answerPublic: true,
      }),
    );
    expect(await within(detail).findByTestId('message-answer')).toHaveTextContent('Public answer');
    expect(within(rows()[0]!).getByText('Answered')).toBeInTheDocument();
  });

  it('answers an approved question on the page by default; the switch says what each state does', async () => {
    const user = userEvent.setup();
    const api = fakeApi([message({ status: 'approved', answerPublic: false, read: true })]);
    renderInbox(api);
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(within(rows()[0]!).getByRole('button'));
    const detail = await screen.findByTestId('message-detail');
    await user.click(within(detail).getByRole('button', { name: 'Write an answer' }));
    const visibility = within(detail).getByRole('switch');
    expect(visibility).toBeChecked();
    expect(within(detail).getByText('Answer shown on the page')).toBeInTheDocument();
    await user.click(visibility);
    expect(
      within(detail).getByText('Answer visible only to the organisers and the person who asked'),
    ).toBeInTheDocument();
    await user.click(visibility);
    await user.type(within(detail).getByLabelText('Answer'), 'At nine.');
    await user.click(within(detail).getByRole('button', { name: 'Save answer' }));
    await waitFor(() =>
      expect(api.patch).toHaveBeenLastCalledWith('m1', { answer: 'At nine.', answerPublic: true }),
    );
  });

  it('offers the pin for questions the page can show, and only the unpin for one put aside', async () => {
    const user = userEvent.setup();
    const api = fakeApi([
      message({ id: 'a', text: 'Approved one', status: 'approved', read: true }),
      message({ id: 'd', text: 'Declined one', status: 'declined', read: true }),
      message({ id: 'p', text: 'Archived pinned', status: 'archived', read: true, pinned: true }),
    ]);
    renderInbox(api);
    await waitFor(() => expect(rows()).toHaveLength(3));
    const open = async (text: string) => {
      const row = rows().find((candidate) => candidate.textContent?.includes(text));
      await user.click(within(row!).getByRole('button'));
      return screen.findByTestId('message-detail');
    };
    expect(within(await open('Approved one')).getByRole('button', { name: 'Pin' })).toBeVisible();
    const declined = await open('Declined one');
    await waitFor(() => expect(declined).toHaveTextContent('Declined one'));
    expect(within(declined).queryByRole('button', { name: 'Pin' })).not.toBeInTheDocument();
    const archived = await open('Archived pinned');
    await waitFor(() => expect(archived).toHaveTextContent('Archived pinned'));
    await user.click(within(archived).getByRole('button', { name: 'Unpin' }));
    expect(api.patch).toHaveBeenLastCalledWith('p', { pinned: false });
  });

  it('deletes only after confirmation', async () => {
    const user = userEvent.setup();
    const api = fakeApi([message({ read: true })]);
    renderInbox(api);
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(within(rows()[0]!).getByRole('button'));
    await user.click(await screen.findByRole('button', { name: 'Delete message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this message?' });
    expect(api.remove).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Delete message' }));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith('m1'));
    await waitFor(() => expect(screen.queryAllByTestId('message-row')).toHaveLength(0));
  });

  it('adds a note to organisers on top of the list', async () => {
    const user = userEvent.setup();
    const api = fakeApi([message({ read: true })]);
    renderInbox(api);
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Note to organisers' }));
    await user.type(
      screen.getByLabelText('Note to organisers'),
      'Priya takes the audio questions.',
    );
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(api.createInternal).toHaveBeenCalledWith('Priya takes the audio questions.');
    expect(rows()[0]).toHaveTextContent('Internal note');
  });
});

describe('live updates', () => {
  it('puts a new message on top as the stream reports it, and applies changes', async () => {
    const api = fakeApi([message({ id: 'old', text: 'Older', read: true })]);
    renderInbox(api);
    await waitFor(() => expect(rows()).toHaveLength(1));
    await waitFor(() => expect(api.openStream).toHaveBeenCalled());
    api.live.send({ change: 'created', message: message({ id: 'new', text: 'Fresh question' }) });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]).toHaveTextContent('Fresh question');
    expect(screen.getByTestId('inbox-summary')).toHaveTextContent('2 messages · 1 unread');
    api.live.send({
      change: 'changed',
      message: message({ id: 'old', text: 'Older', read: true, status: 'declined' }),
    });
    await waitFor(() => expect(within(rows()[1]!).getByText('Declined')).toBeInTheDocument());
    api.live.send({ change: 'deleted', id: 'new' });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(api.list).toHaveBeenCalledTimes(1);
  });
});

describe('the guest inbox', () => {
  it('has no delete, notes, export or kind filter', async () => {
    const user = userEvent.setup();
    const api = fakeApi([message({ read: true })], 'guest');
    renderInbox(api, { channels: undefined });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Note to organisers' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('filter-kind')).not.toBeInTheDocument();
    await user.click(within(rows()[0]!).getByRole('button'));
    const detail = await screen.findByTestId('message-detail');
    expect(within(detail).queryByRole('button', { name: 'Delete message' })).toBeNull();
    expect(within(detail).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
  });
});

describe('a guest link renewed while the inbox is open', () => {
  it('ends the inbox with "Token expired" when the list reloads', async () => {
    const api = fakeApi([message({ read: true })], 'guest');
    renderInbox(api, { channels: undefined });
    await waitFor(() => expect(rows()).toHaveLength(1));
    await waitFor(() => expect(api.openStream).toHaveBeenCalled());
    vi.mocked(api.list).mockRejectedValue(new ApiError(404, 'Token expired'));
    api.live.reset();
    await waitFor(() => expect(api.list).toHaveBeenCalledTimes(2));
    expect(
      await screen.findByText('Token expired: this link is no longer valid.'),
    ).toBeInTheDocument();
    expect(screen.queryAllByTestId('message-row')).toHaveLength(0);
  });
});

describe('merging changes into cached lists', () => {
  it('matches filters as the server does', () => {
    const item = message({ channelId: 'c1', authorName: 'Maria', answer: 'Yes' });
    expect(matchesQuery(item, {})).toBe(true);
    expect(matchesQuery(item, { status: 'new', unread: 'true', answered: 'true' })).toBe(true);
    expect(matchesQuery(item, { status: 'approved' })).toBe(false);
    expect(matchesQuery(item, { unread: 'false' })).toBe(false);
    expect(matchesQuery(item, { answered: 'false' })).toBe(false);
    expect(matchesQuery(item, { channel: 'c1' })).toBe(true);
    expect(matchesQuery(item, { channel: 'main' })).toBe(false);
    expect(matchesQuery(message(), { channel: 'main' })).toBe(true);
    expect(matchesQuery(item, { kind: 'internal' })).toBe(false);
    expect(matchesQuery(item, { q: 'maria' })).toBe(true);
    expect(matchesQuery(item, { q: 'slides' })).toBe(false);
  });

  it('adds a new message only to first pages it belongs on; other orders reload', () => {
    const queryClient = new QueryClient();
    const api = fakeApi([]);
    const set = (query: InboxQuery) =>
      queryClient.setQueryData(listQueryKey(api, query), page([message({ id: 'x', read: true })]));
    const newest: InboxQuery = { sort: 'newest', page: 1, pageSize: 25 };
    const declined: InboxQuery = { ...newest, status: 'declined' };
    const votes: InboxQuery = { ...newest, sort: 'votes' };
    set(newest);
    set(declined);
    set(votes);
    applyChange(queryClient, api, { change: 'created', message: message({ id: 'y' }) });
    const data = (query: InboxQuery) =>
      queryClient.getQueryData<MessagesPage>(listQueryKey(api, query));
    expect(data(newest)?.results.map((item) => item.id)).toEqual(['y', 'x']);
    expect(data(newest)).toMatchObject({ total: 2, unreadCount: 1 });
    expect(data(declined)?.results.map((item) => item.id)).toEqual(['x']);
    expect(data(declined)?.unreadCount).toBe(1);
    expect(queryClient.getQueryState(listQueryKey(api, votes))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(listQueryKey(api, newest))?.isInvalidated).toBe(false);
  });
});

describe("the control room's newest questions (ADR 060)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists the viewers' five newest questions with a link to the inbox", async () => {
    const fetch = stubFetch((path) =>
      path.startsWith('/api/events/e1/messages?')
        ? json(
            200,
            page([message({ id: 'm1', text: 'Will slides be shared?', authorName: 'Ana' })]),
          )
        : undefined,
    );
    renderInRouter(
      <QueryClientProvider client={createQueryClient()}>
        <NewestQuestions eventId="e1" />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Will slides be shared?')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open inbox' })).toHaveAttribute(
      'href',
      '/events/e1/messages',
    );
    expect(String(fetch.mock.calls[0]![0])).toBe(
      '/api/events/e1/messages?pageSize=5&sort=newest&kind=viewer',
    );
  });
});
