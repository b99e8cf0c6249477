import {
  LAYOUT_ITEMS,
  UPLOAD_PATH_PATTERN,
  type EventSettings,
  type Highlight,
  type LayoutItem,
  type ViewerLanguage,
} from '@livent/shared';
import { html, raw, safeUrl, textBlock, type Html } from './html.js';
import { PAGE_CSS } from './page-styles.js';
import { VIEWER_TEXTS, type ViewerTexts } from './viewer-texts.js';

/** Where the page's own files are (content-hashed names, see `public-assets.ts`). */
export interface PageAssets {
  viewerScript: string;
  videoJsScript: string;
  videoJsStyles: string;
  ivsScript: string;
}

export interface ChannelLink {
  slug: string;
  title: string;
}

/** Everything one rendered page depends on; a change to any of it is a new cache entry. */
export interface PageData {
  eventSlug: string;
  /** The event's settings merged over the defaults, with the channel's overrides applied. */
  settings: EventSettings;
  /** The highlights to show, in order. */
  highlights: readonly Highlight[];
  /** The event's visible channels (the channel menu shows when there is at least one). */
  channels: readonly ChannelLink[];
  /** The channel this page is, or null for the event's main page. */
  channelSlug: string | null;
  language: ViewerLanguage;
  /** The owner's plan allows hiding the footer logo / a custom layout order. */
  allowHideFooterLogo: boolean;
  allowCustomLayout: boolean;
  /** The event's last remote reload (ISO), compared by the viewer script. */
  remoteReloadAt: string | null;
  assets: PageAssets;
}

/** Each layout's own order of the blocks (a custom order replaces it where the plan allows). */
const LAYOUT_ORDERS: Record<EventSettings['layout'], readonly LayoutItem[]> = {
  classic: ['player', 'extraFrame', 'content', 'highlights', 'extraImage', 'messages'],
  modern: ['player', 'messages', 'content', 'extraImage', 'highlights', 'extraFrame'],
  tube: ['player', 'content', 'extraFrame', 'highlights', 'extraImage', 'messages'],
};

const FONT_STACKS = {
  sans: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  serif: 'Georgia, Cambria, "Times New Roman", Times, serif',
  mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
};

const COLOR = /^#[0-9a-f]{6}$/i;

/** The blocks in the order they show: a custom order first (plan permitting), then the rest. */
export function blockOrder(data: PageData): LayoutItem[] {
  const base = LAYOUT_ORDERS[data.settings.layout];
  const custom = data.allowCustomLayout ? (data.settings.customLayoutOrder ?? []) : [];
  const valid = custom.filter((item) => (LAYOUT_ITEMS as readonly string[]).includes(item));
  return [...valid, ...base.filter((item) => !valid.includes(item))];
}

export function renderPage(data: PageData): string {
  const { settings: s } = data;
  const t = VIEWER_TEXTS[data.language];
  const blocks = blockOrder(data)
    .map((item) => renderBlock(item, data, t))
    .filter((block): block is Html => block !== null);
  const main =
    s.layout === 'tube' ? tubeMain(data, t, blocks) : html`<div class="lv-stack">${blocks}</div>`;
  const needsVideoJs = playerShown(s) && s.playerMode === 'videojs' && s.playerLink !== '';
  const needsIvs = playerShown(s) && s.playerMode === 'amazon-ivs' && s.playerLink !== '';
  const description = s.description || s.headline;

  return html`<!doctype html>
    <html lang="${data.language}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${s.title}</title>
        ${description ? html`<meta name="description" content="${description}" />` : ''}
        ${s.noIndex ? raw('<meta name="robots" content="noindex, nofollow">') : ''}
        <meta property="og:title" content="${s.title}" />
        ${description ? html`<meta property="og:description" content="${description}" />` : ''}
        ${s.logo && isUpload(s.logo) ? html`<meta property="og:image" content="${s.logo}" />` : ''}
        ${needsVideoJs ? html`<link rel="stylesheet" href="${data.assets.videoJsStyles}" />` : ''}
        <style>
          ${raw(themeCss(s))}${raw(PAGE_CSS)}
        </style>
      </head>
      <body
        class="lv-layout-${s.layout} lv-header-${s.headerLayout}${s.navigationAlwaysVisible ? ' lv-nav-always' : ''}"
        data-slug="${data.eventSlug}"
        data-reload-at="${data.remoteReloadAt ?? ''}"
      >
        <a class="lv-skip" href="#lv-main">${t.skip}</a>
        ${renderHeader(data, t)} ${renderChannelMenu(data, t)}
        <main id="lv-main" class="lv-main">${renderIntro(data, t)} ${main}</main>
        ${renderFooter(data, t)} ${s.complianceBanner ? renderComplianceBanner(s, t) : ''}
        ${s.customEmbedCode ? raw(s.customEmbedCode) : ''}
        ${needsVideoJs ? html`<script src="${data.assets.videoJsScript}" defer></script>` : ''}
        ${needsIvs ? html`<script src="${data.assets.ivsScript}" defer></script>` : ''}
        <script src="${data.assets.viewerScript}" defer></script>
      </body>
    </html> `.value;
}

