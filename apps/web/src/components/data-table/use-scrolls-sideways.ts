import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Whether an element's content is wider than the element, kept current as either resizes: a
 * table that scrolls sideways on a phone must take keyboard focus so that it can be scrolled
 * without a pointer (WCAG 2.1.1; axe's `scrollable-region-focusable`), and one that fits needs no
 * extra tab stop.
 */
export function useScrollsSideways(ref: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const check = () => setScrolls(element.scrollWidth > element.clientWidth);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(element);
    // The content grows when rows arrive, without the element itself resizing.
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}
