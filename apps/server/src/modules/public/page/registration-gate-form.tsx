import type { RegistrationField } from '@livent/shared';
import { Field, minutes } from './form-field.js';
import { usePage } from './page-context.js';
import { safeUrl } from './page-data.js';

const NAME_MAX = 100;
const EMAIL_MAX = 254;
const VALUE_MAX = 500;

/**
 * The registration form (ADR 026): name, email and the event's additional fields in a plain POST
 * form that works without script, with links to the legal terms and privacy policy when set. In
 * the verify mode a successful try shows "check your inbox" instead.
 */
export function RegistrationGateForm() {
  const { data, settings: s, t } = usePage();
  const error = data.gate?.error;
  if (error?.kind === 'checkInbox') {
    return (
      <p className="lv-gate-note" role="status">
        {t('access.checkInbox')}
      </p>
    );
  }
  const invalid = error?.kind === 'registration' ? error : undefined;
  const values = invalid?.values;
  const errorText = (key: string) => {
    const kind = invalid?.errors[key];
    return kind ? t(`access.registrationErrors.${kind}`) : undefined;
  };
  const fieldValue = (field: RegistrationField) => values?.fields[field.name] ?? '';
  return (
    <form className="lv-gate-form" method="post" action={`/${data.eventSlug}/_access/register`}>
      {data.channelSlug && <input type="hidden" name="channel" value={data.channelSlug} />}
      <Field
        id="lv-register-name"
        name="name"
        label={t('access.nameLabel')}
        required
        error={errorText('name')}
        value={values?.name ?? ''}
        autoComplete="name"
        maxLength={NAME_MAX}
      />
      <Field
        id="lv-register-email"
        name="email"
        type="email"
        label={t('access.emailLabel')}
        required
        error={errorText('email')}
        value={values?.email ?? ''}
        autoComplete="email"
        maxLength={EMAIL_MAX}
      />
      {s.registrationFields.map((field) => (
        <Field
          key={field.name}
          id={`lv-register-${field.name}`}
          name={`field_${field.name}`}
          label={field.label}
          required={field.required}
          error={errorText(`field_${field.name}`)}
          value={fieldValue(field)}
          maxLength={VALUE_MAX}
          options={field.options}
        />
      ))}
      {error?.kind === 'invalidLink' && (
        <p className="lv-gate-error" role="alert">
          {t('access.registrationInvalidLink')}
        </p>
      )}
      {error?.kind === 'tooMany' && (
        <p className="lv-gate-error" role="alert">
          {t('access.tooMany', { count: minutes(error.retryAfterSeconds) })}
        </p>
      )}
      {invalid && (
        <p className="lv-gate-error" role="alert">
          {t('access.registrationInvalid')}
        </p>
      )}
      {(s.legalTermsLink || s.privacyLink) && (
        <p className="lv-gate-legal">
          {t('access.registrationLegal')}{' '}
          {s.legalTermsLink && (
            <a href={safeUrl(s.legalTermsLink)} target="_blank" rel="noopener noreferrer">
              {t('legalTerms')}
            </a>
          )}
          {s.legalTermsLink && s.privacyLink && ' · '}
          {s.privacyLink && (
            <a href={safeUrl(s.privacyLink)} target="_blank" rel="noopener noreferrer">
              {t('privacy')}
            </a>
          )}
        </p>
      )}
      <button type="submit" className="lv-button">
        {t('access.register')}
      </button>
    </form>
  );
}
