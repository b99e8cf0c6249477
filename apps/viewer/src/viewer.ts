// The public event page's script (ADR 017): the live stream (ADR 057), message tool, remote
// reload, the page's states and countdown (ADR 063), navigation toggle, consent banner with its placeholders (ADR 051) and the statistics'
// beacons (ADR 027). No framework; the page works without it, this only adds to it.

import { setupConsent } from './consent.js';
import { setupCountdown } from './countdown.js';
import { LIVE_EVENT, onLive, startLive } from './live.js';
import { el, retryIn } from './page-kit.js';
import { setupPageState } from './page-state.js';
import { setupPolls } from './polls.js';
import { setupReactions } from './reactions.js';

const body = document.body;
const slug = body.dataset.slug ?? '';
/**
 * The dashboard's preview runs the page in a sandbox without its origin (an opaque one, "null"):
 * no stream there, and the message lists are polled as before the stream.
 */
const preview = self.origin === 'null';
/** The page behind its gate holds the live stream (the server renders `data-live` there only). */
const live = Boolean(slug) && !preview && body.dataset.live !== undefined;

function setupNavigation(): void {
  const nav = document.querySelector<HTMLElement>('.lv-nav');
  const toggle = nav?.querySelector<HTMLButtonElement>('.lv-nav-toggle');
  if (!nav || !toggle) return;
  const setOpen = (open: boolean) => {
    nav.classList.toggle('lv-open', open);
    toggle.setAttribute('aria-expanded', String(open));
  };
  toggle.addEventListener('click', () => setOpen(!nav.classList.contains('lv-open')));
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && nav.classList.contains('lv-open')) {
      setOpen(false);
      toggle.focus();
    }
  });
  document.addEventListener('click', (event) => {
    if (!nav.contains(event.target as Node)) setOpen(false);
  });
}

/**
 * Answers and pins reach open pages within this (ADR 053): each poll sends the tag of the last
 * answer, and the server answers 304 from one index lookup while nothing changed.
 */
/** The message lists' poll without the stream (the dashboard's preview). */
const MESSAGES_POLL_MS = 2_000;
/** With the stream, a slow safety poll covers a `messages` frame lost with a dropped connection. */
const MESSAGES_SAFETY_POLL_MS = 30_000;

interface Question {
  id: string;
  authorName: string;
  text: string;
  status: string;
  answer: string | null;
  votes: number;
  pinned: boolean;
}

interface OwnMessage {
  id: string;
  text: string;
  status: string;
  answer: string | null;
  answerPublic: boolean;
}

interface ViewerMessages {
  mode: 'messages' | 'qa';
  questions: Question[];
  voted: string[];
  mine: OwnMessage[];
}

/** A UUID for a submit's key; `crypto.randomUUID` exists only in secure contexts. */
function uuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The message tool (ADR 025): sends in place with a key per submit attempt (a retry of the same
 * attempt reuses it, so the server stores one message), and shows this viewer's own messages and
 * the public questions from `GET _messages`, read again when the live stream says they changed
 * (and slowly polled while the tab is visible, in case a frame was lost).
 */
