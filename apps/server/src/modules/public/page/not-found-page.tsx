import { DEFAULT_EVENT_SETTINGS, type ViewerLanguage } from '@livent/shared';
import type { ReactNode } from 'react';
import { renderDocument } from '../../../lib/html/render-document.js';
import { translator } from '../../../lib/i18n/i18n.js';
import { ProductMark, ProductName } from './footer.js';
import type { PageAssets } from './page-data.js';
import { themeCss } from './theme.js';

/**
 * A page of the events origin's own that belongs to no event, in the default theme: a title and a
 * few lines in the middle, the product's mark below (the 404 page, the unsubscribe page).
 */
export function PlainPage({
  language,
  assets,
  title,
  children,
}: {
  language: ViewerLanguage;
  assets: PageAssets;
  title: string;
  children: ReactNode;
}) {
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{title}</title>
        <link rel="icon" href={assets.favicon} />
        <link rel="stylesheet" href={assets.stylesheet} />
        <style dangerouslySetInnerHTML={{ __html: themeCss(DEFAULT_EVENT_SETTINGS) }}></style>
      </head>
      <body className="lv-not-found-page">
        <main className="lv-not-found">
          {children}
          <p className="lv-powered">
            <ProductMark />
            <ProductName />
          </p>
        </main>
      </body>
    </html>
  );
}

/** The events origin's own 404 page, in the default theme. */
export function NotFoundPage({
  language,
  assets,
}: {
  language: ViewerLanguage;
  assets: PageAssets;
}) {
  const t = translator(language, 'viewer');
  return (
    <PlainPage language={language} assets={assets} title={t('notFoundTitle')}>
      <p className="lv-not-found-code">404</p>
      <h1>{t('notFoundTitle')}</h1>
      <p>{t('notFoundText')}</p>
    </PlainPage>
  );
}

export const renderNotFound = (language: ViewerLanguage, assets: PageAssets): string =>
  renderDocument(<NotFoundPage language={language} assets={assets} />);
