import { safeUrl } from './page-data.js';
import { usePage } from './page-context.js';

/** The consent notice; the viewer script hides it once accepted (per event, in local storage). */
export function ComplianceBanner() {
  const { settings: s, t } = usePage();
  if (!s.complianceBanner) return null;
  return (
    <div className="lv-consent" role="region" aria-label={t('privacy')}>
      <p>
        {t('complianceText')}
        {s.legalTermsLink && (
          <>
            {' '}
            <a href={safeUrl(s.legalTermsLink)} target="_blank" rel="noopener noreferrer">
              {t('legalTerms')}
            </a>
          </>
        )}
        {s.privacyLink && (
          <>
            {' '}
            <a href={safeUrl(s.privacyLink)} target="_blank" rel="noopener noreferrer">
              {t('privacy')}
            </a>
          </>
        )}
      </p>
      <button type="button" className="lv-button lv-consent-accept">
        {t('complianceAccept')}
      </button>
    </div>
  );
}
