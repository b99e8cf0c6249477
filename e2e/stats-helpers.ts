import type { Browser, Page } from '@playwright/test';
import { e2ePort } from '../playwright.config.js';

export const EVENTS_ORIGIN = `http://events.localhost:${e2ePort}`;

/**
 * The server leaves headless browsers out of the stats (isbot knows "HeadlessChrome", ADR 027);
 * the viewers of these tests are meant to count, so they say what a desktop Chrome says.
 */
export const VIEWER_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A viewer in a fresh browser context of its own (no shared cookies), on the public page. */
export async function openAsViewer(browser: Browser, slug: string, path = ''): Promise<Page> {
  const context = await browser.newContext({ userAgent: VIEWER_USER_AGENT });
  const viewer = await context.newPage();
  await viewer.goto(`${EVENTS_ORIGIN}/${slug}${path}`);
  return viewer;
}
