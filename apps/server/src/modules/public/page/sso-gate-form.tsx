import { usePage } from './page-context.js';
import { minutes } from './form-field.js';

/**
 * The single sign-on gate (ADR 026): one link to the start of the OpenID Connect sign-in, which
 * works without script; after a failed sign-in, why.
 */
export function SsoGateForm() {
  const { data, t } = usePage();
  const error = data.gate?.error;
  const message =
    error?.kind === 'ssoFailed'
      ? t('access.ssoFailed')
      : error?.kind === 'ssoUnavailable'
        ? t('access.ssoUnavailable')
        : error?.kind === 'ssoMisconfigured'
          ? t('access.ssoMisconfigured')
          : error?.kind === 'tooMany'
            ? t('access.tooMany', { count: minutes(error.retryAfterSeconds) })
            : '';
  const start = `/${data.eventSlug}/_access/sso/start${
    data.channelSlug ? `?channel=${encodeURIComponent(data.channelSlug)}` : ''
  }`;
  const label = data.ssoButtonLabel;
  if (!data.ssoConfigured) {
    return (
      <div className="lv-gate-form">
        <p className="lv-gate-error" role="status">
          {t('access.ssoNotConfigured')}
        </p>
      </div>
    );
  }
  return (
    <div className="lv-gate-form">
      {message && (
        <p id="lv-access-error" className="lv-gate-error" role="alert">
          {message}
        </p>
      )}
      <a className="lv-button" href={start} rel="nofollow">
        {label ? t('access.ssoSignInWith', { label }) : t('access.ssoSignIn')}
      </a>
    </div>
  );
}