function setupMessages(): void {
  const block = document.querySelector<HTMLElement>('.lv-messages');
  const form = block?.querySelector<HTMLFormElement>('.lv-message-form');
  const lists = block?.querySelector<HTMLElement>('.lv-message-lists');
  if (!block || !form || !lists) return;
  const texts = lists.dataset;
  const url = block.dataset.url ?? form.action;
  const channel = block.dataset.channel ?? '';
  const status = form.querySelector<HTMLElement>('.lv-message-status')!;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const textarea = form.querySelector<HTMLTextAreaElement>('textarea')!;
  const counter = form.querySelector<HTMLElement>('.lv-message-count');
  const voteStatus = lists.querySelector<HTMLElement>('.lv-vote-status')!;
  const plural = new Intl.PluralRules(document.documentElement.lang || 'en');
  const show = (target: HTMLElement, text: string, error: boolean) => {
    target.textContent = text;
    target.classList.toggle('lv-error', error);
  };

  const count = () => {
    if (counter) {
      counter.textContent = (counter.dataset.template ?? '').replace(
        '%n',
        String(textarea.value.length),
      );
    }
  };
  textarea.addEventListener('input', count);

  let state: ViewerMessages | undefined;
  /** The last attempt that got no answer that settles it: its payload and key. */
  let attempt: { body: string; key: string } | undefined;

  const renderOwn = (mine: OwnMessage[]) => {
    const section = lists.querySelector<HTMLElement>('.lv-own')!;
    const list = section.querySelector('ul')!;
    list.replaceChildren(
      ...mine.map((own) => {
        const item = el('li', 'lv-message-item');
        item.append(
          el(
            'span',
            `lv-badge lv-badge-${own.status}`,
            texts[`status${own.status[0]!.toUpperCase()}${own.status.slice(1)}`] ?? own.status,
          ),
          el('p', 'lv-message-text', own.text),
        );
        if (own.answer) {
          const answer = el('div', 'lv-message-answer');
          answer.append(el('strong', '', texts.answer ?? ''), el('p', '', own.answer));
          if (!own.answerPublic) answer.append(el('em', 'lv-private', texts.private ?? ''));
          item.append(answer);
        }
        return item;
      }),
    );
    section.hidden = mine.length === 0;
  };

  const voteLabel = (votes: number) =>
    ((plural.select(votes) === 'one' ? texts.voteOne : texts.voteOther) ?? '').replace(
      '%n',
      String(votes),
    );

  const renderQuestions = (data: ViewerMessages) => {
    const section = lists.querySelector<HTMLElement>('.lv-questions')!;
    const list = section.querySelector('ul')!;
    const voted = new Set(data.voted);
    // Keep the focused vote button across a redraw (keyboard users stay where they were).
    const focused = document.activeElement as HTMLElement | null;
    const focusedId = list.contains(focused) ? focused?.closest('li')?.dataset.id : undefined;
    list.replaceChildren(
      ...data.questions.map((question) => {
        const item = el('li', question.pinned ? 'lv-message-item lv-pinned' : 'lv-message-item');
        item.dataset.id = question.id;
        const body = el('div', 'lv-question-body');
        if (question.pinned)
          body.append(el('span', 'lv-badge lv-badge-pinned', texts.pinned ?? ''));
        if (question.authorName) body.append(el('p', 'lv-message-author', question.authorName));
        body.append(el('p', 'lv-message-text', question.text));
        if (question.answer) {
          const answer = el('div', 'lv-message-answer');
          answer.append(el('strong', '', texts.answer ?? ''), el('p', '', question.answer));
          body.append(answer);
        }
        item.append(body);
        if (data.mode === 'qa') {
          const vote = el('button', 'lv-vote', `▲ ${String(question.votes)}`);
          vote.type = 'button';
          vote.setAttribute('aria-pressed', String(voted.has(question.id)));
          vote.setAttribute('aria-label', voteLabel(question.votes));
          vote.addEventListener('click', () => sendVote(question));
          item.append(vote);
        }
        return item;
      }),
    );
    section.hidden = data.questions.length === 0;
    if (focusedId) {
      list.querySelector<HTMLElement>(`li[data-id="${CSS.escape(focusedId)}"] button`)?.focus();
    }
  };

  const render = (data: ViewerMessages) => {
    state = data;
    renderOwn(data.mine);
    renderQuestions(data);
  };

  /**
   * The tag of the answer shown. The dashboard's preview (an opaque origin) sends none: the
   * header would need a CORS preflight there.
   */
  let tag: string | undefined;
  const load = () => {
    const query = channel ? `?channel=${encodeURIComponent(channel)}` : '';
    const headers: Record<string, string> =
      tag && self.origin !== 'null' ? { 'if-none-match': tag } : {};
    fetch(url + query, { credentials: 'same-origin', headers })
      .then((response) => {
        if (!response.ok) return undefined;
        tag = response.headers.get('etag') ?? undefined;
        return response.json() as Promise<ViewerMessages>;
      })
      .then((data) => {
        if (data) render(data);
      })
      .catch(() => undefined);
  };

  /** Votes on their way; the button stays enabled (a disabled button would drop the focus). */
  const voting = new Set<string>();
  const sendVote = (question: Question) => {
    if (voting.has(question.id) || state?.voted.includes(question.id)) return;
    voting.add(question.id);
    show(voteStatus, '', false);
    fetch(`${url}/${encodeURIComponent(question.id)}/vote`, {
      method: 'POST',
      credentials: 'same-origin',
    })
      .then((response) => {
        if (response.ok) {
          if (state && !state.voted.includes(question.id)) {
            question.votes += 1;
            state.voted.push(question.id);
            render(state);
          }
          load();
        } else {
          show(
            voteStatus,
            response.status === 429
              ? retryIn(texts.voteTooMany ?? '', response)
              : (texts.voteFailed ?? ''),
            true,
          );
        }
      })
      .catch(() => show(voteStatus, texts.voteFailed ?? '', true))
      .finally(() => voting.delete(question.id));
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (button.disabled) return;
    const data = new FormData(form);
    const fields = {
      name: String(data.get('name') ?? '').trim(),
      text: String(data.get('text') ?? '').trim(),
      ...(channel ? { channel } : {}),
    };
    const body = JSON.stringify(fields);
    // The same text sent again after a failure is the same attempt: the same key.
    if (attempt?.body !== body) attempt = { body, key: uuid() };
    const { key } = attempt;
    button.disabled = true;
    show(status, '', false);
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...fields, key }),
      credentials: 'same-origin',
    })
      .then((response) => {
        if (response.ok) {
          attempt = undefined;
          textarea.value = '';
          count();
          show(status, form.dataset.sent ?? '', false);
          load();
          return;
        }
        // A refused message (not a lost answer) is settled: the next submit is a new attempt.
        if (response.status !== 429 && response.status < 500) attempt = undefined;
        show(
          status,
          response.status === 429
            ? retryIn(form.dataset.tooMany ?? '', response)
            : (form.dataset.failed ?? ''),
          true,
        );
      })
      .catch(() => show(status, form.dataset.failed ?? '', true))
      .finally(() => {
        button.disabled = false;
      });
  });

  load();
  if (live) onLive(['messages', 'reset'], load);
  // While the tab is visible only: a hidden page costs the server nothing.
  setInterval(
    () => {
      if (document.visibilityState === 'visible') load();
    },
    live ? MESSAGES_SAFETY_POLL_MS : MESSAGES_POLL_MS,
  );
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') load();
  });
}

