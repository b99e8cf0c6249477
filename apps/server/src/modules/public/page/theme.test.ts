import { DEFAULT_EVENT_SETTINGS, scrimOpacity } from '@livent/shared';
import { describe, expect, it } from 'vitest';
import { scrimColor, themeCss } from './theme.js';

describe('themeCss', () => {
  it('sets the theme as custom properties and the background image on the body', () => {
    const css = themeCss({
      ...DEFAULT_EVENT_SETTINGS,
      accentColor: '#aa0011',
      fontFamily: 'custom',
      customFont: 'Open Sans',
      backgroundImage: '/uploads/0123456789abcdef.png',
    });
    expect(css).toContain('--lv-accent:#aa0011');
    expect(css).toContain('--lv-font:"Open Sans", system-ui');
    expect(css).toContain('body{background-image:url("/uploads/0123456789abcdef.png")');
  });

  it('sets the ink on the accent that reads better, and a scrim only under a background image', () => {
    expect(themeCss({ ...DEFAULT_EVENT_SETTINGS, accentColor: '#ffeb3b' })).toContain(
      '--lv-accent-ink:#000000',
    );
    expect(themeCss({ ...DEFAULT_EVENT_SETTINGS, accentColor: '#3f51b5' })).toContain(
      '--lv-accent-ink:#ffffff',
    );
    expect(themeCss(DEFAULT_EVENT_SETTINGS)).not.toContain('--lv-scrim');
    const css = themeCss({
      ...DEFAULT_EVENT_SETTINGS,
      textColor: '#1d2333',
      backgroundColor: '#f5f6fa',
      backgroundImage: '/uploads/0123456789abcdef.png',
    });
    expect(css).toContain(`--lv-scrim:${scrimColor('#1d2333', '#f5f6fa')}`);
  });

  it('makes the scrim the background colour, as opaque as AA contrast needs', () => {
    const alpha = Math.round(scrimOpacity('#1d2333', '#f5f6fa') * 100);
    expect(alpha).toBeGreaterThan(0);
    expect(alpha).toBeLessThan(100);
    expect(scrimColor('#1d2333', '#f5f6fa')).toBe(`rgb(245 246 250 / ${String(alpha)}%)`);
    // A background that falls short itself gets no see-through layer.
    expect(scrimColor('#777777', '#888888')).toBe('rgb(136 136 136 / 100%)');
  });

  it('can never end its style element, whatever reaches it', () => {
    const css = themeCss({ ...DEFAULT_EVENT_SETTINGS, accentColor: '</style><script>x</script>' });
    expect(css).not.toContain('<');
  });
});
