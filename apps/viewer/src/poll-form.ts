// A poll's heading and form on the page (docs/decisions/061-polls-on-the-page.md): each kind as
// the platform's own controls, the viewer's answer, and a closed quiz's verdict.

import type { PollVote, ViewerPoll, ViewerVote } from '@livent/shared';
import { el } from './page-kit.js';
import { RATINGS, type PollTexts } from './poll-texts.js';

/** The answer the form holds, or null when nothing is chosen or typed. */
export function answerOf(poll: ViewerPoll, form: HTMLFormElement): ViewerVote | null {
  const data = new FormData(form);
  if (poll.kind === 'text') {
    const answer = String(data.get('text') ?? '').trim();
    return answer ? { text: answer } : null;
  }
  const choices = data.getAll('choice').map(String);
  if (choices.length === 0) return null;
  return poll.kind === 'rating' ? { rating: Number(choices[0]) } : { choices };
}

function choiceInput(type: 'radio' | 'checkbox', value: string, label: string, checked: boolean) {
  const wrap = el('label', 'lv-poll-choice');
  const input = el('input', '');
  input.type = type;
  input.name = 'choice';
  input.value = value;
  input.checked = checked;
  wrap.append(input, el('span', '', label));
  return wrap;
}

/** The fields of a live poll: radio buttons, checkboxes, 1–5 as labelled radios, or a text. */
function fieldsOf(poll: ViewerPoll, vote: PollVote | undefined, hintId: string, t: PollTexts) {
  const fieldset = el('fieldset', '');
  fieldset.setAttribute('aria-labelledby', `lv-poll-${poll.id}`);
  fieldset.setAttribute('aria-describedby', hintId);
  if (poll.kind === 'text') {
    const id = `lv-poll-${poll.id}-text`;
    const label = el('label', 'lv-poll-text-label', t.text('textLabel'));
    label.htmlFor = id;
    const input = el('input', '');
    input.type = 'text';
    input.id = id;
    input.name = 'text';
    input.maxLength = t.textMax;
    input.value = vote?.text ?? '';
    input.setAttribute('aria-describedby', `${id}-count`);
    const count = el('p', 'lv-poll-count');
    count.id = `${id}-count`;
    const recount = () => {
      count.textContent = t.text('textCount', input.value.length);
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
            t.text(`rating${String(rating)}`),
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
}

/** The viewer's answer in words (a closed poll shows it instead of the form). */
function answerText(poll: ViewerPoll, vote: PollVote, t: PollTexts) {
  if (poll.kind === 'text') return vote.text ?? '';
  if (poll.kind === 'rating') {
    return vote.rating === null ? '' : t.text(`rating${String(vote.rating)}`);
  }
  return poll.options
    .filter((option) => vote.choices.includes(option.id))
    .map((option) => option.text)
    .join(', ');
}

/** A closed quiz shows its correct options: was the viewer's answer exactly those? */
function quizVerdict(poll: ViewerPoll, vote: PollVote | undefined, t: PollTexts) {
  const correct = poll.options.filter((option) => option.correct).map((option) => option.id);
  if (!vote || correct.length === 0) return '';
  const right =
    correct.length === vote.choices.length && correct.every((id) => vote.choices.includes(id));
  return t.text(right ? 'quizRight' : 'quizWrong');
}

/**
 * The poll's heading and, while it is live, its form (`onSubmit` sends it); once closed, the
 * viewer's answer in words and a quiz's verdict.
 */
export function pollMain(
  poll: ViewerPoll,
  vote: PollVote | undefined,
  t: PollTexts,
  onSubmit: (form: HTMLFormElement) => void,
): HTMLElement[] {
  const head = el('div', 'lv-poll-head');
  const heading = el('h3', '', poll.question);
  heading.id = `lv-poll-${poll.id}`;
  heading.tabIndex = -1;
  head.append(heading);
  if (poll.quiz) head.append(el('span', 'lv-badge lv-badge-quiz', t.text('quiz')));
  if (poll.status === 'closed') head.append(el('span', 'lv-badge', t.text('closed')));
  const parts: HTMLElement[] = [head];
  if (poll.status === 'live') {
    const hintId = `lv-poll-${poll.id}-hint`;
    const hint = el(
      'p',
      'lv-poll-hint',
      t.text({ single: 'chooseOne', multiple: 'chooseMany', rating: 'rate', text: '' }[poll.kind]),
    );
    hint.id = hintId;
    const form = el('form', 'lv-poll-form');
    form.noValidate = true;
    const actions = el('div', 'lv-poll-actions');
    const button = el('button', 'lv-button', t.text(vote ? 'change' : 'submit'));
    button.type = 'submit';
    actions.append(button);
    form.append(fieldsOf(poll, vote, hintId, t), actions);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      onSubmit(form);
    });
    if (poll.kind !== 'text') parts.push(hint);
    parts.push(form);
  } else if (vote) {
    const answer = el('p', 'lv-poll-mine', `${t.text('yourAnswer')}: `);
    answer.append(el('span', '', answerText(poll, vote, t)));
    parts.push(answer);
  }
  // A pending answer is said by the card's status (after sending, or on the first look).
  if (vote?.textStatus === 'approved' || vote?.textStatus === 'rejected') {
    parts.push(el('p', 'lv-poll-hint', t.text(vote.textStatus)));
  }
  const verdict = poll.quiz && poll.status === 'closed' ? quizVerdict(poll, vote, t) : '';
  if (verdict) parts.push(el('p', 'lv-poll-mine', verdict));
  return parts;
}
