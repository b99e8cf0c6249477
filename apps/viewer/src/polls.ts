// The polls on the public page (docs/decisions/061-polls-on-the-page.md): the server renders an
// empty region with the texts; this reads the page's polls and the viewer's answers from
// `GET /{slug}/_polls`, follows the page's one live stream (`lv:live` events from live.ts, ADR
// 057) and sends answers in place. Elements are built with `el`, never from data parsed as HTML.

import type { PollResults, PollVote, ViewerPoll, ViewerPolls } from '@livent/shared';
import { LIVE_EVENT, type LiveDetail } from './live.js';
import { el, retryIn } from './page-kit.js';

/** What a vote answers: the viewer's stored answer and the poll as the page shows it now. */
interface VoteAnswer {
  vote: PollVote;
  poll: ViewerPoll;
}

/** One result row (an option, a rating) whose figures and bar are updated in place. */
interface ResultRow {
  key: string;
  figures: HTMLElement;
  fill: HTMLElement;
  item: HTMLElement;
}

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

const RATINGS = [1, 2, 3, 4, 5];

/** Sets up the page's polls block, if it has one; answers how to stop following the stream. */
export function setupPolls(): (() => void) | undefined {
  const block = document.querySelector<HTMLElement>('.lv-polls');
  const list = block?.querySelector<HTMLElement>('.lv-poll-list');
  if (!block || !list) return undefined;
  const texts = block.dataset;
  const news = document.querySelector<HTMLElement>('.lv-poll-news');
  const url = texts.url ?? '';
  const query = texts.channel ? `?channel=${encodeURIComponent(texts.channel)}` : '';
  const language = document.documentElement.lang || 'en';
  const plural = new Intl.PluralRules(language);
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 });

  const text = (key: string, value: string | number = '') =>
    (texts[key] ?? '').replace('%s', typeof value === 'number' ? number.format(value) : value);
  const counted = (key: string, count: number) =>
    text(`${key}${plural.select(count) === 'one' ? 'One' : 'Other'}`, count);

  let polls: ViewerPoll[] = [];
  let mine: Record<string, PollVote> = {};
  const cards = new Map<string, Card>();
  const sending = new Set<string>();

  const say = (card: Card, message: string, error = false) => {
    card.status.textContent = message;
    card.status.classList.toggle('lv-error', error);
  };

  /** The answer the form holds, or null when nothing is chosen or typed. */
  const answerOf = (poll: ViewerPoll, form: HTMLFormElement) => {
    const data = new FormData(form);
    if (poll.kind === 'text') {
      const answer = String(data.get('text') ?? '').trim();
      return answer ? { text: answer } : null;
    }
    const choices = data.getAll('choice').map(String);
    if (choices.length === 0) return null;
    return poll.kind === 'rating' ? { rating: Number(choices[0]) } : { choices };
  };

  const choiceInput = (
    type: 'radio' | 'checkbox',
    value: string,
    label: string,
    checked: boolean,
  ) => {
    const wrap = el('label', 'lv-poll-choice');
    const input = el('input', '');
    input.type = type;
    input.name = 'choice';
    input.value = value;
    input.checked = checked;
    wrap.append(input, el('span', '', label));
    return wrap;
  };

  /** The fields of a live poll: radio buttons, checkboxes, 1–5 as labelled radios, or a text. */
  const fieldsOf = (poll: ViewerPoll, vote: PollVote | undefined, hintId: string) => {
    const fieldset = el('fieldset', '');
    fieldset.setAttribute('aria-labelledby', `lv-poll-${poll.id}`);
    fieldset.setAttribute('aria-describedby', hintId);
    if (poll.kind === 'text') {
      const id = `lv-poll-${poll.id}-text`;
      const label = el('label', 'lv-poll-text-label', text('textLabel'));
      label.htmlFor = id;
      const input = el('input', '');
      input.type = 'text';
      input.id = id;
      input.name = 'text';
      input.maxLength = Number(texts.textMax) || 200;
      input.value = vote?.text ?? '';
      input.setAttribute('aria-describedby', `${id}-count`);
      const count = el('p', 'lv-poll-count');
      count.id = `${id}-count`;
      const recount = () => {
        count.textContent = text('textCount', input.value.length);
      };
      input.addEventListener('input', recount);
      recount();
      fieldset.append(label, input, count);
      return fieldset;
    }
    const choices = el(
      'div',
      poll.kind === 'rating' ? 'lv-poll-choices lv-poll-rating' : 'lv-poll-choices',
    );
    const chosen = new Set(vote?.choices ?? []);
    choices.append(
      ...(poll.kind === 'rating'
        ? RATINGS.map((rating) =>
            choiceInput(
              'radio',
              String(rating),
              text(`rating${String(rating)}`),
              vote?.rating === rating,
            ),
          )
        : poll.options.map((option) =>
            choiceInput(
              poll.kind === 'multiple' ? 'checkbox' : 'radio',
              option.id,
              option.text,
              chosen.has(option.id),
            ),
          )),
    );
    fieldset.append(choices);
    return fieldset;
  };

  /** The viewer's answer in words (a closed poll shows it instead of the form). */
  const answerText = (poll: ViewerPoll, vote: PollVote) => {
    if (poll.kind === 'text') return vote.text ?? '';
    if (poll.kind === 'rating')
      return vote.rating === null ? '' : text(`rating${String(vote.rating)}`);
    return poll.options
      .filter((option) => vote.choices.includes(option.id))
      .map((option) => option.text)
      .join(', ');
  };

  /** A closed quiz shows its correct options: was the viewer's answer exactly those? */
  const quizVerdict = (poll: ViewerPoll, vote: PollVote | undefined) => {
    const correct = poll.options.filter((option) => option.correct).map((option) => option.id);
    if (!vote || correct.length === 0) return '';
    const right =
      correct.length === vote.choices.length && correct.every((id) => vote.choices.includes(id));
    return text(right ? 'quizRight' : 'quizWrong');
  };

  const buildMain = (poll: ViewerPoll, vote: PollVote | undefined, card: Card) => {
    const head = el('div', 'lv-poll-head');
    const heading = el('h3', '', poll.question);
    heading.id = `lv-poll-${poll.id}`;
    heading.tabIndex = -1;
    head.append(heading);
    if (poll.quiz) head.append(el('span', 'lv-badge lv-badge-quiz', text('quiz')));
    if (poll.status === 'closed') head.append(el('span', 'lv-badge', text('closed')));
    const parts: HTMLElement[] = [head];
    if (poll.status === 'live') {
      const hintId = `lv-poll-${poll.id}-hint`;
      const hint = el(
        'p',
        'lv-poll-hint',
        text({ single: 'chooseOne', multiple: 'chooseMany', rating: 'rate', text: '' }[poll.kind]),
      );
      hint.id = hintId;
      const form = el('form', 'lv-poll-form');
      form.noValidate = true;
      const actions = el('div', 'lv-poll-actions');
      const button = el('button', 'lv-button', text(vote ? 'change' : 'submit'));
      button.type = 'submit';
      actions.append(button);
      form.append(fieldsOf(poll, vote, hintId), actions);
      form.addEventListener('submit', (event) => {
        event.preventDefault();
        send(poll, form, card);
      });
      if (poll.kind !== 'text') parts.push(hint);
      parts.push(form);
    } else if (vote) {
      const answer = el('p', 'lv-poll-mine', `${text('yourAnswer')}: `);
      answer.append(el('span', '', answerText(poll, vote)));
      parts.push(answer);
    }
    // A pending answer is said by the status (after sending, or on the first look).
    if (vote?.textStatus === 'approved' || vote?.textStatus === 'rejected') {
      parts.push(el('p', 'lv-poll-hint', text(vote.textStatus)));
    }
    const verdict = poll.quiz && poll.status === 'closed' ? quizVerdict(poll, vote) : '';
    if (verdict) parts.push(el('p', 'lv-poll-mine', verdict));
    card.main.replaceChildren(...parts);
  };

  /** The rows of the bars: the options, or the ratings 1–5. */
  const buildRows = (poll: ViewerPoll, vote: PollVote | undefined): ResultRow[] => {
    if (poll.kind === 'text') return [];
    const rows =
      poll.kind === 'rating'
        ? RATINGS.map((rating) => ({
            key: String(rating),
            label: text(`rating${String(rating)}`),
            correct: false,
            chosen: vote?.rating === rating,
          }))
        : poll.options.map((option) => ({
            key: option.id,
            label: option.text,
            correct: option.correct,
            chosen: vote?.choices.includes(option.id) ?? false,
          }));
    return rows.map((row) => {
      const item = el('li', row.correct ? 'lv-poll-result lv-correct' : 'lv-poll-result');
      const label = el('div', 'lv-poll-result-label');
      const name = el('span', '', row.label);
      if (row.correct) name.append(el('span', 'lv-badge lv-badge-correct', `✓ ${text('correct')}`));
      if (row.chosen) name.append(el('span', 'lv-badge', text('yourAnswer')));
      const figures = el('span', 'lv-poll-figures');
      label.append(name, figures);
      // The bar repeats the figures for the eye; the figures are the text.
      const bar = el('div', 'lv-poll-bar');
      bar.setAttribute('aria-hidden', 'true');
      const fill = el('span', '');
      bar.append(fill);
      item.append(label, bar);
      return { key: row.key, figures, fill, item };
    });
  };

  /** Results change by the second: figures and bars are updated in place (the bars glide). */
  const fillResults = (card: Card, poll: ViewerPoll) => {
    const results: PollResults | null = poll.resultsShown ? poll.results : null;
    card.results.hidden = !results;
    if (!results) return;
    const summary = [counted('responses', results.responses)];
    if (results.rating?.average != null) summary.push(text('average', results.rating.average));
    if (results.correctShare != null) {
      summary.push(text('correctShare', percent.format(results.correctShare)));
    }
    const votesOf = (key: string) =>
      poll.kind === 'rating'
        ? (results.rating?.counts[Number(key) - 1] ?? 0)
        : (results.options.find((option) => option.id === key)?.votes ?? 0);
    for (const row of card.rows) {
      const votes = votesOf(row.key);
      const share = results.responses > 0 ? votes / results.responses : 0;
      row.figures.textContent = `${percent.format(share)} · ${counted('votes', votes)}`;
      row.fill.style.width = `${String(Math.round(share * 1000) / 10)}%`;
    }
    const line = summary.join(' · ');
    // The row nodes stay in place, so that a tick's new width glides instead of jumping.
    const shownSummary = card.results.querySelector('.lv-poll-summary');
    if (shownSummary && poll.kind !== 'text') {
      shownSummary.textContent = line;
      return;
    }
    const parts: HTMLElement[] = [el('p', 'lv-poll-summary', line)];
    if (card.rows.length > 0) {
      const rows = el('ul', 'lv-poll-results');
      rows.append(...card.rows.map((row) => row.item));
      parts.push(rows);
    }
    if (results.words.length > 0) {
      const most = Math.max(...results.words.map((word) => word.count));
      const cloud = el('ul', 'lv-poll-words');
      cloud.setAttribute('aria-label', text('words'));
      cloud.append(
        ...results.words.map((word) => {
          const item = el('li', '', word.word);
          item.style.fontSize = `${String(0.9 + (word.count / most) * 0.9)}rem`;
          item.append(el('small', '', number.format(word.count)));
          return item;
        }),
      );
      parts.push(cloud);
    }
    card.results.replaceChildren(...parts);
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
      buildMain(poll, vote, card);
      card.rows = buildRows(poll, vote);
      card.results.replaceChildren();
      if (hadFocus) (card.main.querySelector('button') ?? card.main.querySelector('h3'))?.focus();
      if (vote?.textStatus === 'pending' && !card.status.textContent) say(card, text('pending'));
    }
    fillResults(card, poll);
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
    fetch(`${url}/${encodeURIComponent(poll.id)}/vote`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(answer),
      credentials: 'same-origin',
    })
      .then(async (response) => {
        if (response.ok) {
          const { vote, poll: fresh } = (await response.json()) as VoteAnswer;
          mine[poll.id] = vote;
          upsert(fresh);
          say(card, text(vote.textStatus === 'pending' ? 'pending' : 'saved'));
          return;
        }
        // Closed meanwhile (409) or gone (404): say so, and read the page's polls again.
        if (response.status === 409 || response.status === 404) load();
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
