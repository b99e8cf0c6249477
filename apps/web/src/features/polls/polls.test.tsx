import type { Poll, PollResultsDetail } from '@livent/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { loadNamespaces } from '../../lib/i18n/i18n';
import { Providers } from '../../test/render';
import type { PollsApi } from './api/polls-api';
import { pollResultsQueryOptions, RESULTS_REFRESH_MS } from './api/polls-queries';
import { ControlRoomPolls } from './components/control-room-polls';
import { PollDialog, pollInputOf } from './components/poll-dialog';
import { PollResultsView } from './components/poll-results';

beforeAll(() => loadNamespaces('polls', 'forms'));

const poll = (fields: Partial<Poll> = {}): Poll => ({
  id: 'poll-1',
  kind: 'single',
  question: 'Which city next?',
  options: [
    { id: 'o1', text: 'Berlin', correct: false },
    { id: 'o2', text: 'Lisbon', correct: true },
  ],
  quiz: false,
  channelId: null,
  status: 'draft',
  resultsShown: false,
  position: 0,
  responses: 0,
  launchedAt: null,
  closedAt: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:00:00.000Z',
  ...fields,
});

const results = (fields: Partial<PollResultsDetail> = {}): PollResultsDetail => ({
  pollId: 'poll-1',
  responses: 4,
  options: [
    { id: 'o1', votes: 1 },
    { id: 'o2', votes: 3 },
  ],
  rating: null,
  correctShare: null,
  words: [],
  answers: [],
  ...fields,
});

function withProviders(ui: React.ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <Providers>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </Providers>,
  );
}

function openDialog(onSave = vi.fn().mockResolvedValue(undefined), existing?: Poll) {
  const onClose = vi.fn();
  withProviders(
    <PollDialog
      open
      poll={existing}
      channels={[{ id: 'ch-1', title: 'Deutsch' }]}
      onClose={onClose}
      onSave={onSave}
      planLink={<a href="/account/plan">See the plans</a>}
    />,
  );
  return { onSave, onClose, dialog: screen.getByRole('dialog', { name: /poll/i }) };
}

