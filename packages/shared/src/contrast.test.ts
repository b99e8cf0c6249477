import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  contrastShortfalls,
  parseHexColor,
  readableInk,
  relativeLuminance,
  scrimOpacity,
} from './contrast.js';
import { DEFAULT_EVENT_SETTINGS } from './events.js';

/** The composite of `color` at `alpha` over `picture`, as the browser blends it (sRGB). */
function over(color: string, alpha: number, picture: string): string {
  const top = parseHexColor(color)!;
  const below = parseHexColor(picture)!;
  return `#${top
    .map((channel, index) => Math.round(alpha * channel + (1 - alpha) * below[index]!))
    .map((value) => value.toString(16).padStart(2, '0'))
    .join('')}`;
}

describe('contrast', () => {
  it('computes WCAG ratios: black on white is 21, a colour on itself 1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#3f51b5', '#3f51b5')).toBe(1);
    // Known values (WebAIM's contrast checker): #767676 on white is the lightest grey at 4.54.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
    expect(relativeLuminance([255, 255, 255])).toBeCloseTo(1, 5);
    expect(contrastRatio('red', '#ffffff')).toBeNaN();
  });

  it('picks the ink that reads better on a colour, always at AA', () => {
    expect(readableInk('#ffeb3b')).toBe('#000000');
    expect(readableInk('#3f51b5')).toBe('#ffffff');
    for (const accent of ['#777777', '#808080', '#00a0a0', '#ff0000', '#3f51b5', '#ffeb3b']) {
      expect(contrastRatio(readableInk(accent), accent)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('sizes the scrim so that text keeps AA over a black, white or grey picture', () => {
    for (const [text, background] of [
      ['#1d2333', '#f5f6fa'],
      ['#ffffff', '#101828'],
      ['#000000', '#ffffff'],
      ['#333333', '#e0e0e0'],
    ] as const) {
      const alpha = scrimOpacity(text, background);
      expect(alpha).toBeGreaterThan(0);
      expect(alpha).toBeLessThan(1);
      for (const picture of ['#000000', '#ffffff', '#808080', '#ff00ff', '#1d2333']) {
        expect(contrastRatio(text, over(background, alpha, picture))).toBeGreaterThanOrEqual(4.4);
      }
      // And no more opaque than needed: a step less fails on the worst picture.
      const less = alpha - 0.02;
      const worst = Math.min(
        contrastRatio(text, over(background, less, '#000000')),
        contrastRatio(text, over(background, less, '#ffffff')),
      );
      expect(worst).toBeLessThan(4.5);
    }
    // A background that itself falls short of AA cannot be helped: fully opaque.
    expect(scrimOpacity('#777777', '#888888')).toBe(1);
  });

  it('names the pairs below AA with their ratio, and none for the default colours', () => {
    expect(contrastShortfalls(DEFAULT_EVENT_SETTINGS)).toEqual([]);
    const shortfalls = contrastShortfalls({
      ...DEFAULT_EVENT_SETTINGS,
      textColor: '#999999',
      backgroundColor: '#ffffff',
      headerColor: '#3f51b5',
      headerTextColor: '#ffffff',
      headerAccentColor: '#3f51b5',
    });
    expect(shortfalls).toEqual([
      { foreground: 'textColor', background: 'backgroundColor', ratio: 2.84, minimum: 4.5 },
      { foreground: 'headerAccentColor', background: 'headerColor', ratio: 1, minimum: 4.5 },
    ]);
  });
});
