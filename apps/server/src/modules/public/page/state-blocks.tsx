import { TextBlock } from '../../../lib/html/linkify.js';
import {
  calendarFilePath,
  googleCalendarLink,
  outlookCalendarLink,
  type CalendarEntry,
} from '../../../lib/calendar/links.js';
import { formatStart, isUpload } from './page-data.js';
import { usePage } from './page-context.js';

/**
 * What the page shows in the player's place before the start and after the end
 * (docs/decisions/063-event-times-and-page-states.md): the countdown, the waiting text and image
 * and the calendar links; the thank-you text over the replay.
 */

const COUNTDOWN_UNITS = ['day', 'hour', 'minute', 'second'] as const;

/**
 * The start, server-rendered in the event's time zone; the page script counts down to the
 * `datetime` (the units are for the eye; the status line says it in coarse steps for screen readers).
 */
function Countdown() {
  const { data, settings: s, t } = usePage();
  const start = data.times.start;
  if (!start || Number.isNaN(start.getTime())) return null;
  return (
    <div className="lv-countdown" data-countdown={start.toISOString()}>
      <h2 className="lv-countdown-heading">{t('pageState.countdown')}</h2>
      <p className="lv-countdown-when">
        <time dateTime={start.toISOString()}>{formatStart(s, data.times, data.language)}</time>
      </p>
      <div className="lv-countdown-units" aria-hidden="true" hidden>
        {COUNTDOWN_UNITS.map((unit) => (
          <span key={unit} className="lv-countdown-unit" data-unit={unit}>
            <span className="lv-countdown-value">0</span>
            <span className="lv-countdown-label"></span>
          </span>
        ))}
      </div>
      <p
        className="lv-visually-hidden"
        aria-live="polite"
        data-countdown-status=""
        data-starts-in={t('pageState.startsIn')}
        data-starting={t('pageState.starting')}
      ></p>
    </div>
  );
}

/** Google, Outlook and the `.ics` file: plain links, nothing of theirs loads with the page. */
function CalendarLinks() {
  const { data, settings: s, t } = usePage();
  const { start, end, allDay, timeZone } = data.times;
  if (!start || Number.isNaN(start.getTime())) return null;
  const entry: CalendarEntry = {
    title: s.title,
    start,
    end,
    allDay,
    timeZone,
    url: data.pageUrl,
    description: s.description || s.headline,
  };
  const external = { target: '_blank', rel: 'noopener noreferrer' };
  return (
    <nav className="lv-calendar" aria-label={t('pageState.addToCalendar')}>
      <h3 className="lv-calendar-heading">{t('pageState.addToCalendar')}</h3>
      <ul className="lv-calendar-links">
        <li>
          <a href={googleCalendarLink(entry)} {...external} data-calendar="google">
            {t('pageState.google')}
          </a>
        </li>
        <li>
          <a href={outlookCalendarLink(entry)} {...external} data-calendar="outlook">
            {t('pageState.outlook')}
          </a>
        </li>
        <li>
          <a
            href={calendarFilePath(data.eventSlug, data.channelSlug)}
            download={`${data.eventSlug}.ics`}
            data-calendar="ics"
          >
            {t('pageState.ics')}
          </a>
        </li>
      </ul>
    </nav>
  );
}

/** Before the start: the countdown, the waiting image and text, the calendar links. */
export function BeforeBlock() {
  const { settings: s } = usePage();
  return (
    <section className="lv-block lv-before">
      <Countdown />
      {isUpload(s.waitingImage) && (
        <img className="lv-fill lv-waiting-image" src={s.waitingImage} alt="" decoding="async" />
      )}
      {s.waitingText && (
        <div className="lv-text lv-waiting-text">
          <TextBlock text={s.waitingText} autoLinks={s.autoCreateLinks} />
        </div>
      )}
      <CalendarLinks />
    </section>
  );
}

/** After the end: the thank-you text (or that the event has ended); the replay follows it. */
export function AfterBlock() {
  const { settings: s, t } = usePage();
  return (
    <section className="lv-block lv-after">
      {s.thankYouText ? (
        <div className="lv-text lv-thank-you">
          <TextBlock text={s.thankYouText} autoLinks={s.autoCreateLinks} />
        </div>
      ) : (
        <p className="lv-thank-you">{t('pageState.ended')}</p>
      )}
    </section>
  );
}