describe('the poll dialog (docs/decisions/060-control-room.md)', () => {
  it('sends a choice poll with its options, in their order, for one channel', async () => {
    const user = userEvent.setup();
    const { onSave, onClose } = openDialog();
    await user.type(screen.getByLabelText('Question'), 'Which city next?');
    await user.type(screen.getByLabelText('Option 1'), 'Berlin');
    await user.type(screen.getByLabelText('Option 2'), 'Lisbon');
    await user.click(screen.getByRole('button', { name: 'Add option' }));
    await user.type(screen.getByLabelText('Option 3'), 'Tokyo');
    await user.click(screen.getByRole('button', { name: 'Move option 3 up' }));
    await user.selectOptions(screen.getByLabelText('Shown on'), 'ch-1');
    await user.click(screen.getByRole('button', { name: 'Create poll' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave).toHaveBeenCalledWith({
      kind: 'single',
      question: 'Which city next?',
      options: [
        { text: 'Berlin', correct: false },
        { text: 'Tokyo', correct: false },
        { text: 'Lisbon', correct: false },
      ],
      quiz: false,
      channelId: 'ch-1',
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('asks for a question and for two options before it sends', async () => {
    const user = userEvent.setup();
    const { onSave } = openDialog();
    await user.click(screen.getByRole('button', { name: 'Remove option 2' }));
    await user.click(screen.getByRole('button', { name: 'Create poll' }));
    expect(await screen.findByText('Must have at least 2 entries')).toBeInTheDocument();
    expect(screen.getByLabelText('Question')).toHaveAccessibleDescription('This field is required');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('refuses a quiz without a correct option', async () => {
    const user = userEvent.setup();
    const { onSave } = openDialog();
    await user.type(screen.getByLabelText('Question'), 'Capital of Portugal?');
    await user.type(screen.getByLabelText('Option 1'), 'Porto');
    await user.type(screen.getByLabelText('Option 2'), 'Lisbon');
    await user.click(screen.getByRole('switch', { name: 'Quiz mode' }));
    await user.click(screen.getByRole('button', { name: 'Create poll' }));
    expect(await screen.findByText('Mark at least one option as correct')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();

    await user.click(screen.getAllByRole('checkbox', { name: 'Correct' })[1]!);
    await user.click(screen.getByRole('button', { name: 'Create poll' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith(
        expect.objectContaining({
          quiz: true,
          options: [
            { text: 'Porto', correct: false },
            { text: 'Lisbon', correct: true },
          ],
        }),
      ),
    );
  });

  it('sends no options for rating and text polls', () => {
    const values = {
      kind: 'rating' as const,
      question: 'How was the talk?',
      options: [{ text: 'left over', correct: true }],
      quiz: true,
      channel: '',
    };
    expect(pollInputOf(values)).toEqual({
      kind: 'rating',
      question: 'How was the talk?',
      options: [],
      quiz: false,
      channelId: null,
    });
  });

  it("shows the server's field errors at the fields", async () => {
    const user = userEvent.setup();
    const onSave = vi
      .fn()
      .mockRejectedValue(
        new ApiError(400, 'Validation failed', { question: 'validation.maxLength?max=300' }),
      );
    openDialog(onSave);
    await user.type(screen.getByLabelText('Question'), 'Long?');
    await user.type(screen.getByLabelText('Option 1'), 'Yes');
    await user.type(screen.getByLabelText('Option 2'), 'No');
    await user.click(screen.getByRole('button', { name: 'Create poll' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Question')).toHaveAccessibleDescription(
        'Must not exceed 300 characters',
      ),
    );
  });

  it("shows a quiz refused by the plan at quiz mode, with the plan's link", async () => {
    const user = userEvent.setup();
    openDialog(
      vi
        .fn()
        .mockRejectedValue(
          new ApiError(400, 'Feature not available on your plan', { quiz: 'validation.planQuiz' }),
        ),
    );
    await user.type(screen.getByLabelText('Question'), 'Capital?');
    await user.type(screen.getByLabelText('Option 1'), 'Lisbon');
    await user.type(screen.getByLabelText('Option 2'), 'Porto');
    await user.click(screen.getByRole('switch', { name: 'Quiz mode' }));
    await user.click(screen.getAllByRole('checkbox', { name: 'Correct' })[0]!);
    await user.click(screen.getByRole('button', { name: 'Create poll' }));
    const alert = await screen.findByText(/Quiz mode needs the Professional plan or higher/);
    expect(within(alert).getByRole('link', { name: 'See the plans' })).toBeInTheDocument();
  });

  it("shows the free plan's poll limit above the form, with the plan's link", async () => {
    const user = userEvent.setup();
    openDialog(
      vi.fn().mockRejectedValue(
        new ApiError(400, 'Feature not available on your plan', {
          polls: 'validation.planPolls?max=3',
        }),
      ),
    );
    await user.selectOptions(screen.getByLabelText('Kind'), 'rating');
    await user.type(screen.getByLabelText('Question'), 'Fourth?');
    await user.click(screen.getByRole('button', { name: 'Create poll' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The free plan allows 3 polls per event: upgrade to Professional for more',
    );
    expect(within(alert).getByRole('link', { name: 'See the plans' })).toBeInTheDocument();
  });

  it('starts from the draft it edits', () => {
    openDialog(undefined, poll({ quiz: true }));
    expect(screen.getByLabelText('Question')).toHaveValue('Which city next?');
    expect(screen.getByLabelText('Option 2')).toHaveValue('Lisbon');
    expect(screen.getAllByRole('checkbox', { name: 'Correct' })[1]).toBeChecked();
  });
});

describe('the results view', () => {
  it('draws a bar per option with its votes and share, and marks a quiz’s correct ones', () => {
    withProviders(
      <PollResultsView
        poll={poll({ quiz: true, status: 'closed' })}
        results={results({ correctShare: 0.75 })}
      />,
    );
    expect(screen.getByText('4 responses')).toBeInTheDocument();
    const lisbon = screen.getByText('Lisbon').closest('li')!;
    expect(lisbon).toHaveTextContent('3 votes · 75%');
    expect(within(lisbon).getByTitle('Correct answer')).toBeInTheDocument();
    const berlin = screen.getByText('Berlin').closest('li')!;
    expect(berlin).toHaveTextContent('1 vote · 25%');
    expect(within(berlin).queryByTitle('Correct answer')).toBeNull();
    expect(screen.getByText('75% answered correctly')).toBeInTheDocument();
  });

  it("shows a rating's average and the count of each star", () => {
    withProviders(
      <PollResultsView
        poll={poll({ kind: 'rating', options: [] })}
        results={results({ options: [], rating: { average: 4.25, counts: [0, 0, 1, 1, 2] } })}
      />,
    );
    expect(screen.getByText('4.3 / 5')).toBeInTheDocument();
    expect(screen.getByText('5 stars').closest('li')).toHaveTextContent('2 votes · 50%');
    expect(screen.getByText('1 stars').closest('li')).toHaveTextContent('0 votes · 0%');
  });

  it('lists open answers, waiting first, to approve or reject, and the word cloud', async () => {
    const user = userEvent.setup();
    const onModerate = vi.fn();
    withProviders(
      <PollResultsView
        poll={poll({ kind: 'text', options: [] })}
        results={results({
          options: [],
          words: [
            { word: 'coffee', count: 3 },
            { word: 'tea', count: 1 },
          ],
          answers: [
            {
              id: 'a1',
              text: 'More coffee',
              status: 'approved',
              createdAt: '2026-11-28T10:00:00Z',
            },
            { id: 'a2', text: 'Tea please', status: 'pending', createdAt: '2026-11-28T10:01:00Z' },
          ],
        })}
        onModerate={onModerate}
      />,
    );
    const cloud = screen.getByRole('list', { name: 'Word cloud of the approved answers' });
    expect(
      within(cloud)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['coffee', 'tea']);
    const answers = screen.getByText('2 answers').nextElementSibling!;
    expect(within(answers as HTMLElement).getAllByRole('listitem')[0]).toHaveTextContent(
      'Tea please',
    );
    expect(screen.getByRole('button', { name: 'Approve “More coffee”' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Approve “Tea please”' }));
    expect(onModerate).toHaveBeenCalledWith(expect.objectContaining({ id: 'a2' }), 'approved');
  });
});

/** A polls API whose calls are spies over an in-memory list. */
function fakeApi(polls: Poll[], kind: PollsApi['kind'] = 'organiser'): PollsApi {
  return {
    kind,
    eventId: 'event-1',
    queryKey: ['test-polls', kind],
    list: vi.fn(async () => polls),
    create: vi.fn(),
    update: vi.fn(async (_id, patch) => ({ ...polls[0]!, ...patch }) as Poll),
    remove: vi.fn(),
    reorder: vi.fn(),
    launch: vi.fn(async () => ({ ...polls[0]!, status: 'live' as const })),
    close: vi.fn(),
    results: vi.fn(async (pollId: string) => results({ pollId })),
    moderate: vi.fn(),
    ...(kind === 'organiser' ? { downloadCsv: vi.fn(async () => undefined) } : {}),
  };
}

describe('the control room polls', () => {
  it('invites to prepare a poll while there is none', async () => {
    withProviders(<ControlRoomPolls api={fakeApi([])} channels={[]} />);
    expect(await screen.findByText(/No polls yet — prepare one before the event/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'New poll' })).toBeVisible();
  });

  it('launches a draft and shows the results of the live poll', async () => {
    const user = userEvent.setup();
    const api = fakeApi([poll(), poll({ id: 'poll-2', question: 'Live one?', status: 'live' })]);
    withProviders(<ControlRoomPolls api={api} channels={[]} />);
    await user.click(await screen.findByRole('button', { name: 'Launch “Which city next?”' }));
    expect(api.launch).toHaveBeenCalledWith('poll-1');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(api.downloadCsv).toHaveBeenCalled();
  });

  it('follows the live poll, lets another be chosen, and hides what guests may not do', async () => {
    const user = userEvent.setup();
    const api = fakeApi(
      [poll(), poll({ id: 'poll-2', question: 'Live one?', status: 'live' })],
      'guest',
    );
    withProviders(<ControlRoomPolls api={api} channels={[]} />);
    const results = await screen.findByRole('region', { name: 'Results' });
    expect(await within(results).findByText('Live one?')).toBeVisible();
    await waitFor(() => expect(api.results).toHaveBeenCalledWith('poll-2', expect.anything()));
    await user.click(
      screen.getByRole('button', { name: 'Show the results of “Which city next?”' }),
    );
    await waitFor(() => expect(api.results).toHaveBeenCalledWith('poll-1', expect.anything()));
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
  });

  it('asks before deleting and switches results on for viewers', async () => {
    const user = userEvent.setup();
    const api = fakeApi([poll({ status: 'closed' })]);
    withProviders(<ControlRoomPolls api={api} channels={[]} />);
    await user.click(
      await screen.findByRole('switch', {
        name: 'Show the results of “Which city next?” to viewers',
      }),
    );
    expect(api.update).toHaveBeenCalledWith('poll-1', { resultsShown: true });
    await user.click(screen.getByRole('button', { name: 'Delete “Which city next?”' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete poll?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete poll' }));
    expect(api.remove).toHaveBeenCalledWith('poll-1');
  });

  it('reads a live poll’s results again every 1.5 s, a closed one’s not', () => {
    const api = fakeApi([]);
    expect(pollResultsQueryOptions(api, 'p', true).refetchInterval).toBe(RESULTS_REFRESH_MS);
    expect(RESULTS_REFRESH_MS).toBe(1500);
    expect(pollResultsQueryOptions(api, 'p', false).refetchInterval).toBe(false);
  });
});