function themeCss(s: EventSettings): string {
  const color = (value: string, fallback: string) => (COLOR.test(value) ? value : fallback);
  const font =
    s.fontFamily === 'custom' && s.customFont
      ? `"${s.customFont.replace(/[^\p{L}\p{N} _-]/gu, '')}", ${FONT_STACKS.sans}`
      : FONT_STACKS[s.fontFamily === 'custom' ? 'sans' : s.fontFamily];
  const vars = [
    `--lv-bg:${color(s.backgroundColor, '#f5f6fa')}`,
    `--lv-text:${color(s.textColor, '#1d2333')}`,
    `--lv-accent:${color(s.accentColor, '#3f51b5')}`,
    `--lv-header-bg:${color(s.headerColor, '#ffffff')}`,
    `--lv-header-text:${color(s.headerTextColor, '#1d2333')}`,
    `--lv-header-accent:${color(s.headerAccentColor, '#3f51b5')}`,
    `--lv-header-height:${Math.round(s.headerHeight)}px`,
    `--lv-font:${font}`,
  ];
  let background = '';
  if (s.backgroundImage && isUpload(s.backgroundImage)) {
    const custom = s.backgroundSize !== 'default';
    background = [
      `background-image:url("${s.backgroundImage}")`,
      `background-size:${custom ? s.backgroundSize : 'cover'}`,
      `background-repeat:${custom ? s.backgroundRepeat : 'no-repeat'}`,
      `background-attachment:${custom ? s.backgroundAttachment : 'scroll'}`,
      'background-position:center top',
    ].join(';');
  }
  return `:root{${vars.join(';')}}body{${background}}`;
}

const isUpload = (path: string) => UPLOAD_PATH_PATTERN.test(path);

function image(path: string | null, alt: string, className: string): Html | '' {
  if (!path || !isUpload(path)) return '';
  return html`<img
    class="${className}"
    src="${path}"
    alt="${alt}"
    loading="lazy"
    decoding="async"
  />`;
}

function eventHref(data: PageData, channel: string | null): string {
  return channel ? `/${data.eventSlug}/${channel}` : `/${data.eventSlug}`;
}

function renderHeader(data: PageData, t: ViewerTexts): Html {
  const s = data.settings;
  const home = eventHref(data, data.channelSlug);
  const logo =
    s.logo && isUpload(s.logo)
      ? html`<a class="lv-logo" href="${home}"><img src="${s.logo}" alt="${s.title}" /></a>`
      : html`<a class="lv-logo lv-logo-text" href="${home}">${s.title}</a>`;
  const showHeadline = s.headerLayout === 'headline' && s.headline;
  const nav = renderNavigation(data, t);
  if (s.headerLayout === 'banner' && s.logo && isUpload(s.logo)) {
    return html`<header class="lv-header">
      <div
        class="lv-banner"
        role="img"
        aria-label="${s.title}"
        style="background-image:url('${s.logo}')"
      ></div>
      ${nav ? html`<div class="lv-header-bar lv-wrap">${nav}</div>` : ''}
    </header>`;
  }
  return html`<header class="lv-header">
    <div class="lv-header-bar lv-wrap">
      ${logo} ${showHeadline ? html`<p class="lv-header-headline">${s.headline}</p>` : ''} ${nav}
    </div>
  </header>`;
}

function renderNavigation(data: PageData, t: ViewerTexts): Html | '' {
  const items = data.settings.menuItems;
  if (items.length === 0) return '';
  return html`<nav class="lv-nav" aria-label="${t.menu}">
    <button type="button" class="lv-nav-toggle" aria-expanded="false" aria-controls="lv-nav-list">
      <span class="lv-burger" aria-hidden="true"></span>${t.menu}
    </button>
    <ul id="lv-nav-list" class="lv-nav-list">
      ${items.map(
        (item) =>
          html`<li>
            <a
              href="${safeUrl(item.link)}"
              ${item.newWindow ? raw(' target="_blank" rel="noopener noreferrer"') : ''}
              >${item.name}</a
            >
          </li>`,
      )}
    </ul>
  </nav>`;
}

