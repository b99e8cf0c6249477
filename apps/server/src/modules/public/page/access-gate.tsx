import { ACCESS_CODE_MAX_LENGTH } from '@livent/shared';
import { TextBlock } from '../../../lib/html/linkify.js';
import { ContentBlock } from './content-block.js';
import { HighlightsBlock } from './highlights-block.js';
import { CallToAction, Intro } from './intro.js';
import { InvitationGateForm } from './invitation-gate-form.js';
import { usePage } from './page-context.js';
import { RegistrationGateForm } from './registration-gate-form.js';
import { SsoGateForm } from './sso-gate-form.js';
import { isUpload } from './page-data.js';
import { minutes } from './form-field.js';

/** The code form: a plain POST that works without script (ADR 026). */
function CodeForm() {
  const { data, t } = usePage();
  const error = data.gate?.error;
  const message =
    error?.kind === 'wrongCode'
      ? t('access.wrongCode')
      : error?.kind === 'tooMany'
        ? t('access.tooMany', { count: minutes(error.retryAfterSeconds) })
        : '';
  return (
    <form className="lv-gate-form" method="post" action={`/${data.eventSlug}/_access/code`}>
      {data.channelSlug && <input type="hidden" name="channel" value={data.channelSlug} />}
      <label htmlFor="lv-access-code">{t('access.codeLabel')}</label>
      <input
        id="lv-access-code"
        name="code"
        type="text"
        required
        maxLength={ACCESS_CODE_MAX_LENGTH}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? 'lv-access-error' : undefined}
      />
      {message && (
        <p id="lv-access-error" className="lv-gate-error" role="alert">
          {message}
        </p>
      )}
      <button type="submit" className="lv-button">
        {t('access.submit')}
      </button>
    </form>
  );
}

/**
 * What a viewer without access sees of a protected event (ADR 026): the access text and image,
 * the way in, and only the parts the organiser allows before access. The player, the message
 * tool, channels, frames and embed code are never rendered here.
 */
export function AccessGate() {
  const { data, settings: s, t } = usePage();
  const image = isUpload(s.accessImage) ? s.accessImage : null;
  return (
    <>
      {s.accessShowIntroduction ? (
        <Intro cta={s.accessShowContent} />
      ) : (
        <h1 className="lv-headline lv-title lv-intro">{s.title}</h1>
      )}
      <div className="lv-stack">
        <section
          className={`lv-block lv-gate lv-gate-${s.accessImagePlacement}`}
          aria-labelledby="lv-gate-title"
        >
          {image && <img className="lv-gate-image" src={image} alt="" />}
          <div className="lv-gate-body">
            <h2 id="lv-gate-title">{t('access.title')}</h2>
            {data.gate?.sessionEnded && (
              <p id="lv-session-ended" className="lv-gate-notice" role="status">
                {t('access.sessionEnded')}
              </p>
            )}
            {s.accessText && (
              <div className="lv-text">
                <TextBlock text={s.accessText} autoLinks={s.autoCreateLinks} />
              </div>
            )}
            {s.accessMode === 'code' ? (
              <CodeForm />
            ) : s.accessMode === 'registration' ? (
              <RegistrationGateForm />
            ) : s.accessMode === 'invitation' ? (
              <InvitationGateForm />
            ) : s.accessMode === 'cip' ? (
              <SsoGateForm />
            ) : (
              <p className="lv-gate-note">{t('access.unavailable')}</p>
            )}
          </div>
        </section>
        {s.accessShowContent && <ContentBlock />}
        {s.accessShowContent && !s.accessShowIntroduction && <CallToAction />}
        {s.accessShowHighlights && <HighlightsBlock />}
      </div>
    </>
  );
}
