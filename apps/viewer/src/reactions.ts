// The reactions bar (ADR 059): a tap floats its emoji at once and is sent with the second's other
// taps; the bursts of every viewer come over the page's live stream (`lv:live`, kind
// `reactions`) and float for everyone, capped so that a thousand hearts a second stay cheap.

/** How long taps are gathered before they go out together. */
export const SEND_EVERY_MS = 1_000;
/** Taps one request may carry (the server's `REACTION_BATCH_MAX`). */
const BATCH_MAX = 20;
/** Emoji floating at once, at most: a burst beyond it shows as many as fit. */
export const FLOATING_MAX = 30;
/** How long one emoji floats (the CSS animation's duration). */
const FLOAT_MS = 2_400;

interface LiveDetail {
  kind: string;
  data: unknown;
}

export function setupReactions(slug: string): void {
  const bar = document.querySelector<HTMLElement>('.lv-reactions');
  const layer = bar?.querySelector<HTMLElement>('.lv-reactions-float');
  if (!bar || !layer || !slug) return;
  const emoji = new Map<string, string>();
  for (const button of bar.querySelectorAll<HTMLButtonElement>('button[data-reaction]')) {
    emoji.set(button.dataset.reaction ?? '', button.dataset.emoji ?? '');
  }
  // The dashboard's preview runs the page in a sandbox without its origin (an opaque one,
  // "null"): the bar shows and floats, but an organiser's look sends nothing.
  const sending = self.origin !== 'null';
  /** Taps not sent yet, per reaction. */
  const pending = new Map<string, number>();
  /** Taps sent since the last burst: the burst holds them, and they floated already. */
  const own = new Map<string, number>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pausedUntil = 0;
  let floating = 0;

  const float = (reaction: string, delayMs = 0) => {
    const symbol = emoji.get(reaction);
    if (!symbol || floating >= FLOATING_MAX) return;
    floating += 1;
    const item = document.createElement('span');
    item.className = 'lv-reaction-float';
    item.textContent = symbol;
    // Spread across the layer and slightly varied, so that a burst reads as many viewers.
    item.style.left = `${String(5 + Math.random() * 85)}%`;
    item.style.animationDelay = `${String(delayMs)}ms`;
    layer.append(item);
    setTimeout(() => {
      item.remove();
      floating -= 1;
    }, FLOAT_MS + delayMs);
  };

  const send = () => {
    timer = undefined;
    const batch = [...pending];
    pending.clear();
    if (!sending || Date.now() < pausedUntil) return;
    for (const [reaction, count] of batch) {
      own.set(reaction, (own.get(reaction) ?? 0) + count);
      fetch(`/${slug}/_reactions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ reaction, count }),
        credentials: 'same-origin',
      })
        .then((response) => {
          // Too many: the taps are let go, and none are sent until the server allows again.
          if (response.status === 429) {
            const seconds = Number(response.headers.get('retry-after')) || 10;
            pausedUntil = Date.now() + seconds * 1000;
          }
        })
        .catch(() => undefined);
    }
  };

  bar.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('button[data-reaction]');
    const reaction = button?.dataset.reaction;
    if (!reaction) return;
    float(reaction);
    pending.set(reaction, Math.min(BATCH_MAX, (pending.get(reaction) ?? 0) + 1));
    timer ??= setTimeout(send, SEND_EVERY_MS);
  });

  document.addEventListener('lv:live', (event) => {
    const { kind, data } = (event as CustomEvent<LiveDetail>).detail;
    if (kind !== 'reactions' || typeof data !== 'object' || data === null) return;
    const others: [string, number][] = [];
    for (const [reaction, value] of Object.entries(data)) {
      if (typeof value !== 'number' || !emoji.has(reaction)) continue;
      const mine = own.get(reaction) ?? 0;
      others.push([reaction, Math.max(0, value - mine)]);
    }
    own.clear();
    const total = others.reduce((sum, [, count]) => sum + count, 0);
    const room = FLOATING_MAX - floating;
    if (total === 0 || room <= 0) return;
    // A big burst floats a share of each reaction, spread over the second it stands for.
    const scale = Math.min(1, room / total);
    for (const [reaction, count] of others) {
      const shown = Math.max(count > 0 ? 1 : 0, Math.floor(count * scale));
      for (let i = 0; i < shown; i++) float(reaction, Math.random() * SEND_EVERY_MS);
    }
  });
}
