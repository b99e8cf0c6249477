import type { AnyRouter, HistoryLocation } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';

/**
 * Navigation while the browser is offline (docs/product-spec.md section 4, "Online/offline
 * indicator"): the next screen's code and data cannot load, and a failed load replaced the
 * screen, or reloaded into the browser's error page, losing unsaved work. The navigation is held
 * instead: the screen stays as it is, and the navigation runs once the browser is online again.
 */

let held: string | undefined;
const listeners = new Set<() => void>();

function setHeld(href: string | undefined): void {
  held = href;
  for (const listener of listeners) listener();
}

/**
 * Holds every navigation of `router` while offline and runs the last one held when the browser
 * is online again. Installed before anything renders, so it is asked before the screens' own
 * blockers: the unsaved-changes guard asks when the navigation really runs.
 */
export function holdNavigationWhileOffline(router: AnyRouter): () => void {
  const unblock = router.history.block({
    blockerFn: ({ nextLocation }: { nextLocation: HistoryLocation }) => {
      if (navigator.onLine) return false;
      setHeld(nextLocation.href);
      return true;
    },
    enableBeforeUnload: false,
  });
  const retry = () => {
    const href = held;
    if (href === undefined) return;
    setHeld(undefined);
    void router.navigate({ href });
  };
  window.addEventListener('online', retry);
  return () => {
    unblock();
    window.removeEventListener('online', retry);
    setHeld(undefined);
  };
}

/** Forgets the held navigation: the visitor stays where they are. */
export function dropHeldNavigation(): void {
  setHeld(undefined);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The address of the navigation waiting for the connection, if any. */
export function useHeldNavigation(): string | undefined {
  return useSyncExternalStore(
    subscribe,
    () => held,
    () => undefined,
  );
}
