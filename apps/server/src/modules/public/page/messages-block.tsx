import { MESSAGE_NAME_MAX, MESSAGE_STATUSES, MESSAGE_TEXT_MAX } from '@livent/shared';
import { usePage } from './page-context.js';

/** Where the viewer script puts a number (characters typed, votes) into a text. */
const COUNT = '%n';

/**
 * The message tool (ADR 025): viewers write to the organiser or ask questions; the viewer script
 * sends them in place and fills the lists. The page is cached and shared by every viewer, so
 * only what is the same for all of them is rendered here: the form, the headings and the texts
 * the script needs. The lists themselves (own messages, public questions, votes) come from
 * `GET /{slug}/_messages`, per viewer.
 */
export function MessagesBlock() {
  const { data, settings: s, t } = usePage();
  if (!s.messagesEnabled) return null;
  const qa = s.messagesMode === 'qa';
  const statusTexts = Object.fromEntries(
    MESSAGE_STATUSES.map((status) => [`data-status-${status}`, t(`messageStatus.${status}`)]),
  );
  return (
    <section
      className="lv-block lv-messages"
      aria-labelledby="lv-messages-title"
      data-url={`/${data.eventSlug}/_messages`}
      data-channel={data.channelSlug ?? ''}
    >
      <h2 id="lv-messages-title">{s.messagesPrompt || t('messagePrompt')}</h2>
      <form
        className="lv-message-form"
        method="post"
        action={`/${data.eventSlug}/_messages`}
        data-sent={t('messageSent')}
        data-failed={t('messageFailed')}
        data-too-many={t('messageTooMany', { when: '%s' })}
      >
        <label htmlFor="lv-msg-name">{t('messageNameOptional')}</label>
        <input id="lv-msg-name" name="name" maxLength={MESSAGE_NAME_MAX} autoComplete="name" />
        <label htmlFor="lv-msg-text">{qa ? t('questionText') : t('messageText')}</label>
        <textarea
          id="lv-msg-text"
          name="text"
          required
          maxLength={MESSAGE_TEXT_MAX}
          rows={4}
          aria-describedby="lv-msg-count"
        ></textarea>
        <p
          id="lv-msg-count"
          className="lv-message-count"
          data-template={t('messageCount', { used: COUNT, max: MESSAGE_TEXT_MAX })}
        >
          {t('messageCount', { used: 0, max: MESSAGE_TEXT_MAX })}
        </p>
        <button type="submit" className="lv-button">
          {t('messageSend')}
        </button>
        <p className="lv-message-status" role="status" aria-live="polite"></p>
      </form>
      <div
        className="lv-message-lists"
        data-private={t('messagePrivateAnswer')}
        data-answer={t('messageAnswer')}
        data-pinned={t('messagePinned')}
        data-vote-one={t('messageVoteOne', { n: COUNT })}
        data-vote-other={t('messageVoteOther', { n: COUNT })}
        data-vote-failed={t('messageVoteFailed')}
        data-vote-too-many={t('messageVoteTooMany', { when: '%s' })}
        {...statusTexts}
      >
        <section className="lv-own" aria-labelledby="lv-own-title" hidden>
          <h3 id="lv-own-title">{qa ? t('ownQuestions') : t('ownMessages')}</h3>
          <ul className="lv-message-list lv-own-list"></ul>
        </section>
        <section className="lv-questions" aria-labelledby="lv-questions-title" hidden>
          <h3 id="lv-questions-title">{qa ? t('publicQuestions') : t('publicAnswers')}</h3>
          <ul className="lv-message-list lv-question-list"></ul>
          <p className="lv-vote-status" aria-live="polite"></p>
        </section>
      </div>
    </section>
  );
}