function renderChannelMenu(data: PageData, t: ViewerTexts): Html | '' {
  if (data.channels.length === 0) return '';
  const s = data.settings;
  const heading = t.channelMenu[s.channelMenuName];
  const entries: { href: string; title: string; current: boolean }[] = [
    {
      href: eventHref(data, null),
      title: s.channelMenuTitle || t.mainChannel,
      current: data.channelSlug === null,
    },
    ...data.channels.map((channel) => ({
      href: eventHref(data, channel.slug),
      title: channel.title,
      current: channel.slug === data.channelSlug,
    })),
  ];
  return html`<nav class="lv-channels lv-wrap" aria-label="${heading}">
    <span class="lv-channels-label">${heading}</span>
    <ul>
      ${entries.map(
        (entry) =>
          html`<li>
            <a href="${entry.href}" ${entry.current ? raw(' aria-current="page"') : ''}
              >${entry.title}</a
            >
          </li>`,
      )}
    </ul>
  </nav>`;
}

export function formatStart(s: EventSettings, language: ViewerLanguage): string {
  if (s.startMode === 'text') return s.startText;
  if (s.startMode !== 'datetime' || !s.startDate) return '';
  // The organiser's wall-clock date and time, shown as entered (not converted to a time zone).
  const date = new Date(`${s.startDate}T${s.startTime ?? '00:00'}:00Z`);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language, {
    dateStyle: 'full',
    ...(s.startTime ? { timeStyle: 'short' } : {}),
    timeZone: 'UTC',
  }).format(date);
}

function renderIntro(data: PageData, t: ViewerTexts): Html {
  const s = data.settings;
  const start = formatStart(s, data.language);
  const headline = s.headerLayout === 'headline' ? '' : s.headline;
  const modern = s.layout === 'modern';
  return html`<section class="${modern ? 'lv-hero' : 'lv-intro'}">
    ${headline ? html`<h1 class="lv-headline">${headline}</h1>` : html`<h1 class="lv-headline lv-title">${s.title}</h1>`}
    ${start ? html`<p class="lv-start"><span class="lv-start-label">${t.starts}</span> <span class="lv-start-value">${start}</span></p>` : ''}
    ${s.introduction && !modern ? html`<div class="lv-introduction lv-text">${textBlock(s.introduction, s.autoCreateLinks)}</div>` : ''}
  </section>`;
}

const playerShown = (s: EventSettings) => s.playerVisible && s.playerMode !== 'disabled';

function frame(src: string, title: string, className = 'lv-ratio'): Html {
  return html`<div class="${className}">
    <iframe
      src="${safeUrl(src)}"
      title="${title}"
      allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
      allowfullscreen
      loading="eager"
    ></iframe>
  </div>`;
}

export function renderPlayer(s: EventSettings, t: ViewerTexts): Html | null {
  const alternate = () =>
    s.alternatePlayerImage && isUpload(s.alternatePlayerImage)
      ? html`<div class="lv-player-image">
          ${image(s.alternatePlayerImage, s.title, 'lv-fill')}
        </div>`
      : null;
  if (!playerShown(s)) return alternate();
  if (s.playerMode === 'code')
    return s.playerCode
      ? html`<div class="lv-code-player">${raw(s.playerCode)}</div>`
      : alternate();
  if (!s.playerLink) {
    return (
      alternate() ?? html`<div class="lv-ratio lv-player-empty"><p>${t.playerUnavailable}</p></div>`
    );
  }
  switch (s.playerMode) {
    case 'iframe':
    case 'wowza':
      return frame(s.playerLink, s.title);
    case 'videojs':
      return html`<div class="lv-ratio">
        <video-js
          class="vjs-fluid vjs-big-play-centered"
          controls
          playsinline
          preload="auto"
          data-setup="{}"
          ><source src="${safeUrl(s.playerLink)}" type="application/x-mpegURL"
        /></video-js>
      </div>`;
    case 'amazon-ivs':
      return html`<div class="lv-ratio">
        <video class="lv-ivs" data-ivs-src="${safeUrl(s.playerLink)}" controls playsinline></video>
      </div>`;
    default:
      return alternate();
  }
}

