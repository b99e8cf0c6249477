// What the page script's blocks share: building elements without parsing data as HTML, and the
// "try again in …" of a 429.

/** An element with a class and text, built without ever parsing data as HTML. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text = '',
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  node.textContent = text;
  return node;
}

/** "in 3 minutes" in the page's language, from a 429's Retry-After (seconds). */
export function retryIn(template: string, response: Response): string {
  const seconds = Math.max(1, Number(response.headers.get('retry-after')) || 60);
  const format = new Intl.RelativeTimeFormat(document.documentElement.lang || 'en', {
    numeric: 'always',
  });
  const when =
    seconds < 90
      ? format.format(seconds, 'second')
      : format.format(Math.ceil(seconds / 60), 'minute');
  return template.replace('%s', when);
}
