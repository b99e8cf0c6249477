import { translator } from '../../../lib/i18n/i18n.js';
import { renderDocument } from '../../../lib/html/render-document.js';
import {
  FEEDBACK_MESSAGE_MAX,
  FEEDBACK_NAME_MAX,
  type FeedbackForm,
  type FeedbackOutcome,
} from '../accessibility/accessibility-feedback.js';
import { Field, minutes } from './form-field.js';
import { Footer } from './footer.js';
import { Header } from './header.js';
import { eventHref, PageContext, usePage } from './page-context.js';
import { isUpload, statementPath, type PageData } from './page-data.js';
import { themeCss } from './theme.js';

/** The form that mails a viewer's report to the organiser: a plain POST, no script needed. */
function FeedbackFormBlock({ outcome }: { outcome: FeedbackOutcome | undefined }) {
  const { data, t } = usePage();
  if (outcome?.kind === 'sent') {
    return (
      <p className="lv-gate-note" role="status">
        {t('accessibility.sent')}
      </p>
    );
  }
  const values = outcome?.values;
  const errors = outcome?.kind === 'invalid' ? outcome.errors : {};
  const errorText = (field: keyof FeedbackForm) => {
    const kind = errors[field];
    return kind ? t(`access.registrationErrors.${kind}`) : undefined;
  };
  return (
    <form className="lv-gate-form" method="post" action={statementPath(data.eventSlug)}>
      <Field
        id="lv-feedback-message"
        name="message"
        label={t('accessibility.messageLabel')}
        required
        multiline
        error={errorText('message')}
        value={values?.message ?? ''}
        maxLength={FEEDBACK_MESSAGE_MAX}
      />
      <Field
        id="lv-feedback-name"
        name="name"
        label={t('accessibility.nameLabel')}
        required={false}
        error={errorText('name')}
        value={values?.name ?? ''}
        autoComplete="name"
        maxLength={FEEDBACK_NAME_MAX}
      />
      <Field
        id="lv-feedback-email"
        name="email"
        type="email"
        label={t('accessibility.emailLabel')}
        required={false}
        error={errorText('email')}
        value={values?.email ?? ''}
        autoComplete="email"
        maxLength={254}
      />
      {outcome?.kind === 'invalid' && (
        <p className="lv-gate-error" role="alert">
          {t('accessibility.invalid')}
        </p>
      )}
      {outcome?.kind === 'tooMany' && (
        <p className="lv-gate-error" role="alert">
          {t('access.tooMany', { count: minutes(outcome.retryAfterSeconds) })}
        </p>
      )}
      <button type="submit" className="lv-button">
        {t('accessibility.send')}
      </button>
    </form>
  );
}

const DONE = ['keyboard', 'names', 'contrast', 'motion'] as const;

/**
 * An event's accessibility statement (ADR 052) in the event's own frame (theme, header, footer):
 * what the page does for WCAG 2.1 AA, its known limits, the form that reports a barrier to the
 * organiser, and where to turn without an answer. Open to everyone, also before a gate.
 */
function StatementPage({ outcome }: { outcome: FeedbackOutcome | undefined }) {
  const { data, settings: s, t } = usePage();
  const title = `${t('accessibility.title')} – ${s.title}`;
  return (
    <html lang={data.language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{title}</title>
        <link rel="icon" href={isUpload(s.logo) ? s.logo : data.assets.favicon} />
        <link rel="stylesheet" href={data.assets.stylesheet} />
        <style dangerouslySetInnerHTML={{ __html: themeCss(s) }}></style>
      </head>
      <body className={`lv-layout-classic lv-header-${s.headerLayout} lv-statement-page`}>
        <a className="lv-skip" href="#lv-main">
          {t('skip')}
        </a>
        <Header />
        <main id="lv-main" className="lv-main lv-wrap">
          <article className="lv-block lv-statement">
            <p>
              <a href={eventHref(data, data.channelSlug)}>← {t('accessibility.back')}</a>
            </p>
            <h1 className="lv-headline">{t('accessibility.title')}</h1>
            <p>{t('accessibility.intro', { eventTitle: s.title })}</p>
            <h2>{t('accessibility.doneTitle')}</h2>
            <ul>
              {DONE.map((key) => (
                <li key={key}>{t(`accessibility.done.${key}`)}</li>
              ))}
            </ul>
            <h2>{t('accessibility.limitsTitle')}</h2>
            <p>{t('accessibility.limits')}</p>
            <section aria-labelledby="lv-feedback-title">
              <h2 id="lv-feedback-title">{t('accessibility.feedbackTitle')}</h2>
              <p>{t('accessibility.feedbackText')}</p>
              <FeedbackFormBlock outcome={outcome} />
            </section>
            <h2>{t('accessibility.enforcementTitle')}</h2>
            <p>{t('accessibility.enforcement')}</p>
          </article>
        </main>
        <Footer />
      </body>
    </html>
  );
}

/** The statement page as a complete HTML document, with the outcome of the last report if any. */
export function renderStatementPage(data: PageData, outcome?: FeedbackOutcome): string {
  const context = { data, settings: data.settings, t: translator(data.language, 'viewer') };
  return renderDocument(
    <PageContext value={context}>
      <StatementPage outcome={outcome} />
    </PageContext>,
  );
}
