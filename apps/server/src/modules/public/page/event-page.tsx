import type { LayoutItem } from '@livent/shared';
import type { ReactNode } from 'react';
import { translator } from '../../../lib/i18n/i18n.js';
import { renderDocument } from '../../../lib/html/render-document.js';
import { AccessGate } from './access-gate.js';
import { ChannelMenu } from './channel-menu.js';
import { ComplianceBanner } from './compliance-banner.js';
import { ConsentGuard, sourcesOf } from './consent.js';
import { ContentBlock, ExtraFrameBlock, ExtraImageBlock } from './content-block.js';
import { Footer } from './footer.js';
import { Header } from './header.js';
import { HighlightsBlock } from './highlights-block.js';
import { Intro } from './intro.js';
import { MessagesBlock } from './messages-block.js';
import { PageContext, usePage } from './page-context.js';
import { blockOrder, isUpload, playerShown, type PageData } from './page-data.js';
import { PlayerBlock } from './player-block.js';
import { PollsBlock } from './polls-block.js';
import { AfterBlock, BeforeBlock } from './state-blocks.js';
import { themeCss } from './theme.js';

/**
 * The polls come right after the player, wherever a layout or a custom order puts it: that is
 * where viewers look during the live hour, and on phones the next thing under the video (ADR 061).
 * Before the start the countdown takes the player's place, after the end the thank-you text comes
 * before the replay (docs/decisions/063-event-times-and-page-states.md).
 */
function PlayerThenPolls() {
  const { data } = usePage();
  return (
    <>
      {data.state === 'before' ? <BeforeBlock /> : null}
      {data.state === 'after' ? <AfterBlock /> : null}
      {data.state === 'before' ? null : <PlayerBlock />}
      <PollsBlock />
    </>
  );
}

const BLOCKS: Record<LayoutItem, () => ReactNode> = {
  player: PlayerThenPolls,
  extraFrame: ExtraFrameBlock,
  messages: MessagesBlock,
  extraImage: ExtraImageBlock,
  content: ContentBlock,
  highlights: HighlightsBlock,
};

/** The blocks of `items` in the page's order (a custom order reorders within each area). */
function Blocks({ items }: { items: readonly LayoutItem[] }) {
  const { data } = usePage();
  return blockOrder(data)
    .filter((item) => items.includes(item))
    .map((item) => {
      const Block = BLOCKS[item];
      return <Block key={item} />;
    });
}

/**
 * The three layouts, as the appearance screen describes them (apps/web design.json):
 * classic, one centred column; modern, the player and the text beside a panel with the heading,
 * the call to action and the message tool, highlights below; tube, a dark theatre with the
 * player large and the highlights in a column beside it. Each area is chosen by block type.
 * In every layout the heading, the start, the call to action, the player and the message tool
 * come before the long content in the markup, which is the order on phones, the order of the
 * keyboard and of screen readers alike (ADR 052); wide screens place them with the grid.
 */
function Layout() {
  const { settings: s, data } = usePage();
  if (s.layout === 'modern') {
    return (
      <>
        <div className="lv-stage">
          <Intro panel />
          <Blocks items={['player']} />
          <Blocks items={['messages']} />
          <div className="lv-stage-main">
            <Blocks items={['content', 'extraFrame', 'extraImage']} />
          </div>
        </div>
        <Blocks items={['highlights']} />
      </>
    );
  }
  if (s.layout === 'tube') {
    const aside = data.highlights.length > 0;
    return (
      <div className={aside ? 'lv-theatre lv-theatre-with-aside' : 'lv-theatre'}>
        <div className="lv-theatre-main">
          <Blocks items={['player']} />
          <Intro />
          <Blocks items={['messages', 'content', 'extraFrame', 'extraImage']} />
        </div>
        {aside && (
          <aside className="lv-theatre-aside">
            <Blocks items={['highlights']} />
          </aside>
        )}
      </div>
    );
  }
  return (
    <>
      <Intro />
      <div className="lv-stack">
        <Blocks
          items={['player', 'messages', 'extraFrame', 'content', 'highlights', 'extraImage']}
        />
      </div>
    </>
  );
}

function EventPage() {
  const { data, settings: s, t } = usePage();
  const assets = data.assets;
  // The gate renders none of what is behind it (ADR 026): no player, channels or embed code.
  const gate = data.gate !== null;
  // Only the live state shows the stream's own player (the replay is a frame).
  const stream = !gate && data.state === 'live' && playerShown(s) && s.playerLink !== '';
  const needsVideoJs = stream && s.playerMode === 'videojs';
  const needsIvs = stream && s.playerMode === 'amazon-ivs';
  const description = s.description || s.headline;
  const bodyClass = [
    `lv-layout-${s.layout}`,
    `lv-header-${s.headerLayout}`,
    s.navigationAlwaysVisible ? 'lv-nav-always' : '',
    isUpload(s.backgroundImage) ? 'lv-backdrop' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <html lang={data.language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{s.title}</title>
        {description && <meta name="description" content={description} />}
        {s.noIndex && <meta name="robots" content="noindex, nofollow" />}
        <meta property="og:title" content={s.title} />
        {description && <meta property="og:description" content={description} />}
        {isUpload(s.logo) && <meta property="og:image" content={s.logo} />}
        <link rel="icon" href={isUpload(s.logo) ? s.logo : assets.favicon} />
        <link rel="stylesheet" href={assets.stylesheet} />
        {needsVideoJs && <link rel="stylesheet" href={assets.videoJsStyles} />}
        <style dangerouslySetInnerHTML={{ __html: themeCss(s) }}></style>
      </head>
      <body
        className={bodyClass}
        data-slug={data.eventSlug}
        data-channel={data.channelSlug ?? undefined}
        data-reload-at={data.remoteReloadAt ?? ''}
        data-state={data.state}
        data-version={data.version}
        data-next-change={data.nextChange ?? undefined}
        data-protected={data.protected ? '' : undefined}
        data-stats={data.statsToken ?? undefined}
        // Past the gate the page script opens the live stream (ADR 057); at the gate it has none.
        data-live={gate ? undefined : ''}
      >
        <a className="lv-skip" href="#lv-main">
          {t('skip')}
        </a>
        <Header />
        {!gate && <ChannelMenu />}
        <main id="lv-main" className="lv-main lv-wrap">
          {gate ? <AccessGate /> : <Layout />}
        </main>
        <Footer />
        <ComplianceBanner />
        {!gate && s.customEmbedCode && (
          // The organiser's embed code (analytics, chat widgets), as is: a paid feature whose
          // whole point is to run their code on their page (ADR 017).
          <ConsentGuard sources={sourcesOf(s.customEmbedCode)} className="lv-wrap">
            <div className="lv-embed" dangerouslySetInnerHTML={{ __html: s.customEmbedCode }}></div>
          </ConsentGuard>
        )}
        {needsVideoJs && <script src={assets.videoJsScript} defer></script>}
        {needsIvs && <script src={assets.ivsScript} defer></script>}
        <script src={assets.viewerScript} defer></script>
      </body>
    </html>
  );
}

/** The event's page as a complete HTML document. */
export function renderPage(data: PageData): string {
  const context = { data, settings: data.settings, t: translator(data.language, 'viewer') };
  return renderDocument(
    <PageContext value={context}>
      <EventPage />
    </PageContext>,
  );
}