/**
 * Remote reload: the organiser's "reload open pages" sends a `reload` frame on the live stream;
 * this page reloads when its stamp is newer than the one it was rendered with (and newer than one
 * it already reloaded for, as a cached copy of the page may still carry the old stamp). After a
 * `reset` (frames may have been missed) the stamp and the page's version are read from `_state`.
 */
function setupRemoteReload(): void {
  if (!live) return;
  const rendered = body.dataset.reloadAt ?? '';
  const seenKey = `lvnt.reloaded.${slug}`;
  const reloadIfNewer = (stamp: string | null | undefined) => {
    if (!stamp || stamp <= rendered) return;
    let seen = '';
    try {
      seen = sessionStorage.getItem(seenKey) ?? '';
      sessionStorage.setItem(seenKey, stamp);
    } catch {
      // without storage a stale cached copy could reload once more, which is harmless
    }
    if (stamp > seen) location.reload();
  };
  const readState = () => {
    // A protected event's state answers only with the viewer's access cookie (ADR 026).
    fetch(`/${slug}/_state`, {
      credentials: body.dataset.protected === undefined ? 'omit' : 'same-origin',
    })
      .then((response) =>
        response.ok
          ? (response.json() as Promise<{ reloadAt: string | null; version?: number }>)
          : null,
      )
      .then((state) => {
        reloadIfNewer(state?.reloadAt);
        // A missed `state` frame: the page's state follows the version as if the frame came
        // (page-state.ts reloads for a version newer than the page's, once).
        if (typeof state?.version === 'number') {
          document.dispatchEvent(
            new CustomEvent(LIVE_EVENT, {
              detail: { kind: 'state', data: { version: state.version } },
            }),
          );
        }
      })
      .catch(() => undefined);
  };
  onLive(['reload', 'reset'], (kind, data) => {
    if (kind === 'reset') readState();
    else reloadIfNewer((data as { reloadAt?: string } | null)?.reloadAt);
  });
}

