import type { Poll } from '@livent/shared';
import AddRounded from '@mui/icons-material/AddRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import PollOutlined from '@mui/icons-material/PollOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { FormAlert } from '../../../components/forms/form-alert';
import { EmptyState } from '../../../components/page/empty-state';
import { SectionCard } from '../../../components/page/section-card';
import { SectionLoading } from '../../../components/page/section-loading';
import { translateMessage } from '../../../lib/forms/messages';
import { failureMessage } from '../../../lib/forms/report-error';
import type { PollsApi } from '../api/polls-api';
import {
  pollResultsQueryOptions,
  pollsQueryOptions,
  usePollAction,
  type PollAction,
} from '../api/polls-queries';
import { isPlanMessage, PollDialog, type PollSubmission } from './poll-dialog';
import { PollList, type PollListAction } from './poll-list';
import { PollResultsView } from './poll-results';

/** The dialog's state: closed, a new poll, or the draft being edited. */
type Editing = { poll?: Poll } | undefined;

/** The results of the chosen poll, read again every 1.5 s while it is live and the tab visible. */
function ResultsSection({ api, poll }: { api: PollsApi; poll: Poll | undefined }) {
  const { t } = useTranslation('polls');
  const action = usePollAction(api);
  const results = useQuery({
    ...pollResultsQueryOptions(api, poll?.id ?? '', poll?.status === 'live'),
    enabled: poll !== undefined,
  });
  return (
    <SectionCard title={t('results.title')} description={poll ? poll.question : t('results.none')}>
      {poll &&
        (results.isError && !results.data ? (
          <FormAlert>{t('results.loadFailed')}</FormAlert>
        ) : !results.data || results.data.pollId !== poll.id ? (
          <SectionLoading label={t('results.loading')} />
        ) : (
          <PollResultsView
            poll={poll}
            results={results.data}
            onModerate={(answer, status) =>
              action.mutate({ type: 'moderate', pollId: poll.id, answerId: answer.id, status })
            }
          />
        ))}
    </SectionCard>
  );
}

/**
 * The control room's polls and results (docs/decisions/060-control-room.md), for the organiser
 * or a guest moderator: the `api` decides whose calls are made. The results follow the live
 * poll unless another is chosen.
 */
export function ControlRoomPolls({
  api,
  channels,
  planLink,
  aside,
}: {
  api: PollsApi;
  channels: readonly { id: string; title: string }[];
  /** Where the plan can be changed, shown beside the plan's refusals. */
  planLink?: ReactNode;
  /** Shown below the results (the organiser's audience), in the same column. */
  aside?: ReactNode;
}) {
  const { t } = useTranslation('polls');
  const polls = useQuery(pollsQueryOptions(api));
  const action = usePollAction(api);
  const [chosenId, setChosenId] = useState<string>();
  const [editing, setEditing] = useState<Editing>();
  const [removing, setRemoving] = useState<Poll>();
  const [failure, setFailure] = useState<string>();
  const list = polls.data ?? [];
  const shown =
    list.find((poll) => poll.id === chosenId) ?? list.find((poll) => poll.status === 'live');

  const channelName = (channelId: string | null) =>
    channelId === null
      ? t('list.wholeEvent')
      : (channels.find((channel) => channel.id === channelId)?.title ?? t('list.removedChannel'));

  const perform = async (next: PollAction) => {
    setFailure(undefined);
    try {
      await action.mutateAsync(next);
    } catch (error) {
      setFailure(await failureMessage(error));
    }
  };

  const onAction = (poll: Poll, kind: PollListAction) => {
    const ids = list.map((item) => item.id);
    const index = ids.indexOf(poll.id);
    switch (kind) {
      case 'edit':
        return setEditing({ poll });
      case 'remove':
        return setRemoving(poll);
      case 'launch':
        setChosenId(poll.id);
        return void perform({ type: 'launch', pollId: poll.id });
      case 'close':
        return void perform({ type: 'close', pollId: poll.id });
      case 'up':
      case 'down': {
        const other = index + (kind === 'up' ? -1 : 1);
        [ids[index], ids[other]] = [ids[other]!, ids[index]!];
        return void perform({ type: 'reorder', ids });
      }
    }
  };

  const save = (input: PollSubmission) =>
    action.mutateAsync(
      editing?.poll
        ? { type: 'update', pollId: editing.poll.id, patch: input }
        : { type: 'create', input },
    );

  const newPoll = (
    <Button variant="contained" startIcon={<AddRounded />} onClick={() => setEditing({})}>
      {t('list.new')}
    </Button>
  );

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        alignItems: 'start',
      }}
    >
      <SectionCard
        title={t('list.title')}
        action={list.length > 0 && newPoll}
        footer={
          api.downloadCsv &&
          list.length > 0 && (
            <Button
              startIcon={<DownloadRounded />}
              onClick={() =>
                void api.downloadCsv?.().catch(async (error: unknown) => {
                  setFailure(await failureMessage(error));
                })
              }
            >
              {t('list.csv')}
            </Button>
          )
        }
      >
        <Stack spacing={2}>
          {failure && (
            <FormAlert>
              {translateMessage(failure)} {isPlanMessage(failure) && planLink}
            </FormAlert>
          )}
          {polls.isPending ? (
            <SectionLoading label={t('list.loading')} />
          ) : polls.isError ? (
            <FormAlert
              action={<Button onClick={() => void polls.refetch()}>{t('list.retry')}</Button>}
            >
              {t('list.loadFailed')}
            </FormAlert>
          ) : list.length === 0 ? (
            <EmptyState icon={PollOutlined} title={t('empty.title')} text={t('empty.text')}>
              {newPoll}
            </EmptyState>
          ) : (
            <PollList
              polls={list}
              selectedId={shown?.id}
              busy={action.isPending}
              channelName={channelName}
              onSelect={(poll) => setChosenId(poll.id)}
              onAction={onAction}
              onResultsShown={(poll, resultsShown) =>
                void perform({ type: 'update', pollId: poll.id, patch: { resultsShown } })
              }
            />
          )}
        </Stack>
      </SectionCard>
      <Box sx={{ display: 'grid', gap: 3 }}>
        <ResultsSection api={api} poll={shown} />
        {aside}
      </Box>
      {editing && (
        <PollDialog
          open
          key={editing.poll?.id ?? 'new'}
          poll={editing.poll}
          channels={channels}
          planLink={planLink}
          onClose={() => setEditing(undefined)}
          onSave={save}
        />
      )}
      <ConfirmDialog
        open={removing !== undefined}
        title={t('remove.title')}
        message={
          <Typography component="span">
            {t('remove.message', { question: removing?.question ?? '' })}
          </Typography>
        }
        confirmLabel={t('remove.confirm')}
        destructive
        busy={action.isPending}
        onClose={() => setRemoving(undefined)}
        onConfirm={() => {
          if (!removing) return;
          void perform({ type: 'remove', pollId: removing.id }).then(() => setRemoving(undefined));
        }}
      />
    </Box>
  );
}
