import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupConsent } from './consent.js';

// The consent banner's placeholders (ADR 051): nothing of an embed is in the page before the
// viewer agrees; "Agree" loads all, "Load content" one, withdrawing puts the placeholders back.

// A video element stands for any embed (happy-dom would try to load an iframe's page).
const frame = (src: string) => `<div class="lv-ratio"><video src="${src}"></video></div>`;

function placeholder(html: string): string {
  const box = document.createElement('div');
  box.className = 'lv-consent-embed lv-ratio';
  box.dataset.consentHtml = html;
  box.innerHTML = '<button type="button" class="lv-consent-load" hidden>Load content</button>';
  return box.outerHTML;
}

function renderPage(): void {
  document.body.innerHTML = `
    <main>${placeholder(frame('https://www.youtube.com/embed/a'))}${placeholder(frame('https://maps.example.com/'))}</main>
    <footer><button type="button" class="lv-consent-settings" hidden>Privacy settings</button></footer>
    <div class="lv-consent" tabindex="-1">
      <button type="button" class="lv-consent-decline">Decline</button>
      <button type="button" class="lv-consent-accept">Agree</button>
    </div>`;
}

const frames = () =>
  Array.from(document.querySelectorAll('video'), (node) => node.getAttribute('src'));
const banner = () => document.querySelector<HTMLElement>('.lv-consent')!;
const click = (selector: string) => document.querySelector<HTMLElement>(selector)!.click();

beforeEach(() => {
  localStorage.clear();
  renderPage();
});
afterEach(() => vi.restoreAllMocks());

describe('the consent placeholders', () => {
  it('load nothing before the viewer agrees, and every embed on "Agree", kept per event', () => {
    setupConsent('launch');
    expect(frames()).toEqual([]);
    expect(banner().hidden).toBe(false);
    click('.lv-consent-accept');
    expect(frames()).toEqual(['https://www.youtube.com/embed/a', 'https://maps.example.com/']);
    expect(banner().hidden).toBe(true);
    expect(localStorage.getItem('lvnt.consent.launch')).toBe('granted');

    // The next visit loads them at once; another event asks again.
    renderPage();
    setupConsent('launch');
    expect(frames()).toHaveLength(2);
    expect(banner().hidden).toBe(true);
    renderPage();
    setupConsent('other');
    expect(frames()).toEqual([]);
  });

  it('load one embed on its own button without storing a choice', () => {
    setupConsent('launch');
    // The buttons are the script's: hidden in the page, shown once it runs.
    const buttons = Array.from(document.querySelectorAll<HTMLElement>('.lv-consent-load'));
    expect(buttons.map((button) => button.hidden)).toEqual([false, false]);
    document.querySelectorAll<HTMLElement>('.lv-consent-load')[1]!.click();
    expect(frames()).toEqual(['https://maps.example.com/']);
    expect(localStorage.getItem('lvnt.consent.launch')).toBeNull();
  });

  it('stay on "Decline", and the banner stays away on the next visit', () => {
    setupConsent('launch');
    click('.lv-consent-decline');
    expect(frames()).toEqual([]);
    expect(banner().hidden).toBe(true);
    renderPage();
    setupConsent('launch');
    expect(banner().hidden).toBe(true);
    expect(frames()).toEqual([]);
  });

  it('come back when the viewer withdraws in the footer: the banner again, the embeds gone', () => {
    setupConsent('launch');
    const settings = document.querySelector<HTMLButtonElement>('.lv-consent-settings')!;
    expect(settings.hidden).toBe(false);
    click('.lv-consent-accept');
    settings.click();
    expect(frames()).toEqual([]);
    expect(document.querySelectorAll('.lv-consent-embed')).toHaveLength(2);
    expect(banner().hidden).toBe(false);
    expect(localStorage.getItem('lvnt.consent.launch')).toBeNull();
  });

  it("ignore the old banner's acknowledgement, which was no consent to the embeds", () => {
    localStorage.setItem('lvnt.consent.launch', '2026-01-01T00:00:00.000Z');
    setupConsent('launch');
    expect(banner().hidden).toBe(false);
    expect(frames()).toEqual([]);
  });
});
