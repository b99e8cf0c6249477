// The polls on the public page (docs/decisions/061-polls-on-the-page.md): the server renders an
// empty region with the texts; this reads the page's polls and the viewer's answers from
// `GET /{slug}/_polls`, follows the page's one live stream (`lv:live` events from live.ts, ADR
// 057) and sends answers in place. Elements are built with `el`, never from data parsed as HTML.

import type { PollVote, ViewerPoll, ViewerPolls, ViewerVoteAnswer } from '@livent/shared';
import { LIVE_EVENT, type LiveDetail } from './live.js';
import { el, retryIn } from './page-kit.js';
import { answerOf, pollMain } from './poll-form.js';
import { resultRows, showResults, type ResultRow } from './poll-results.js';
import { pollTexts } from './poll-texts.js';

/**
 * A poll's card. `main` (heading and form) is rebuilt only when what it shows changes (`key`),
 * so that a results tick keeps the viewer's unsent choice and focus; the status and the results
 * stay the same nodes (a live region must not be replaced to be heard).
 */
interface Card {
  key: string;
  card: HTMLElement;
  main: HTMLElement;
  status: HTMLElement;
  results: HTMLElement;
  rows: ResultRow[];
}

/** Sets up the page's polls block, if it has one; answers how to stop following the stream. */
export function setupPolls(): (() => void) | undefined {
  const block = document.querySelector<HTMLElement>('.lv-polls');
  const list = block?.querySelector<HTMLElement>('.lv-poll-list');
  if (!block || !list) return undefined;
  const texts = block.dataset;
  const t = pollTexts(texts);
  const { text } = t;
  const news = document.querySelector<HTMLElement>('.lv-poll-news');
  const url = texts.url ?? '';
  const query = texts.channel ? `?channel=${encodeURIComponent(texts.channel)}` : '';

  let polls: ViewerPoll[] = [];
  let mine: Record<string, PollVote> = {};
  const cards = new Map<string, Card>();
  const sending = new Set<string>();

  const say = (card: Card, message: string, error = false) => {
    card.status.textContent = message;
    card.status.classList.toggle('lv-error', error);
  };

  const cardOf = (poll: ViewerPoll): Card => {
    const vote = mine[poll.id];
    const key = JSON.stringify([
      poll.kind,
      poll.question,
      poll.options,
      poll.quiz,
      poll.status,
      vote,
    ]);
    let card = cards.get(poll.id);
    if (!card) {
      const node = el('article', 'lv-poll');
      const status = el('p', 'lv-poll-status');
      status.setAttribute('role', 'status');
      const results = el('div', 'lv-poll-results-area');
      card = { key: '', card: node, main: el('div', ''), status, results, rows: [] };
      node.dataset.id = poll.id;
      node.setAttribute('aria-labelledby', `lv-poll-${poll.id}`);
      node.append(card.main, status, results);
      cards.set(poll.id, card);
    }
    if (card.key !== key) {
      // A rebuilt form takes the focus it had to its heading (keyboard users stay in the poll).
      const hadFocus = card.main.contains(document.activeElement);
      card.key = key;
      card.main.replaceChildren(
        ...pollMain(poll, vote, t, (form) => {
          send(poll, form, card);
        }),
      );
      card.rows = resultRows(poll, vote, t);
      card.results.replaceChildren();
      if (hadFocus) (card.main.querySelector('button') ?? card.main.querySelector('h3'))?.focus();
      if (vote?.textStatus === 'pending' && !card.status.textContent) say(card, text('pending'));
    }
    showResults(card.results, card.rows, poll, t);
    return card;
  };

  /** Live polls first, then closed ones; nodes in place stay (moving one would drop its focus). */
  const render = () => {
    const shown = [
      ...polls.filter((poll) => poll.status === 'live'),
      ...polls.filter((poll) => poll.status !== 'live'),
    ].map((poll) => cardOf(poll).card);
    for (const id of cards.keys()) {
      if (!polls.some((poll) => poll.id === id)) cards.delete(id);
    }
    shown.forEach((node, index) => {
      if (list.children[index] !== node) list.insertBefore(node, list.children[index] ?? null);
    });
    while (list.children.length > shown.length) list.lastElementChild!.remove();
    block.hidden = shown.length === 0;
  };

  /** "New poll" and "results updated" for screen readers, not every tick of the results. */
  const announce = (before: ViewerPoll | undefined, poll: ViewerPoll) => {
    if (!news) return;
    const revealed = (p: ViewerPoll | undefined) =>
      p?.options.some((option) => option.correct) ?? false;
    if (poll.status === 'live' && before?.status !== 'live') {
      news.textContent = text('newPoll', poll.question);
    } else if (
      (poll.resultsShown && poll.results && !(before?.resultsShown && before.results)) ||
      revealed(poll) !== revealed(before)
    ) {
      news.textContent = text('resultsUpdated', poll.question);
    }
  };

  const upsert = (poll: ViewerPoll) => {
    const index = polls.findIndex((known) => known.id === poll.id);
    announce(polls[index], poll);
    if (index < 0) polls.unshift(poll);
    else polls[index] = poll;
    render();
  };

  const remove = (id: string) => {
    polls = polls.filter((poll) => poll.id !== id);
    render();
  };

  let loaded = false;
  const load = () => {
    fetch(url + query, { credentials: 'same-origin' })
      .then((response) => (response.ok ? (response.json() as Promise<ViewerPolls>) : undefined))
      .then((data) => {
        if (!data) return;
        if (loaded) {
          for (const poll of data.polls)
            announce(
              polls.find((known) => known.id === poll.id),
              poll,
            );
        }
        loaded = true;
        polls = data.polls;
        mine = data.mine;
        render();
      })
      .catch(() => undefined);
  };

  const send = (poll: ViewerPoll, form: HTMLFormElement, card: Card) => {
    const answer = answerOf(poll, form);
    if (!answer) {
      say(card, text('pickFirst'), true);
      return;
    }
    if (sending.has(poll.id)) return;
    sending.add(poll.id);
    say(card, '');
    // The page's channel too: a poll of one channel takes answers on its page only.
    fetch(`${url}/${encodeURIComponent(poll.id)}/vote${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(answer),
      credentials: 'same-origin',
    })
      .then(async (response) => {
        if (response.ok) {
          const { vote, poll: fresh } = (await response.json()) as ViewerVoteAnswer;
          mine[poll.id] = vote;
          upsert(fresh);
          say(card, text(vote.textStatus === 'pending' ? 'pending' : 'saved'));
          return;
        }
        // Closed meanwhile (the page missed it): shown closed, with the message beside it. Not
        // read again, since a closed poll without its results leaves the page (ADR 058), and
        // the message with it. Gone (404): the page's polls are read again.
        const known = polls.find((shown) => shown.id === poll.id);
        if (response.status === 409 && known) upsert({ ...known, status: 'closed' });
        if (response.status === 404) load();
        say(
          card,
          response.status === 409
            ? text('closedRefused')
            : response.status === 404
              ? text('gone')
              : response.status === 429
                ? retryIn(texts.tooMany ?? '', response)
                : text('failed'),
          true,
        );
      })
      .catch(() => say(card, text('failed'), true))
      .finally(() => sending.delete(poll.id));
  };

  const follow = (event: Event) => {
    const { kind, data } = (event as CustomEvent<LiveDetail>).detail;
    if (kind === 'poll') upsert(data as ViewerPoll);
    else if (kind === 'poll-removed') remove((data as { id: string }).id);
    else if (kind === 'reset') load();
  };
  document.addEventListener(LIVE_EVENT, follow);
  load();
  return () => document.removeEventListener(LIVE_EVENT, follow);
}
