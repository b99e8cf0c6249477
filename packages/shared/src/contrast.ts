import type { EventSettings } from './events.js';

// Colour contrast as WCAG 2.1 defines it (success criterion 1.4.3, "Contrast (Minimum)"), for the
// public page's theme (the scrim over a background image, the text on the accent) and for the
// design screen's warning when an organiser saves colours that read badly (ADR 052).

/** The least contrast WCAG AA asks of normal text. */
export const AA_TEXT_CONTRAST = 4.5;

type Rgb = readonly [number, number, number];

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** `#rrggbb` as its three channels (0–255), or null for anything else. */
export function parseHexColor(color: string): Rgb | null {
  if (!HEX_COLOR.test(color)) return null;
  return [1, 3, 5].map((start) => parseInt(color.slice(start, start + 2), 16)) as unknown as Rgb;
}

/** WCAG's relative luminance of an sRGB colour given as 0–255 channels. */
export function relativeLuminance([r, g, b]: Rgb): number {
  const [lr, lg, lb] = [r, g, b].map((value) => {
    const channel = value / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
}

/** The contrast ratio of two luminances, from 1 (none) to 21 (black on white). */
const ratioOf = (a: number, b: number): number => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/** The contrast ratio of two `#rrggbb` colours; NaN when either is not one. */
export function contrastRatio(foreground: string, background: string): number {
  const fg = parseHexColor(foreground);
  const bg = parseHexColor(background);
  if (!fg || !bg) return Number.NaN;
  return ratioOf(relativeLuminance(fg), relativeLuminance(bg));
}

/** Black or white, whichever reads better on `background` (black while it is no colour). */
export function readableInk(background: string): '#000000' | '#ffffff' {
  const bg = parseHexColor(background);
  if (!bg) return '#000000';
  const luminance = relativeLuminance(bg);
  return ratioOf(luminance, 0) >= ratioOf(luminance, 1) ? '#000000' : '#ffffff';
}

/**
 * How opaque a layer of `background` must be under text of `text` colour so that the text keeps
 * AA contrast over any picture behind it (0–1, in steps of 0.01). Luminance grows with each
 * channel, so whatever the picture, the layer over it lies between the layer over black and the
 * layer over white: when both of those reach AA on the same side of the text, every picture
 * does. The browser blends in sRGB, as computed here. 1 when even the plain background falls
 * short.
 */
export function scrimOpacity(text: string, background: string): number {
  const ink = parseHexColor(text);
  const layer = parseHexColor(background);
  if (!ink || !layer) return 1;
  const inkLuminance = relativeLuminance(ink);
  const over = (alpha: number, picture: number) =>
    relativeLuminance(
      layer.map((channel) => alpha * channel + (1 - alpha) * picture) as unknown as Rgb,
    );
  for (let step = 0; step <= 100; step += 1) {
    const alpha = step / 100;
    const [dark, light] = [over(alpha, 0), over(alpha, 255)];
    const sameSide = dark > inkLuminance === light > inkLuminance;
    if (
      sameSide &&
      ratioOf(inkLuminance, dark) >= AA_TEXT_CONTRAST &&
      ratioOf(inkLuminance, light) >= AA_TEXT_CONTRAST
    ) {
      return alpha;
    }
  }
  return 1;
}

/** The colour pairs of the public page an organiser chooses, each with the contrast it needs. */
export const CONTRAST_PAIRS = [
  { foreground: 'textColor', background: 'backgroundColor' },
  { foreground: 'accentColor', background: 'backgroundColor' },
  { foreground: 'headerTextColor', background: 'headerColor' },
  { foreground: 'headerAccentColor', background: 'headerColor' },
] as const satisfies readonly {
  foreground: keyof EventSettings;
  background: keyof EventSettings;
}[];

export type ContrastColors = Pick<
  EventSettings,
  (typeof CONTRAST_PAIRS)[number]['foreground'] | (typeof CONTRAST_PAIRS)[number]['background']
>;

export interface ContrastShortfall {
  foreground: (typeof CONTRAST_PAIRS)[number]['foreground'];
  background: (typeof CONTRAST_PAIRS)[number]['background'];
  /** The pair's ratio, rounded down to two decimals (never shown as passing when it does not). */
  ratio: number;
  minimum: number;
}

/** The pairs of `colors` below AA contrast (text of normal size), in `CONTRAST_PAIRS` order. */
export function contrastShortfalls(colors: ContrastColors): ContrastShortfall[] {
  return CONTRAST_PAIRS.flatMap(({ foreground, background }) => {
    const ratio = contrastRatio(colors[foreground], colors[background]);
    if (Number.isNaN(ratio) || ratio >= AA_TEXT_CONTRAST) return [];
    return [
      {
        foreground,
        background,
        ratio: Math.floor(ratio * 100) / 100,
        minimum: AA_TEXT_CONTRAST,
      },
    ];
  });
}
