import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';

export { expect };

/** Runs axe on the page and fails on any WCAG 2.x A/AA violation. */
export async function expectAccessible(page: Page): Promise<void> {
  // Colours are checked as rendered: a drawer or menu still fading in would fail contrast.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
}

export const VIEWPORTS = {
  desktop: { width: 1366, height: 900 },
  mobile: { width: 390, height: 844 },
} as const;

/** Saves a full-page screenshot under screenshots/ for people to look at (not compared). */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync('screenshots', { recursive: true });
  await page.screenshot({ path: `screenshots/${name}.png`, fullPage: true });
}

/** Sets the interface language the way the language switch does: the locale cookie. */
export async function useLanguage(page: Page, language: 'en' | 'de'): Promise<void> {
  await page
    .context()
    .addCookies([
      { name: 'lvnt.locale', value: language, domain: 'localhost', path: '/', sameSite: 'Lax' },
    ]);
}

export const test = base;
