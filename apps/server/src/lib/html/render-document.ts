import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/**
 * The server's one way to build HTML (docs/architecture.md, "Stack": server HTML): components
 * rendered by React, which escapes every text and attribute value. Pages and emails are static
 * markup — nothing hydrates them — so no React attributes are emitted.
 */
export function renderDocument(element: ReactElement): string {
  return `<!doctype html>${renderToStaticMarkup(element)}`;
}

/** A fragment of markup (an email's body part, a block of a page), without the doctype. */
export function renderFragment(element: ReactElement): string {
  return renderToStaticMarkup(element);
}
