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
  const onPage = isOnPage(poll);
  const results =
    onPage && poll.resultsShown ? countResults(poll, await listCountedVotes(trx, poll.id)) : null;
  await appendPageEntry(trx, {
    eventId: poll.eventId,
    channelId: poll.channelId,
    kind: onPage ? 'poll' : 'poll-removed',
    data: onPage ? toViewerPoll(poll, results) : { id: poll.id },
    at,
  });
}
