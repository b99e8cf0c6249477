import { usePage } from './page-context.js';

/** The message tool: viewers write to the organiser (the viewer script sends it in place). */
export function MessagesBlock() {
  const { data, settings: s, t } = usePage();
  if (!s.messagesEnabled) return null;
  return (
    <section className="lv-block lv-messages" aria-labelledby="lv-messages-title">
      <h2 id="lv-messages-title">{s.messagesPrompt || t('messagePrompt')}</h2>
      <form
        className="lv-message-form"
        method="post"
        action={`/${data.eventSlug}/_messages`}
        data-channel={data.channelSlug ?? ''}
        data-sent={t('messageSent')}
        data-failed={t('messageFailed')}
        data-too-many={t('messageTooMany')}
      >
        <label htmlFor="lv-msg-name">{t('messageName')}</label>
        <input id="lv-msg-name" name="name" required maxLength={100} autoComplete="name" />
        <label htmlFor="lv-msg-text">{t('messageText')}</label>
        <textarea id="lv-msg-text" name="text" required maxLength={2000} rows={4}></textarea>
        <button type="submit" className="lv-button">
          {t('messageSend')}
        </button>
        <p className="lv-message-status" role="status" aria-live="polite"></p>
      </form>
    </section>
  );
}
