import { POLL_TEXT_ANSWER_MAX } from '@livent/shared';
import { usePage } from './page-context.js';

/** Where the viewer script puts its one value (a question, a count, a share) into a text. */
const VALUE = '%s';

/** The texts the viewer script builds the polls with, as `data-*` attributes (ratings 1–5). */
function scriptTexts(t: ReturnType<typeof usePage>['t']): Record<string, string> {
  return {
    'data-new-poll': t('polls.newPoll', { question: VALUE }),
    'data-results-updated': t('polls.resultsUpdated', { question: VALUE }),
    'data-quiz': t('polls.quiz'),
    'data-closed': t('polls.closed'),
    'data-choose-one': t('polls.chooseOne'),
    'data-choose-many': t('polls.chooseMany'),
    'data-rate': t('polls.rate'),
    'data-text-label': t('polls.textLabel'),
    'data-text-count': t('polls.textCount', { used: VALUE, max: POLL_TEXT_ANSWER_MAX }),
    'data-submit': t('polls.submit'),
    'data-change': t('polls.change'),
    'data-saved': t('polls.saved'),
    'data-pending': t('polls.pending'),
    'data-approved': t('polls.approved'),
    'data-rejected': t('polls.rejected'),
    'data-your-answer': t('polls.yourAnswer'),
    'data-correct': t('polls.correct'),
    'data-quiz-right': t('polls.quizRight'),
    'data-quiz-wrong': t('polls.quizWrong'),
    'data-responses-one': t('polls.responsesOne', { n: VALUE }),
    'data-responses-other': t('polls.responsesOther', { n: VALUE }),
    'data-votes-one': t('polls.votesOne', { n: VALUE }),
    'data-votes-other': t('polls.votesOther', { n: VALUE }),
    'data-average': t('polls.average', { average: VALUE }),
    'data-correct-share': t('polls.correctShare', { share: VALUE }),
    'data-words': t('polls.words'),
    'data-pick-first': t('polls.pickFirst'),
    'data-closed-refused': t('polls.closedRefused'),
    'data-gone': t('polls.gone'),
    'data-failed': t('polls.failed'),
    'data-too-many': t('polls.tooMany', { when: VALUE }),
    'data-rating1': t('polls.rating1'),
    'data-rating2': t('polls.rating2'),
    'data-rating3': t('polls.rating3'),
    'data-rating4': t('polls.rating4'),
    'data-rating5': t('polls.rating5'),
  };
}

/**
 * The polls of the live hour (docs/decisions/061-polls-on-the-page.md). The page is cached and
 * shared by every viewer, and results change by the second, so the server renders an empty,
 * hidden region with the texts; the viewer script fills it from `GET /{slug}/_polls` and keeps
 * it live from the page's stream. Without the script a page shows no polls. Rendered only past
 * the gate (the gate renders no layout at all), right after the player in every layout.
 */
export function PollsBlock() {
  const { data, t } = usePage();
  return (
    <>
      {/* Outside the hidden region, so that "new poll" is heard as the region appears; a live
          region without the status role, which stays the message tool's one on the page. */}
      <p className="lv-poll-news lv-visually-hidden" aria-live="polite"></p>
      <section
        className="lv-block lv-polls"
        aria-labelledby="lv-polls-title"
        data-url={`/${data.eventSlug}/_polls`}
        data-channel={data.channelSlug ?? ''}
        data-text-max={POLL_TEXT_ANSWER_MAX}
        {...scriptTexts(t)}
        hidden
      >
        <h2 id="lv-polls-title">{t('polls.title')}</h2>
        <div className="lv-poll-list"></div>
      </section>
    </>
  );
}
