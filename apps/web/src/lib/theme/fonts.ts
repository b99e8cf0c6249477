import href from './fonts.css?url';

/**
 * Roboto, loaded once the first screen has painted. Its text is drawn in the system font until
 * then (the faces swap in), so the three font files never race the first screen for the
 * network: on a slow phone they were most of the difference between a fast and a slow
 * largest contentful paint of /login (docs/quality.md, section 6).
 */
export function loadFonts(): void {
  if (document.querySelector(`link[href="${href}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  document.head.append(link);
}
