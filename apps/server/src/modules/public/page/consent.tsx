import type { CSSProperties, ReactElement } from 'react';
import { renderFragment } from '../../../lib/html/render-document.js';
import { usePage } from './page-context.js';

/**
 * Consent before content from other origins (docs/decisions/051-consent-that-holds.md): with the
 * event's consent banner on, an embed (player, side and extra frame, player and embed code) is
 * rendered as a placeholder that names its provider; its markup travels inert in a data attribute
 * and the viewer script puts it into the page once the viewer agrees. The page stays the same for
 * every viewer (the page cache, ADR 035): consent is the browser's state, never the server's.
 */

/** Well-known providers by the domain their embeds come from. */
const PROVIDERS: Record<string, string> = {
  'youtube.com': 'YouTube',
  'youtube-nocookie.com': 'YouTube',
  'youtu.be': 'YouTube',
  'vimeo.com': 'Vimeo',
  'twitch.tv': 'Twitch',
  'facebook.com': 'Facebook',
  'instagram.com': 'Instagram',
  'linkedin.com': 'LinkedIn',
  'x.com': 'X',
  'twitter.com': 'X',
  'google.com': 'Google',
  'googletagmanager.com': 'Google Tag Manager',
  'google-analytics.com': 'Google Analytics',
  'slido.com': 'Slido',
  'sli.do': 'Slido',
  'mentimeter.com': 'Mentimeter',
  'menti.com': 'Mentimeter',
  'wistia.com': 'Wistia',
  'wistia.net': 'Wistia',
  'microsoft.com': 'Microsoft',
  'live-video.net': 'Amazon IVS',
  'jwplayer.com': 'JW Player',
  'dailymotion.com': 'Dailymotion',
  'zoom.us': 'Zoom',
};

/** "YouTube (youtube.com)" for a known provider, else the host name without `www.`. */
export function providerOf(url: string): string | undefined {
  let host: string;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
    host = parsed.hostname.toLowerCase();
  } catch {
    return undefined;
  }
  const labels = host.split('.');
  for (let i = 0; i < labels.length - 1; i += 1) {
    const domain = labels.slice(i).join('.');
    const name = PROVIDERS[domain];
    if (name) return `${name} (${domain})`;
  }
  return host.replace(/^www\./, '');
}

/** The addresses that organiser markup loads from (`src` of frames, scripts, images, sources). */
export function sourcesOf(code: string): string[] {
  const found = code.matchAll(/\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi);
  return [...found]
    .map((match) => (match[1] ?? match[2] ?? match[3] ?? '').replaceAll('&amp;', '&').trim())
    .filter((url) => /^(?:https?:)?\/\//i.test(url))
    .map((url) => (url.startsWith('//') ? `https:${url}` : url));
}

const PROVIDERS_SHOWN = 3;

/** The distinct providers of these addresses, in order, at most three. */
function providersOf(urls: readonly string[]): string[] {
  const names = urls.map(providerOf).filter((name): name is string => Boolean(name));
  return [...new Set(names)].slice(0, PROVIDERS_SHOWN);
}

/** The host of an address without `www.`, for the placeholder's link to the source. */
const hostOf = (url: string): string => new URL(url).hostname.replace(/^www\./, '');

/**
 * The embed as is when the banner is off. With it on, a placeholder naming the provider, sized
 * like the embed (`className`, `style`), with a button that loads it (the viewer script replaces
 * the placeholder with the embed's markup) and, for pages without scripts, a link to the source.
 * `sources` are the addresses the embed loads from.
 */
export function ConsentGuard({
  sources,
  className = '',
  style,
  children,
}: {
  sources: readonly string[];
  className?: string;
  style?: CSSProperties;
  children: ReactElement;
}) {
  const { settings: s, t } = usePage();
  if (!s.complianceBanner) return children;
  const providers = providersOf(sources);
  const link = sources[0];
  return (
    <div
      className={['lv-consent-embed', className].filter(Boolean).join(' ')}
      style={style}
      data-consent-html={renderFragment(children)}
    >
      <div className="lv-consent-placeholder">
        <p className="lv-consent-provider">
          {providers.length > 0
            ? t('consent.contentFrom', { provider: providers.join(', ') })
            : t('consent.contentFromOthers')}
        </p>
        <p className="lv-consent-note">{t('consent.placeholderNote')}</p>
        <p className="lv-consent-actions">
          {/* A script's button: shown by the viewer script, the link serves without it. */}
          <button type="button" className="lv-button lv-consent-load" hidden>
            {t('consent.load')}
          </button>
          {link && (
            <a href={link} target="_blank" rel="noopener noreferrer">
              {t('consent.openSource', { host: hostOf(link) })}
            </a>
          )}
        </p>
      </div>
    </div>
  );
}