function renderBlock(item: LayoutItem, data: PageData, t: ViewerTexts): Html | null {
  const s = data.settings;
  switch (item) {
    case 'player': {
      const player = renderPlayer(s, t);
      const side = s.sideFrameVisible && s.sideFrameLink ? s.sideFrameLink : '';
      if (!player && !side) return null;
      return html`<section class="lv-block lv-player${side ? ' lv-with-side' : ''}">
        <div class="lv-player-main">${player}</div>
        ${side ? html`<aside class="lv-side-frame">${frame(side, s.title, 'lv-side')}</aside>` : ''}
      </section>`;
    }
    case 'extraFrame':
      if (!s.extraFrameVisible || !s.extraFrameLink) return null;
      return html`<section class="lv-block lv-extra-frame">
        <iframe
          src="${safeUrl(s.extraFrameLink)}"
          title="${s.title}"
          style="height:${String(s.extraFrameHeight)}px"
          allow="autoplay; fullscreen; clipboard-write"
          loading="lazy"
        ></iframe>
      </section>`;
    case 'messages':
      return s.messagesEnabled ? renderMessageForm(data, t) : null;
    case 'extraImage':
      return s.extraImage && isUpload(s.extraImage)
        ? html`<section class="lv-block lv-extra-image">
            ${image(s.extraImage, '', 'lv-fill')}
          </section>`
        : null;
    case 'content':
      return renderContent(data, t);
    case 'highlights':
      return renderHighlights(data, t);
  }
}

function renderContent(data: PageData, t: ViewerTexts): Html | null {
  const s = data.settings;
  const cta =
    s.ctaTitle && s.ctaLink
      ? html`<p class="lv-cta-row">
          <a class="lv-cta" href="${safeUrl(s.ctaLink)}" target="_blank" rel="noopener noreferrer"
            >${s.ctaTitle}</a
          >
        </p>`
      : '';
  const intro =
    data.settings.layout === 'modern' && s.introduction
      ? html`<div class="lv-introduction lv-text">
          ${textBlock(s.introduction, s.autoCreateLinks)}
        </div>`
      : '';
  if (!s.agenda && !s.content && !cta && !intro) return null;
  return html`<section class="lv-block lv-content">
    ${intro}
    ${s.content ? html`<div class="lv-text lv-body">${textBlock(s.content, s.autoCreateLinks)}</div>` : ''}
    ${
      s.agenda
        ? html`<div class="lv-agenda">
            <h2>${t.agenda}</h2>
            <div class="lv-text">${textBlock(s.agenda, s.autoCreateLinks)}</div>
          </div>`
        : ''
    }
    ${cta}
  </section>`;
}

function renderHighlights(data: PageData, t: ViewerTexts): Html | null {
  if (data.highlights.length === 0) return null;
  const s = data.settings;
  const groups: { name: string; items: Highlight[] }[] = [];
  for (const highlight of data.highlights) {
    const last = groups.at(-1);
    if (last && last.name === highlight.group) last.items.push(highlight);
    else groups.push({ name: highlight.group, items: [highlight] });
  }
  return html`<section
    class="lv-block lv-highlights lv-hl-${s.highlightsSize} lv-hl-align-${s.highlightsAlign}"
    aria-label="${t.highlights}"
  >
    ${groups.map(
      (group) =>
        html`${group.name ? html`<h2 class="lv-hl-group">${group.name}</h2>` : ''}
          <ul class="lv-hl-grid">
            ${group.items.map((item) => {
              const title = item.link
                ? html`<a href="${safeUrl(item.link)}" target="_blank" rel="noopener noreferrer"
                    >${item.title}</a
                  >`
                : item.title;
              return html`<li class="lv-hl">
                ${image(item.image, '', 'lv-hl-image')}
                <div class="lv-hl-body">
                  <h3>${title}</h3>
                  ${item.description ? html`<p>${item.description}</p>` : ''}
                </div>
              </li>`;
            })}
          </ul>`,
    )}
  </section>`;
}

function renderMessageForm(data: PageData, t: ViewerTexts): Html {
  const s = data.settings;
  const action = `/${data.eventSlug}/_messages`;
  return html`<section class="lv-block lv-messages" aria-labelledby="lv-messages-title">
    <h2 id="lv-messages-title">${s.messagesPrompt || t.messagePrompt}</h2>
    <form
      class="lv-message-form"
      method="post"
      action="${action}"
      data-channel="${data.channelSlug ?? ''}"
      data-sent="${t.messageSent}"
      data-failed="${t.messageFailed}"
      data-too-many="${t.messageTooMany}"
    >
      <label for="lv-msg-name">${t.messageName}</label>
      <input id="lv-msg-name" name="name" required maxlength="100" autocomplete="name" />
      <label for="lv-msg-text">${t.messageText}</label>
      <textarea id="lv-msg-text" name="text" required maxlength="2000" rows="4"></textarea>
      <button type="submit" class="lv-button">${t.messageSend}</button>
      <p class="lv-message-status" role="status" aria-live="polite"></p>
    </form>
  </section>`;
}

