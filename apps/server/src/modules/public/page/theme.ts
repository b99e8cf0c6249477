import { parseHexColor, readableInk, scrimOpacity, type EventSettings } from '@livent/shared';
import { isUpload } from './page-data.js';

const FONT_STACKS = {
  sans: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  serif: 'Georgia, Cambria, "Times New Roman", Times, serif',
  mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
};

export type ThemeSettings = Pick<
  EventSettings,
  | 'backgroundColor'
  | 'textColor'
  | 'accentColor'
  | 'headerColor'
  | 'headerTextColor'
  | 'headerAccentColor'
  | 'headerHeight'
  | 'fontFamily'
  | 'customFont'
  | 'backgroundImage'
  | 'backgroundSize'
  | 'backgroundRepeat'
  | 'backgroundAttachment'
>;

/** The tube layout's light text on its dark page (page.css, "Tube"). */
const THEATRE_INK = '#eceef3';
const THEATRE_PAGE = '#0b0d12';

/**
 * The layer under the heading and the introduction on a background image: the page's background
 * colour, just opaque enough that the text keeps AA contrast over any picture (ADR 052).
 */
export function scrimColor(text: string, background: string): string {
  const alpha = scrimOpacity(text, background);
  const [r, g, b] = parseHexColor(background) ?? [255, 255, 255];
  return `rgb(${String(r)} ${String(g)} ${String(b)} / ${String(Math.round(alpha * 100))}%)`;
}

/**
 * The event's theme as CSS custom properties over `page.css`. Every value comes from the settings
 * reader, which only lets through what the shared schema accepts (colours `#rrggbb`, font names of
 * letters, digits, spaces, `_` and `-`, upload paths); `<` is escaped besides, so that nothing
 * can ever end the style element (ADR 021).
 */
export function themeCss(s: ThemeSettings): string {
  const font =
    s.fontFamily === 'custom' && s.customFont
      ? `"${s.customFont}", ${FONT_STACKS.sans}`
      : FONT_STACKS[s.fontFamily === 'custom' ? 'sans' : s.fontFamily];
  const vars = [
    `--lv-bg:${s.backgroundColor}`,
    `--lv-text:${s.textColor}`,
    `--lv-accent:${s.accentColor}`,
    `--lv-header-bg:${s.headerColor}`,
    `--lv-header-text:${s.headerTextColor}`,
    `--lv-header-accent:${s.headerAccentColor}`,
    `--lv-header-height:${String(Math.round(s.headerHeight))}px`,
    `--lv-font:${font}`,
    // Black or white on the accent (buttons, the start label), whichever reads better: with
    // either, the pair reaches AA whatever the accent (ADR 052).
    `--lv-accent-ink:${readableInk(s.accentColor)}`,
  ];
  let background = '';
  if (isUpload(s.backgroundImage)) {
    const custom = s.backgroundSize !== 'default';
    background = [
      `background-image:url("${s.backgroundImage}")`,
      `background-size:${custom ? s.backgroundSize : 'cover'}`,
      `background-repeat:${custom ? s.backgroundRepeat : 'no-repeat'}`,
      `background-attachment:${custom ? s.backgroundAttachment : 'scroll'}`,
      'background-position:center top',
    ].join(';');
    vars.push(
      `--lv-scrim:${scrimColor(s.textColor, s.backgroundColor)}`,
      // The tube layout's own ink and page (page.css, "Tube").
      `--lv-theatre-scrim:${scrimColor(THEATRE_INK, THEATRE_PAGE)}`,
    );
  }
  const css = `:root{${vars.join(';')}}${background ? `body{${background}}` : ''}`;
  return css.replaceAll('<', '\\3c ');
}
