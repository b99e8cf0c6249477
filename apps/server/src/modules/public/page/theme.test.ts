import { DEFAULT_EVENT_SETTINGS } from '@livent/shared';
import { describe, expect, it } from 'vitest';
import { themeCss } from './theme.js';

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

  it('can never end its style element, whatever reaches it', () => {
    const css = themeCss({ ...DEFAULT_EVENT_SETTINGS, accentColor: '</style><script>x</script>' });
    expect(css).not.toContain('<');
  });
});
