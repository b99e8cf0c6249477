import type { ReactNode } from 'react';
import { ConsentGuard, sourcesOf } from './consent.js';
import { isUpload, playerShown, safeUrl } from './page-data.js';
import { usePage } from './page-context.js';
import { ReactionsBar } from './reactions-bar.js';

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      /** video.js's own element (`data-setup` makes it set itself up). */
      'video-js': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & {
        class?: string;
        controls?: boolean;
        playsinline?: boolean;
        preload?: string;
        'data-setup'?: string;
      };
    }
  }
}

function Frame({ src, title, className }: { src: string; title: string; className: string }) {
  return (
    <ConsentGuard sources={[safeUrl(src)]} className={className}>
      <div className={className}>
        <iframe
          src={safeUrl(src)}
          title={title}
          allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
          allowFullScreen
          loading="eager"
        ></iframe>
      </div>
    </ConsentGuard>
  );
}

function Player(): ReactNode {
  const { data, settings: s, t } = usePage();
  const alternate = isUpload(s.alternatePlayerImage) ? (
    <div className="lv-player-image">
      <img className="lv-fill" src={s.alternatePlayerImage} alt={s.title} decoding="async" />
    </div>
  ) : null;
  const unavailable = alternate ?? (
    <div className="lv-ratio lv-player-empty">
      <p>{t('playerUnavailable')}</p>
    </div>
  );
  // After the end and on demand the replay takes the player's place, as a player link in the
  // iframe mode would (docs/decisions/063-event-times-and-page-states.md).
  if (data.state === 'after' || data.state === 'ondemand') {
    if (s.replayLink) return <Frame src={s.replayLink} title={s.title} className="lv-ratio" />;
    return data.state === 'ondemand' ? unavailable : null;
  }
  if (!playerShown(s)) return alternate;
  if (s.playerMode === 'code') {
    // The organiser's own player markup, as is (the page's CSP is built for embeds; ADR 017).
    return s.playerCode ? (
      <ConsentGuard sources={sourcesOf(s.playerCode)} className="lv-ratio">
        <div className="lv-code-player" dangerouslySetInnerHTML={{ __html: s.playerCode }}></div>
      </ConsentGuard>
    ) : (
      alternate
    );
  }
  if (!s.playerLink) return unavailable;
  switch (s.playerMode) {
    case 'iframe':
    case 'wowza':
      return <Frame src={s.playerLink} title={s.title} className="lv-ratio" />;
    case 'videojs':
      return (
        <ConsentGuard sources={[safeUrl(s.playerLink)]} className="lv-ratio">
          <div className="lv-ratio">
            <video-js
              class="vjs-fluid vjs-big-play-centered"
              controls
              playsinline
              preload="auto"
              data-setup="{}"
            >
              <source src={safeUrl(s.playerLink)} type="application/x-mpegURL" />
            </video-js>
          </div>
        </ConsentGuard>
      );
    case 'amazon-ivs':
      return (
        <ConsentGuard sources={[safeUrl(s.playerLink)]} className="lv-ratio">
          <div className="lv-ratio">
            <video className="lv-ivs" data-ivs-src={safeUrl(s.playerLink)} controls playsInline />
          </div>
        </ConsentGuard>
      );
    default:
      return alternate;
  }
}

/**
 * The player, with the side frame (a chat, a poll) beside it when one is set, and the reactions
 * bar under it.
 */
export function PlayerBlock() {
  const { data, settings: s } = usePage();
  const player = Player();
  const side = s.sideFrameVisible && s.sideFrameLink ? s.sideFrameLink : '';
  if (!player && !side) return null;
  return (
    <section className={side ? 'lv-block lv-player lv-with-side' : 'lv-block lv-player'}>
      <div className="lv-player-main">
        {player}
        {data.state === 'live' && <ReactionsBar />}
      </div>
      {side && (
        <aside className="lv-side-frame">
          <Frame src={side} title={s.title} className="lv-side" />
        </aside>
      )}
    </section>
  );
}
