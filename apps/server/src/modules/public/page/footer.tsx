import { TextBlock } from '../../../lib/html/linkify.js';
import { safeUrl, statementPath } from './page-data.js';
import { usePage } from './page-context.js';

const PRODUCT_NAME = 'Livent';
const PRODUCT_URL = 'https://livent.app';

/** Livent's mark: a rounded square with a play triangle. */
export function ProductMark() {
  return (
    <svg className="lv-powered-logo" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <rect width="24" height="24" rx="6" fill="currentColor" />
      <path d="M9 7.5v9l7.5-4.5z" fill="#fff" />
    </svg>
  );
}

export function ProductName() {
  return <span>{PRODUCT_NAME}</span>;
}

export function Footer() {
  const { data, settings: s, t } = usePage();
  const hideLogo = s.hideFooterLogo && data.allowHideFooterLogo;
  const external = { target: '_blank', rel: 'noopener noreferrer' };
  const links = [
    s.legalTermsLink && (
      <a key="legal" href={safeUrl(s.legalTermsLink)} {...external}>
        {t('legalTerms')}
      </a>
    ),
    s.privacyLink && (
      <a key="privacy" href={safeUrl(s.privacyLink)} {...external}>
        {t('privacy')}
      </a>
    ),
    s.contactWebsite && (
      <a key="website" href={safeUrl(s.contactWebsite)} {...external}>
        {s.contactName || s.contactWebsite}
      </a>
    ),
    s.contactEmail && (
      <a key="email" href={`mailto:${s.contactEmail}`}>
        {s.contactEmail}
      </a>
    ),
    // Withdraws the consent (ADR 051): a script's button, shown by the viewer script.
    s.complianceBanner && (
      <button key="consent" type="button" className="lv-consent-settings" hidden>
        {t('consent.settings')}
      </button>
    ),
    // Every page links its accessibility statement (ADR 052).
    <a key="accessibility" href={statementPath(data.eventSlug)}>
      {t('footerLink')}
    </a>,
  ].filter(Boolean);
  return (
    <footer className="lv-footer">
      <div className="lv-wrap">
        <p className="lv-footer-links">{links}</p>
        {s.customLegalText && (
          <div className="lv-legal-text">
            <TextBlock text={s.customLegalText} autoLinks />
          </div>
        )}
        {!hideLogo && (
          <p className="lv-powered">
            <a href={PRODUCT_URL} target="_blank" rel="noopener">
              {t('poweredBy')} <ProductMark />
              <ProductName />
            </a>
          </p>
        )}
      </div>
    </footer>
  );
}