const HEARTBEAT_MS = 30_000;

/** Whether the page's player plays, where it can tell: a `<video>` (video.js, IVS); not iframes. */
function playerState(): { p?: boolean } {
  const videos = Array.from(document.querySelectorAll<HTMLVideoElement>('.lv-player video'));
  if (videos.length === 0) return {};
  return { p: videos.some((video) => !video.paused && !video.ended && video.readyState > 2) };
}

/**
 * Live statistics (ADR 027): a pageview on load and a heartbeat every 30 s while the page is
 * visible. The pageview carries the view token the server rendered into the page and answers the
 * page view's signed id, which the heartbeats carry (ADR 045); without a token (the gate: nobody
 * watches there yet) nothing is sent. Heartbeats go with `sendBeacon`, a text/plain POST (no
 * preflight) that outlives the page; nothing is kept in the browser.
 */
function setupStats(): void {
  const token = body.dataset.stats;
  // An organiser's look in the preview is no viewer, and the pageview's answer could not be read
  // there anyway.
  if (!slug || !token || preview) return;
  const channel = body.dataset.channel;
  const fields = () => ({ ...(channel ? { c: channel } : {}), ...playerState() });
  let view: string | undefined;
  const beat = () => {
    if (!view) return;
    const url = `/${slug}/_stats/beat`;
    const payload = JSON.stringify({ v: view, ...fields() });
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, payload)) return;
    fetch(url, { method: 'POST', body: payload, keepalive: true, credentials: 'omit' }).catch(
      () => undefined,
    );
  };
  let timer: ReturnType<typeof setInterval> | undefined;
  const start = () => {
    if (view) timer ??= setInterval(beat, HEARTBEAT_MS);
  };
  const stop = () => {
    clearInterval(timer);
    timer = undefined;
  };
  // A string body is text/plain, as sendBeacon sends it; a page view not counted answers 204.
  fetch(`/${slug}/_stats/view`, {
    method: 'POST',
    body: JSON.stringify({ t: token, ...fields() }),
    credentials: 'omit',
  })
    .then((response) =>
      response.status === 200 ? (response.json() as Promise<{ v?: unknown }>) : undefined,
    )
    .then((answer) => {
      if (typeof answer?.v !== 'string') return;
      view = answer.v;
      if (document.visibilityState === 'visible') start();
    })
    .catch(() => undefined);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') {
      beat();
      start();
    } else {
      stop();
    }
  });
}

setupNavigation();
setupConsent(slug);
setupMessages();
setupPolls();
setupRemoteReload();
setupCountdown();
if (slug) {
  setupPageState({
    slug,
    state: body.dataset.state ?? 'live',
    version: Number(body.dataset.version) || 0,
    nextChange: body.dataset.nextChange,
    live,
  });
}
if (live) {
  startLive({
    slug,
    channel: body.dataset.channel ?? '',
    protected: body.dataset.protected !== undefined,
  });
}
setupStats();
setupReactions(slug);

// A module to TypeScript (its test imports it to run it); the bundle is a plain script (build.mjs).
export {};
