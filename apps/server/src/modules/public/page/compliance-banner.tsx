import { safeUrl } from './page-data.js';
import { usePage } from './page-context.js';

/**
 * The consent banner (docs/decisions/051-consent-that-holds.md): the event's own text in the
 * page's language, else the default one; "Agree" loads every embed, "Decline" keeps the
 * placeholders. The viewer script keeps the choice per event and hides the banner once made.
 */
export function ComplianceBanner() {
  const { data, settings: s, t } = usePage();
  if (!s.complianceBanner) return null;
  const own = { en: s.complianceTextEn, de: s.complianceTextDe }[data.language as 'en' | 'de'];
  return (
    <div
      className="lv-consent"
      id="lv-consent"
      role="region"
      aria-label={t('consent.title')}
      tabIndex={-1}
    >
      <p>
        {own?.trim() || t('complianceText')}
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
      {/* Buttons of the viewer script, which shows them; without it the text still informs. */}
      <p className="lv-consent-choices" hidden>
        <button type="button" className="lv-button lv-consent-decline">
          {t('consent.decline')}
        </button>
        <button type="button" className="lv-button lv-consent-accept">
          {t('consent.agree')}
        </button>
      </p>
    </div>
  );
}
