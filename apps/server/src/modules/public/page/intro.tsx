import { TextBlock } from '../../../lib/html/linkify.js';
import { formatStart, safeUrl } from './page-data.js';
import { usePage } from './page-context.js';

/** The call to action as a button, under the introduction: part of the first screen (ADR 052). */
export function CallToAction() {
  const { settings: s } = usePage();
  if (!s.ctaTitle || !s.ctaLink) return null;
  return (
    <p className="lv-cta-row">
      <a className="lv-cta" href={safeUrl(s.ctaLink)} target="_blank" rel="noopener noreferrer">
        {s.ctaTitle}
      </a>
    </p>
  );
}

/**
 * The page's heading (the headline, or the title when the header shows the headline), when it
 * starts, the introduction and the call to action (`cta`; the gate shows it only with the
 * content, as before). In the modern layout it is the panel beside the player.
 */
export function Intro({ panel = false, cta = true }: { panel?: boolean; cta?: boolean }) {
  const { data, settings: s, t } = usePage();
  // After the end (and on demand) "starts" would mislead (docs/decisions/063-event-times-and-page-states.md).
  const ended = data.state === 'after' || data.state === 'ondemand';
  const start = ended ? '' : formatStart(s, data.times, data.language);
  const headline = s.headerLayout === 'headline' ? '' : s.headline;
  return (
    <section className={panel ? 'lv-intro lv-panel' : 'lv-intro'}>
      {start && (
        <p className="lv-start">
          <span className="lv-start-label">{t('starts')}</span>{' '}
          <span className="lv-start-value">{start}</span>
        </p>
      )}
      {headline ? (
        <h1 className="lv-headline">{headline}</h1>
      ) : (
        <h1 className="lv-headline lv-title">{s.title}</h1>
      )}
      {s.introduction && (
        <div className="lv-introduction lv-text">
          <TextBlock text={s.introduction} autoLinks={s.autoCreateLinks} />
        </div>
      )}
      {cta && <CallToAction />}
    </section>
  );
}
