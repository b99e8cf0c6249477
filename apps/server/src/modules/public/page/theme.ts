import type { EventSettings } from '@livent/shared';
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
  }
  const css = `:root{${vars.join(';')}}${background ? `body{${background}}` : ''}`;
  return css.replaceAll('<', '\\3c ');
}
