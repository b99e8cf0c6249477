// A poll's results on the page (docs/decisions/061-polls-on-the-page.md): figures as text, bars
// that repeat them for the eye, the quiz's correct options, the word cloud of approved answers.

import type { PollVote, ViewerPoll } from '@livent/shared';
import { el } from './page-kit.js';
import { RATINGS, type PollTexts } from './poll-texts.js';

/** One result row (an option, a rating) whose figures and bar are updated in place. */
export interface ResultRow {
  key: string;
  figures: HTMLElement;
  fill: HTMLElement;
  item: HTMLElement;
}

/** The rows of the bars: the options, or the ratings 1–5 (none for a text poll). */
export function resultRows(
  poll: ViewerPoll,
  vote: PollVote | undefined,
  { text }: PollTexts,
): ResultRow[] {
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
}

/**
 * Shows the poll's results in `area` (hidden while they are not shown). Results change by the
 * second: the rows' figures and bars are updated in place, so that a bar glides to its new width.
 */
export function showResults(
  area: HTMLElement,
  rows: readonly ResultRow[],
  poll: ViewerPoll,
  { text, counted, number, percent }: PollTexts,
): void {
  const results = poll.resultsShown ? poll.results : null;
  area.hidden = !results;
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
  for (const row of rows) {
    const votes = votesOf(row.key);
    const share = results.responses > 0 ? votes / results.responses : 0;
    row.figures.textContent = `${percent.format(share)} · ${counted('votes', votes)}`;
    row.fill.style.width = `${String(Math.round(share * 1000) / 10)}%`;
  }
  const line = summary.join(' · ');
  const shownSummary = area.querySelector('.lv-poll-summary');
  if (shownSummary && poll.kind !== 'text') {
    shownSummary.textContent = line;
    return;
  }
  const parts: HTMLElement[] = [el('p', 'lv-poll-summary', line)];
  if (rows.length > 0) {
    const list = el('ul', 'lv-poll-results');
    list.append(...rows.map((row) => row.item));
    parts.push(list);
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
  area.replaceChildren(...parts);
}
