import { TextBlock } from '../../../lib/html/linkify.js';
import { ConsentGuard } from './consent.js';
import { isUpload, safeUrl } from './page-data.js';
import { usePage } from './page-context.js';

/** The organiser's text and agenda (the call to action is the intro's). */
export function ContentBlock() {
  const { settings: s, t } = usePage();
  if (!s.agenda && !s.content) return null;
  return (
    <section className="lv-block lv-content">
      {s.content && (
        <div className="lv-text lv-body">
          <TextBlock text={s.content} autoLinks={s.autoCreateLinks} />
        </div>
      )}
      {s.agenda && (
        <div className="lv-agenda">
          <h2>{t('agenda')}</h2>
          <div className="lv-text">
            <TextBlock text={s.agenda} autoLinks={s.autoCreateLinks} />
          </div>
        </div>
      )}
    </section>
  );
}

export function ExtraFrameBlock() {
  const { settings: s } = usePage();
  if (!s.extraFrameVisible || !s.extraFrameLink) return null;
  const height = { height: `${String(s.extraFrameHeight)}px` };
  return (
    <section className="lv-block lv-extra-frame">
      <ConsentGuard sources={[safeUrl(s.extraFrameLink)]} style={height}>
        <iframe
          src={safeUrl(s.extraFrameLink)}
          title={s.title}
          style={height}
          allow="autoplay; fullscreen; clipboard-write"
          loading="lazy"
        ></iframe>
      </ConsentGuard>
    </section>
  );
}

export function ExtraImageBlock() {
  const { settings: s } = usePage();
  if (!isUpload(s.extraImage)) return null;
  return (
    <section className="lv-block lv-extra-image">
      <img className="lv-fill" src={s.extraImage} alt="" loading="lazy" decoding="async" />
    </section>
  );
}
