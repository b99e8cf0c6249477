import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { appendPageEntry } from '../live-page/index.js';
import { countResults } from './poll-results.js';
import { isOnPage, toViewerPoll, type StoredPoll } from './poll-view.js';
import { listCountedVotes } from './polls.repository.js';

/**
 * Tells open pages what they now show of a poll (ADR 057, ADR 058), inside the writer's
 * transaction: a `poll` entry with the poll as viewers see it (results counted now, when shown)
 * while it is on the page, else `poll-removed`. So a page's state after the entries is what
 * `_polls` would answer. The entry goes to the poll's channel's page, or every page for none.
 */
export async function appendPollEntry(
  trx: Kysely<Database>,
  poll: StoredPoll,
  at: string,
): Promise<void> {
  if (!isOnPage(poll)) return appendPollRemoved(trx, poll, at);
  const results = poll.resultsShown
    ? countResults(poll, await listCountedVotes(trx, poll.id))
    : null;
  await appendPageEntry(trx, {
    eventId: poll.eventId,
    channelId: poll.channelId,
    kind: 'poll',
    data: toViewerPoll(poll, results),
    at,
  });
}

/** Tells the pages of the poll's channel (every page for none) to drop it. */
export async function appendPollRemoved(
  trx: Kysely<Database>,
  poll: Pick<StoredPoll, 'id' | 'eventId' | 'channelId'>,
  at: string,
): Promise<void> {
  await appendPageEntry(trx, {
    eventId: poll.eventId,
    channelId: poll.channelId,
    kind: 'poll-removed',
    data: { id: poll.id },
    at,
  });
}
