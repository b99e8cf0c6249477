import type { ViewerLanguage } from '@livent/shared';
import { renderDocument } from '../../../lib/html/render-document.js';
import { translator } from '../../../lib/i18n/i18n.js';
import { PlainPage } from '../page/not-found-page.js';
import type { PageAssets } from '../page/page-data.js';

export interface UnsubscribePageData {
  language: ViewerLanguage;
  assets: PageAssets;
  eventTitle: string;
  email: string;
  /** `ask`: the button that unsubscribes (a GET never does); `done`: after it. */
  step: 'ask' | 'done';
}

/**
 * The page behind a bulk mail's unsubscribe link (ADR 049), in the 404 page's frame and the
 * default theme: it asks first, because mail scanners open every link in a mail; the button
 * posts what a mail client's one-click unsubscribe posts (RFC 8058).
 */
function UnsubscribePage({ language, assets, eventTitle, email, step }: UnsubscribePageData) {
  const t = translator(language, 'viewer');
  const title = t(step === 'ask' ? 'unsubscribe.askTitle' : 'unsubscribe.doneTitle');
  return (
    <PlainPage language={language} assets={assets} title={title}>
      <h1>{title}</h1>
      {step === 'ask' ? (
        <>
          <p>{t('unsubscribe.askText', { email, eventTitle })}</p>
          {/* No action: the form posts to the address it was loaded from, token and all. */}
          <form method="post">
            <input type="hidden" name="List-Unsubscribe" value="One-Click" />
            <button type="submit" className="lv-button">
              {t('unsubscribe.action')}
            </button>
          </form>
        </>
      ) : (
        <>
          <p>{t('unsubscribe.doneText', { email, eventTitle })}</p>
          <p>{t('unsubscribe.stillSent')}</p>
        </>
      )}
    </PlainPage>
  );
}

export const renderUnsubscribePage = (data: UnsubscribePageData): string =>
  renderDocument(<UnsubscribePage {...data} />);