function tubeMain(data: PageData, t: ViewerTexts, blocks: Html[]): Html {
  // The tube layout: the player and the page's text on the left, interaction on the right.
  const [first, ...rest] = blocks;
  const s = data.settings;
  const aside = s.messagesEnabled ? renderMessageForm(data, t) : null;
  const others = aside ? rest.filter((block) => !block.value.includes('lv-messages')) : rest;
  return html`<div class="lv-tube">
    <div class="lv-tube-primary">${first}${others}</div>
    ${aside ? html`<div class="lv-tube-aside">${aside}</div>` : ''}
  </div>`;
}

function renderFooter(data: PageData, t: ViewerTexts): Html {
  const s = data.settings;
  const hideLogo = s.hideFooterLogo && data.allowHideFooterLogo;
  const links = [
    s.legalTermsLink
      ? html`<a href="${safeUrl(s.legalTermsLink)}" target="_blank" rel="noopener noreferrer"
          >${t.legalTerms}</a
        >`
      : '',
    s.privacyLink
      ? html`<a href="${safeUrl(s.privacyLink)}" target="_blank" rel="noopener noreferrer"
          >${t.privacy}</a
        >`
      : '',
    s.contactWebsite
      ? html`<a href="${safeUrl(s.contactWebsite)}" target="_blank" rel="noopener noreferrer"
          >${s.contactName || s.contactWebsite}</a
        >`
      : '',
    s.contactEmail ? html`<a href="${`mailto:${s.contactEmail}`}">${s.contactEmail}</a>` : '',
  ].filter((link) => link !== '');
  return html`<footer class="lv-footer">
    <div class="lv-wrap">
      ${links.length > 0 ? html`<p class="lv-footer-links">${links}</p>` : ''}
      ${s.customLegalText ? html`<div class="lv-legal-text">${textBlock(s.customLegalText, true)}</div>` : ''}
      ${
        hideLogo
          ? ''
          : html`<p class="lv-powered">
              <a href="https://livent.app" target="_blank" rel="noopener"
                >${t.poweredBy} ${raw(LOGO_SVG)}<span>Livent</span></a
              >
            </p>`
      }
    </div>
  </footer>`;
}

function renderComplianceBanner(s: EventSettings, t: ViewerTexts): Html {
  return html`<div class="lv-consent" role="region" aria-label="${t.privacy}">
    <p>
      ${t.complianceText}
      ${s.legalTermsLink ? html` <a href="${safeUrl(s.legalTermsLink)}" target="_blank" rel="noopener noreferrer">${t.legalTerms}</a>` : ''}
      ${s.privacyLink ? html` <a href="${safeUrl(s.privacyLink)}" target="_blank" rel="noopener noreferrer">${t.privacy}</a>` : ''}
    </p>
    <button type="button" class="lv-button lv-consent-accept">${t.complianceAccept}</button>
  </div>`;
}

const LOGO_SVG =
  '<svg class="lv-powered-logo" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><rect width="24" height="24" rx="6" fill="currentColor"/><path d="M9 7.5v9l7.5-4.5z" fill="#fff"/></svg>';

/** The styled 404 page of the events origin. */
export function renderNotFound(language: ViewerLanguage): string {
  const t = VIEWER_TEXTS[language];
  return html`<!doctype html>
    <html lang="${language}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${t.notFoundTitle}</title>
        <style>
          ${raw(themeCss({ ...NOT_FOUND_THEME }))}${raw(PAGE_CSS)}
        </style>
      </head>
      <body class="lv-not-found-page">
        <main class="lv-not-found">
          <p class="lv-not-found-code">404</p>
          <h1>${t.notFoundTitle}</h1>
          <p>${t.notFoundText}</p>
          <p class="lv-powered">${raw(LOGO_SVG)}<span>Livent</span></p>
        </main>
      </body>
    </html> `.value;
}

const NOT_FOUND_THEME = {
  backgroundColor: '#f5f6fa',
  textColor: '#1d2333',
  accentColor: '#3f51b5',
  headerColor: '#ffffff',
  headerTextColor: '#1d2333',
  headerAccentColor: '#3f51b5',
  headerHeight: 72,
  fontFamily: 'sans',
  customFont: '',
  backgroundImage: null,
} as EventSettings;
