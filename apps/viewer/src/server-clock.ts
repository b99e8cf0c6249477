// The server's clock as the page's answer gave it (`Server-Timing: now;desc="<ms>"`, sent with a
// page whose state changes by itself): the countdown and the page's own state change follow it,
// so that a viewer's wrong clock does not matter
// (docs/decisions/063-event-times-and-page-states.md). Without it, the viewer's clock.

interface NavigationTiming {
  responseStart: number;
  serverTiming?: readonly { name: string; description: string }[];
}

/** How far the server's clock is ahead of this browser's (ms), read once. */
let offset: number | undefined;

function readOffset(): number {
  const entry = performance.getEntriesByType?.('navigation')[0] as NavigationTiming | undefined;
  const stamp = Number(entry?.serverTiming?.find((timing) => timing.name === 'now')?.description);
  if (!entry || !Number.isFinite(stamp) || stamp <= 0) return 0;
  // The server's time at the answer's first byte, and how long ago that was.
  const serverNow = stamp + (performance.now() - entry.responseStart);
  return serverNow - Date.now();
}

/** The server's time now (epoch ms). */
export function serverNow(): number {
  offset ??= readOffset();
  return Date.now() + offset;
}
