import { INVITATION_PASSWORD_MAX, INVITATION_USERNAME_MAX } from '@livent/shared';
import { usePage } from './page-context.js';
import { minutes } from './form-field.js';

/**
 * The invitation sign-in: username and password in a plain POST form that works without script
 * (ADR 026). The personal link signs in without it.
 */
export function InvitationGateForm() {
  const { data, t } = usePage();
  const error = data.gate?.error;
  const message =
    error?.kind === 'wrongCredentials'
      ? t('access.wrongCredentials')
      : error?.kind === 'invalidLink'
        ? t('access.invalidLink')
        : error?.kind === 'tooMany'
          ? t('access.tooMany', { count: minutes(error.retryAfterSeconds) })
          : '';
  const described = message ? 'lv-access-error' : undefined;
  return (
    <form className="lv-gate-form" method="post" action={`/${data.eventSlug}/_access/invitation`}>
      {data.channelSlug && <input type="hidden" name="channel" value={data.channelSlug} />}
      <label htmlFor="lv-access-username">{t('access.usernameLabel')}</label>
      <input
        id="lv-access-username"
        name="username"
        type="text"
        required
        maxLength={INVITATION_USERNAME_MAX}
        autoComplete="username"
        autoCapitalize="off"
        spellCheck={false}
        aria-invalid={message ? true : undefined}
        aria-describedby={described}
      />
      <label htmlFor="lv-access-password">{t('access.passwordLabel')}</label>
      <input
        id="lv-access-password"
        name="password"
        type="password"
        required
        maxLength={INVITATION_PASSWORD_MAX}
        autoComplete="current-password"
        aria-invalid={message ? true : undefined}
        aria-describedby={described}
      />
      {message && (
        <p id="lv-access-error" className="lv-gate-error" role="alert">
          {message}
        </p>
      )}
      <button type="submit" className="lv-button">
        {t('access.signIn')}
      </button>
    </form>
  );
}
