import type { EventSettings } from '@livent/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register } from '../../../test/accounts.js';
import { testClock } from '../../../test/clock.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { setPlan } from '../../../test/events.js';
import {
  insertChannel,
  insertEvent,
  insertHighlight,
  onEventsHost,
  saveSettings,
} from '../public.fixtures.js';
import { REVALIDATE_MS } from '../public-events.js';

const clock = testClock();
let test: TestApp;
let app: FastifyInstance;
let ownerId: string;

beforeAll(async () => {
  test = await buildTestApp({}, { now: clock.now });
  app = test.app;
  ownerId = (await register(app)).user.id;
});
afterAll(() => test.cleanup());

async function pageOf(settings: Partial<EventSettings>, headers: Record<string, string> = {}) {
  const event = await insertEvent(app, ownerId, settings);
  const response = await onEventsHost(app, `/${event.slug}`, { headers });
  expect(response.statusCode).toBe(200);
  return tidy(response.body);
}

const UPLOAD = '/uploads/0123456789abcdef.png';

/** The HTML without formatting whitespace, so that expectations read like markup. */
const tidy = (markup: string) =>
  markup
    .replace(/\s+/g, ' ')
    .replace(/\s*\/?>/g, '>')
    .replace(/>\s+</g, '><');

/** …and without the stylesheet, whose selectors name every block. */
const markupOnly = (markup: string) => markup.replace(/<style>[\s\S]*?<\/style>/, '');

async function bodyOf(url: string, headers: Record<string, string> = {}) {
  const response = await onEventsHost(app, url, { headers });
  return tidy(response.body);
}

describe('public page: every setting shows in the HTML', () => {
  // [setting, value(s), what the page then contains, what it must not contain]
  const cases: [string, Partial<EventSettings>, string[], string[]][] = [
    ['title', { title: 'Product Launch' }, ['<title>Product Launch</title>'], []],
    [
      'description',
      { description: 'All about it' },
      ['<meta name="description" content="All about it">'],
      [],
    ],
    ['layout classic', { layout: 'classic' }, ['lv-layout-classic', 'lv-intro'], ['lv-tube"']],
    [
      'layout modern',
      { layout: 'modern' },
      ['lv-layout-modern', 'class="lv-stage"', '<section class="lv-intro lv-panel">'],
      ['lv-theatre'],
    ],
    ['layout tube', { layout: 'tube' }, ['lv-layout-tube', 'class="lv-theatre"'], ['lv-stage']],
    ['header layout centered', { headerLayout: 'centered' }, ['lv-header-centered'], []],
    [
      'header layout headline',
      { headerLayout: 'headline', headline: 'Big news' },
      ['<p class="lv-header-title">Big news</p>'],
      [],
    ],
    [
      'header layout banner',
      { headerLayout: 'banner', logo: UPLOAD },
      // The picture itself, never a cropped background (ADR 052).
      [`<a class="lv-banner" href="/`, `<img src="${UPLOAD}" alt="Launch Day">`],
      [],
    ],
    ['header height', { headerHeight: 120 }, ['--lv-header-height:120px'], []],
    ['logo', { logo: UPLOAD }, [`<img src="${UPLOAD}" alt="Launch Day">`], []],
    ['background colour', { backgroundColor: '#102030' }, ['--lv-bg:#102030'], []],
    ['text colour', { textColor: '#112233' }, ['--lv-text:#112233'], []],
    ['accent colour', { accentColor: '#aa0011' }, ['--lv-accent:#aa0011'], []],
    ['header colour', { headerColor: '#000000' }, ['--lv-header-bg:#000000'], []],
    ['header text colour', { headerTextColor: '#fefefe' }, ['--lv-header-text:#fefefe'], []],
    ['header accent colour', { headerAccentColor: '#00ff00' }, ['--lv-header-accent:#00ff00'], []],
    ['font family serif', { fontFamily: 'serif' }, ['--lv-font:Georgia'], []],
    [
      'individual font',
      { fontFamily: 'custom', customFont: 'Open Sans' },
      ['--lv-font:"Open Sans", system-ui'],
      [],
    ],
    [
      'background image default',
      { backgroundImage: UPLOAD },
      [
        `background-image:url("${UPLOAD}");background-size:cover;background-repeat:no-repeat;background-attachment:scroll`,
      ],
      [],
    ],
    [
      'background image mode',
      {
        backgroundImage: UPLOAD,
        backgroundSize: 'auto',
        backgroundRepeat: 'repeat',
        backgroundAttachment: 'fixed',
      },
      ['background-size:auto;background-repeat:repeat;background-attachment:fixed'],
      [],
    ],
    ['headline', { headline: 'Welcome all' }, ['<h1 class="lv-headline">Welcome all</h1>'], []],
    [
      'start as text',
      { startMode: 'text', startText: 'Tomorrow at noon' },
      ['<span class="lv-start-value">Tomorrow at noon</span>'],
      [],
    ],
    [
      'start as date and time (in the page language)',
      { startMode: 'datetime', startDate: '2026-12-24', startTime: '18:30', language: 'de' },
      ['Donnerstag, 24. Dezember 2026 um 18:30', '<span class="lv-start-label">Beginn</span>'],
      [],
    ],
    ['no start', { startMode: 'none', startText: 'hidden' }, [], ['lv-start-value']],
    [
      'player iframe',
      { playerMode: 'iframe', playerLink: 'https://player.example.com/live' },
      [
        '<iframe src="https://player.example.com/live" title="Launch Day" allow="autoplay; fullscreen; picture-in-picture; encrypted-media" allowFullScreen',
      ],
      [],
    ],
    [
      'player wowza',
      { playerMode: 'wowza', playerLink: 'https://player.cloud.wowza.com/hosted/abc/player.html' },
      ['<iframe src="https://player.cloud.wowza.com/hosted/abc/player.html"'],
      [],
    ],
    [
      'player amazon-ivs',
      {
        playerMode: 'amazon-ivs',
        playerLink: 'https://abc.us-west-2.playback.live-video.net/api/video/v1/x.m3u8',
      },
      [
        'data-ivs-src="https://abc.us-west-2.playback.live-video.net/api/video/v1/x.m3u8"',
        '/_livent/ivs.js',
      ],
      ['video.min.js'],
    ],
    [
      'player videojs',
      { playerMode: 'videojs', playerLink: 'https://cdn.example.com/live.m3u8' },
      [
        '<source src="https://cdn.example.com/live.m3u8" type="application/x-mpegURL">',
        '/_livent/video.min.js',
        '/_livent/video-js.min.css',
      ],
      ['ivs.js'],
    ],
    [
      'player code',
      { playerMode: 'code', playerCode: '<div id="custom-player"></div>' },
      ['<div class="lv-code-player"><div id="custom-player"></div></div>'],
      [],
    ],
    [
      'player disabled shows the alternate image',
      { playerMode: 'disabled', alternatePlayerImage: UPLOAD, playerLink: 'https://x.example.com' },
      [`<div class="lv-player-image"><img class="lv-fill" src="${UPLOAD}"`],
      ['<iframe src="https://x.example.com"'],
    ],
    [
      'player hidden shows the alternate image',
      { playerVisible: false, alternatePlayerImage: UPLOAD, playerLink: 'https://x.example.com' },
      [`src="${UPLOAD}"`],
      ['<iframe src="https://x.example.com"'],
    ],
    [
      'player hidden without image shows nothing',
      { playerVisible: false, playerLink: 'https://x.example.com' },
      [],
      ['lv-player'],
    ],
    [
      'introduction',
      { introduction: 'First line\nsecond line' },
      ['<p>First line<br>second line</p>'],
      [],
    ],
    [
      'agenda',
      { agenda: '10:00 Keynote' },
      ['<div class="lv-agenda"><h2>Agenda</h2>', '10:00 Keynote'],
      [],
    ],
    [
      'content with auto-created links',
      { content: 'See https://example.com/docs.', autoCreateLinks: true },
      [
        'See <a href="https://example.com/docs" target="_blank" rel="noopener noreferrer">https://example.com/docs</a>.',
      ],
      [],
    ],
    [
      'content without links',
      { content: 'See https://example.com/docs', autoCreateLinks: false },
      ['See https://example.com/docs'],
      ['<a href="https://example.com/docs"'],
    ],
    [
      'extra image',
      { extraImage: UPLOAD },
      [`<section class="lv-block lv-extra-image"><img class="lv-fill" src="${UPLOAD}"`],
      [],
    ],
    [
      'call to action',
      { ctaTitle: 'Register now', ctaLink: 'https://example.com/register' },
      [
        '<a class="lv-cta" href="https://example.com/register" target="_blank" rel="noopener noreferrer">Register now</a>',
      ],
      [],
    ],
    [
      'navigation menu (same and new window)',
      {
        menuItems: [
          { name: 'Home', link: 'https://example.com', newWindow: false },
          { name: 'Shop', link: 'https://shop.example.com', newWindow: true },
        ],
      },
      [
        '<li><a href="https://example.com">Home</a></li>',
        '<li><a href="https://shop.example.com" target="_blank" rel="noopener noreferrer">Shop</a></li>',
        'class="lv-nav-toggle" aria-expanded="false"',
      ],
      ['lv-nav-always'],
    ],
    [
      'navigation always visible',
      {
        navigationAlwaysVisible: true,
        menuItems: [{ name: 'Home', link: 'https://example.com', newWindow: false }],
      },
      ['lv-nav-always'],
      [],
    ],
    [
      'side frame',
      {
        sideFrameVisible: true,
        sideFrameLink: 'https://chat.example.com',
        playerLink: 'https://p.example.com',
      },
      [
        'lv-with-side',
        '<aside class="lv-side-frame"><div class="lv-side"><iframe src="https://chat.example.com"',
      ],
      [],
    ],
    [
      'side frame hidden',
      { sideFrameVisible: false, sideFrameLink: 'https://chat.example.com' },
      [],
      ['https://chat.example.com'],
    ],
    [
      'extra frame with height',
      {
        extraFrameVisible: true,
        extraFrameLink: 'https://poll.example.com',
        extraFrameHeight: 640,
      },
      ['<iframe src="https://poll.example.com" title="Launch Day" style="height:640px"'],
      [],
    ],
    [
      'message tool',
      { messagesEnabled: true, messagesPrompt: 'Ask the speaker' },
      [
        '<h2 id="lv-messages-title">Ask the speaker</h2>',
        'class="lv-message-form"',
        'action="/launch-',
        '/_messages" method="post"',
        'name="name"',
        'name="text"',
      ],
      [],
    ],
    ['message tool off', { messagesEnabled: false }, [], ['lv-message-form']],
    [
      'compliance banner',
      { complianceBanner: true, privacyLink: 'https://example.com/privacy' },
      ['<div class="lv-consent"', 'lv-consent-accept'],
      [],
    ],
    [
      'legal links',
      { legalTermsLink: 'https://example.com/legal', privacyLink: 'https://example.com/privacy' },
      [
        'href="https://example.com/legal" target="_blank" rel="noopener noreferrer">Legal notice</a>',
        '>Privacy policy</a>',
      ],
      [],
    ],
    [
      'custom legal text',
      { customLegalText: 'Organised by ACME' },
      ['<div class="lv-legal-text"><p>Organised by ACME</p></div>'],
      [],
    ],
    [
      'custom embed code (as is)',
      { customEmbedCode: '<script>window.tracked = true;</script>' },
      ['<script>window.tracked = true;</script>'],
      [],
    ],
    [
      'footer logo on a free plan even when hidden',
      { hideFooterLogo: true },
      ['class="lv-powered"'],
      [],
    ],
    ['noindex', { noIndex: true }, ['<meta name="robots" content="noindex, nofollow">'], []],
    ['indexable', { noIndex: false }, [], ['noindex']],
    [
      'contact',
      {
        contactName: 'ACME Events',
        contactWebsite: 'https://acme.example.com',
        contactEmail: 'hi@acme.example.com',
      },
      ['>ACME Events</a>', 'href="mailto:hi@acme.example.com"'],
      [],
    ],
  ];

  it.each(cases)('%s', async (_name, settings, contains, excludes) => {
    const body = await pageOf(settings);
    for (const text of contains) expect(body).toContain(text);
    for (const text of excludes) expect(markupOnly(body)).not.toContain(text);
  });

  it('shows highlights with their styling and group headings, in order', async () => {
    const event = await insertEvent(app, ownerId, {
      highlightsSize: 'large',
      highlightsAlign: 'center',
    });
    await insertHighlight(app, event.id, 2, { title: 'Second', group: 'Speakers' });
    await insertHighlight(app, event.id, 1, {
      title: 'First',
      group: 'Speakers',
      link: 'https://a.example.com',
      image: UPLOAD,
      description: 'About',
    });
    await insertHighlight(app, event.id, 3, { title: 'Third', group: 'Partners' });
    const body = await bodyOf(`/${event.slug}`);
    expect(body).toContain('lv-highlights lv-hl-large lv-hl-align-center');
    expect(body.match(/<h2 class="lv-hl-group">/g)).toHaveLength(2);
    const order = ['First', 'Second', 'Third'].map((title) => body.indexOf(`>${title}<`));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(body).toContain(
      '<a href="https://a.example.com" target="_blank" rel="noopener noreferrer">First</a>',
    );
    expect(body).toContain('<p>About</p>');
  });

  it('hides the footer logo and follows the custom layout order only on plans that allow it', async () => {
    const paid = await register(app);
    await setPlan(app, paid.user.id, 'enterprise-member');
    const settings: Partial<EventSettings> = {
      hideFooterLogo: true,
      customLayoutOrder: ['extraImage', 'player'],
      extraImage: UPLOAD,
      playerLink: 'https://p.example.com',
    };
    const event = await insertEvent(app, paid.user.id, settings);
    const body = markupOnly(await bodyOf(`/${event.slug}`));
    expect(body).not.toContain('class="lv-powered"');
    expect(body.indexOf('lv-extra-image')).toBeLessThan(body.indexOf('lv-player-main'));

    const free = markupOnly(await pageOf(settings));
    expect(free).toContain('class="lv-powered"');
    expect(free.indexOf('lv-extra-image')).toBeGreaterThan(free.indexOf('lv-player-main'));
  });
});

describe('public page: layouts', () => {
  async function eventWithBlocks(layout: EventSettings['layout']) {
    const event = await insertEvent(app, ownerId, {
      layout,
      messagesEnabled: true,
      // Organiser text naming the page's own classes decides nothing.
      content: 'Our lv-messages and lv-highlights are great',
      ctaTitle: 'Register',
      ctaLink: 'https://example.com/register',
    });
    await insertHighlight(app, event.id, 1, { title: 'Keynote' });
    return markupOnly(await bodyOf(`/${event.slug}`));
  }

  const between = (body: string, start: string, end: string) =>
    body.slice(body.indexOf(start), body.indexOf(end, body.indexOf(start)));

  it('modern: player and text beside a panel with the heading, the call to action and the message tool', async () => {
    const body = await eventWithBlocks('modern');
    // The stage's markup is the phone's order (ADR 052): the panel, the player, the message
    // tool, then the text; wide screens put the panel and the message tool beside the others.
    const stage = between(body, '<div class="lv-stage">', '<section class="lv-block lv-highlights');
    const panel = between(stage, '<section class="lv-intro lv-panel">', '</section>');
    const main = between(stage, '<div class="lv-stage-main">', '</main>');
    expect(panel).toContain('<h1');
    expect(panel).toContain('class="lv-cta"');
    expect(main).toContain('Our lv-messages and lv-highlights are great');
    expect(main).not.toContain('class="lv-cta"');
    const order = ['lv-intro lv-panel', 'lv-player', 'lv-message-form', 'lv-stage-main'];
    const positions = order.map((marker) => stage.indexOf(marker));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    // Highlights below the stage, across the whole width.
    expect(body.indexOf('class="lv-block lv-highlights')).toBeGreaterThan(
      body.indexOf('lv-stage-main'),
    );
  });

  it.each(['classic', 'tube'] as const)(
    "%s: the heading, the call to action, the player and the message tool before the organiser's text",
    async (layout) => {
      const body = await eventWithBlocks(layout);
      const main = between(body, '<main', '</main>');
      const text = main.indexOf('Our lv-messages and lv-highlights are great');
      for (const marker of ['<h1', 'class="lv-cta"', 'lv-player', 'lv-message-form']) {
        expect(main.indexOf(marker)).toBeGreaterThan(-1);
        expect(main.indexOf(marker)).toBeLessThan(text);
      }
    },
  );

  it('tube: highlights beside the player, the message tool and the text under it', async () => {
    const body = await eventWithBlocks('tube');
    const main = between(body, '<div class="lv-theatre-main">', '<aside class="lv-theatre-aside">');
    const aside = between(body, '<aside class="lv-theatre-aside">', '</aside>');
    expect(body).toContain('class="lv-theatre lv-theatre-with-aside"');
    expect(main).toContain('lv-player');
    expect(main).toContain('Our lv-messages and lv-highlights are great');
    expect(main).toContain('lv-message-form');
    expect(aside).toContain('>Keynote<');
    expect(aside).not.toContain('lv-message-form');
  });

  it('the gate shows the call to action only where it shows the content, as before', async () => {
    const gate = {
      accessMode: 'code',
      accessCode: 'open sesame',
      ctaTitle: 'Register',
      ctaLink: 'https://example.com/register',
    } as const;
    const hidden = await pageOf({ ...gate, accessShowContent: false });
    expect(hidden).toContain('lv-gate');
    expect(hidden).not.toContain('class="lv-cta"');
    for (const accessShowIntroduction of [true, false]) {
      const shown = await pageOf({ ...gate, accessShowContent: true, accessShowIntroduction });
      expect(shown.match(/class="lv-cta"/g)).toHaveLength(1);
    }
  });

  it('tube without highlights has no side column; classic stacks every block in one column', async () => {
    const tube = markupOnly(await pageOf({ layout: 'tube' }));
    expect(tube).toContain('class="lv-theatre"');
    expect(tube).not.toContain('lv-theatre-aside');
    const classic = await eventWithBlocks('classic');
    const stack = between(classic, '<div class="lv-stack">', '</main>');
    for (const block of ['lv-player', 'lv-content', 'lv-highlights', 'lv-messages']) {
      expect(stack).toContain(block);
    }
  });
});

describe('public page: stored settings are read through the shared schema', () => {
  it('an invalid stored colour falls back to the default and never reaches the CSS', async () => {
    const event = await insertEvent(app, ownerId, { headline: 'Still shown' });
    await saveSettings(app, event.id, {
      accentColor: 'red}</style><script>alert(1)</script>',
      textColor: '#123456',
      headerHeight: 'tall',
    } as unknown as Partial<EventSettings>);
    clock.advance(REVALIDATE_MS);
    const body = await bodyOf(`/${event.slug}`);
    expect(body).toContain('--lv-accent:#3f51b5');
    expect(body).toContain('--lv-text:#123456');
    expect(body).toContain('--lv-header-height:72px');
    expect(body).toContain('Still shown');
    expect(body).not.toContain('alert(1)');
  });

  it('an invalid channel override is ignored, the valid ones apply', async () => {
    const event = await insertEvent(app, ownerId, { playerLink: 'https://p.example.com/main' });
    await insertChannel(app, event.id, {
      slug: 'de',
      title: 'Deutsch',
      overrides: {
        headline: 'Willkommen',
        playerLink: 'javascript:alert(1)',
      } as Partial<EventSettings>,
    });
    const body = await bodyOf(`/${event.slug}/de`);
    expect(body).toContain('Willkommen');
    expect(body).toContain('src="https://p.example.com/main"');
    expect(body).not.toContain('javascript:');
  });
});

describe('public page: escaping and languages', () => {
  it('keeps organiser text as text', async () => {
    const body = await pageOf({
      title: '<script>alert(1)</script>',
      headline: '"><img src=x onerror=alert(1)>',
      content: '<b>bold</b>',
      menuItems: [
        { name: '<i>x</i>', link: 'https://example.com/"onmouseover="x', newWindow: false },
      ],
      ctaTitle: 'Go',
      ctaLink: 'javascript:alert(1)',
    });
    expect(body).not.toContain('<script>alert(1)</script>');
    expect(body).toContain('<title>&lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(body).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(body).toContain('&lt;b&gt;bold&lt;/b&gt;');
    expect(body).toContain('href="https://example.com/&quot;onmouseover=&quot;x"');
    expect(body).not.toContain('javascript:');
  });

  it.each([
    ['de-DE,de;q=0.9,en;q=0.5', 'de', 'Zum Inhalt springen'],
    ['fr-CH, fr;q=0.9', 'fr', 'Aller au contenu'],
    ['es', 'es', 'Saltar al contenido'],
    ['ja, it;q=0.8', 'en', 'Skip to content'],
  ])('language auto picks from Accept-Language %s', async (header, language, skip) => {
    const event = await insertEvent(app, ownerId, { language: 'auto' });
    const response = await onEventsHost(app, `/${event.slug}`, {
      headers: { 'accept-language': header },
    });
    expect(response.body).toContain(`<html lang="${language}">`);
    expect(response.body).toContain(skip);
    expect(response.headers.vary).toBe('Accept-Language');
  });

  it('a fixed language ignores the browser and does not vary', async () => {
    const event = await insertEvent(app, ownerId, { language: 'fr', messagesEnabled: true });
    const response = await onEventsHost(app, `/${event.slug}`, {
      headers: { 'accept-language': 'de' },
    });
    expect(response.body).toContain('<html lang="fr">');
    expect(response.body).toContain('Envoyer le message');
    expect(response.headers.vary).toBeUndefined();
  });
});

describe('public page: host, 404, caching, reload', () => {
  it('answers unknown slugs with a styled 404 page, also for any other path on the events host', async () => {
    for (const url of ['/no-such-event', '/', '/a/b/c', '/_livent/nope.css']) {
      const response = await onEventsHost(app, url, { headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('Event not found');
    }
    const german = await onEventsHost(app, '/missing', { headers: { 'accept-language': 'de' } });
    expect(german.body).toContain('Veranstaltung nicht gefunden');
  });

  it('is not served on the dashboard host, and the events host gets its own CSP', async () => {
    const event = await insertEvent(app, ownerId, { headline: 'Only on events' });
    const dashboard = await app.inject({ url: `/${event.slug}`, headers: { accept: 'text/html' } });
    expect(dashboard.body).not.toContain('Only on events');
    expect(dashboard.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const page = await onEventsHost(app, `/${event.slug}`);
    expect(page.headers['content-security-policy']).toContain('frame-src *');
    expect(page.headers['x-frame-options']).toBeUndefined();
  });

  it('sends Cache-Control within 30 s with the revalidation, and ETag/304', async () => {
    const event = await insertEvent(app, ownerId);
    const first = await onEventsHost(app, `/${event.slug}`);
    const maxAge = Number(/max-age=(\d+)/.exec(first.headers['cache-control'] ?? '')?.[1]);
    expect(first.headers['cache-control']).toMatch(/^public, .*s-maxage=\d+/);
    expect(maxAge * 1000 + REVALIDATE_MS).toBeLessThanOrEqual(30_000);
    const etag = first.headers.etag as string;
    const second = await onEventsHost(app, `/${event.slug}`, {
      headers: { 'if-none-match': etag },
    });
    expect(second.statusCode).toBe(304);
  });

  it('serves the cached page until the version changes, and a save within the revalidation window', async () => {
    const event = await insertEvent(app, ownerId, { headline: 'Before' });
    expect(await bodyOf(`/${event.slug}`)).toContain('Before');
    // A change without a version bump is not seen: the page comes from the cache.
    await saveSettings(app, event.id, { headline: 'Unversioned' }, { bump: false });
    clock.advance(REVALIDATE_MS);
    expect(await bodyOf(`/${event.slug}`)).toContain('Before');
    // A save bumps the version: seen once the revalidation window has passed.
    await saveSettings(app, event.id, { headline: 'After' });
    expect(await bodyOf(`/${event.slug}`)).toContain('Before');
    clock.advance(REVALIDATE_MS);
    expect(await bodyOf(`/${event.slug}`)).toContain('After');
  });

  it('answers the remote reload state for the viewer script', async () => {
    const event = await insertEvent(app, ownerId);
    const { version } = await app.db
      .selectFrom('events')
      .select('version')
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    const before = await onEventsHost(app, `/${event.slug}/_state`);
    // The page's version too: a page that missed a `state` frame compares it (ADR 063).
    expect(before.json()).toEqual({ reloadAt: null, version });
    expect(before.headers['cache-control']).toMatch(/^public, max-age=\d, s-maxage=\d$/);
    const stamp = '2026-11-22T10:05:00.000Z';
    await app.db
      .updateTable('events')
      .set({ remote_reload_at: stamp })
      .where('id', '=', event.id)
      .execute();
    clock.advance(REVALIDATE_MS);
    expect((await onEventsHost(app, `/${event.slug}/_state`)).json()).toEqual({
      reloadAt: stamp,
      version,
    });
    const page = await onEventsHost(app, `/${event.slug}`);
    expect(page.body).toContain(`data-reload-at="${stamp}"`);
    expect((await onEventsHost(app, '/nothing-here/_state')).statusCode).toBe(404);
  });

  it('every answer of the events origin says nosniff and its referrer policy', async () => {
    const event = await insertEvent(app, ownerId);
    const routed = await insertEvent(app, ownerId);
    const channelId = await insertChannel(app, routed.id, { slug: 'de', title: 'Deutsch' });
    await saveSettings(app, routed.id, {
      channelRoutingRules: [{ kind: 'language', value: 'de', channelId }],
    });
    const urls = [
      `/${event.slug}`,
      `/${event.slug}/_state`,
      '/no-such-event',
      '/',
      '/a/b/c',
      '/favicon.ico',
      '/_livent/page.css',
      '/_livent/nope.js',
    ];
    for (const url of urls) {
      const response = await onEventsHost(app, url);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
    const redirect = await onEventsHost(app, `/${routed.slug}`, {
      headers: { 'accept-language': 'de' },
    });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers['x-content-type-options']).toBe('nosniff');
    expect(redirect.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('names the events origin in the policy, so that the sandboxed preview runs the page script', async () => {
    const event = await insertEvent(app, ownerId);
    const origin = new URL(app.config.eventsUrl).origin;
    for (const url of [`/${event.slug}`, '/missing']) {
      const csp = (await onEventsHost(app, url)).headers['content-security-policy'] as string;
      expect(csp, url).toMatch(new RegExp(`script-src [^;]*'self'[^;]* ${origin}(;|$)`));
      expect(csp, url).toMatch(new RegExp(`style-src [^;]* ${origin}(;|$)`));
    }
    // The preview's opaque origin loads the page's files and polls its state.
    const file = await onEventsHost(app, '/_livent/page.css');
    expect(file.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const state = await onEventsHost(app, `/${event.slug}/_state`);
    expect(state.headers['access-control-allow-origin']).toBe('*');
  });

  it('serves the stylesheet and an icon; a page links both (the event logo as its icon when set)', async () => {
    const plain = await pageOf({});
    const stylesheet = /<link rel="stylesheet" href="(\/_livent\/page\.css\?v=[\w-]+)">/.exec(
      plain,
    );
    expect(stylesheet).not.toBeNull();
    const css = await onEventsHost(app, stylesheet?.[1] ?? '');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
    expect(css.headers['cache-control']).toContain('immutable');
    expect(css.body).toContain('.lv-theatre');
    expect(plain).toMatch(/<link rel="icon" href="\/_livent\/favicon\.svg\?v=[\w-]+">/);
    expect(await pageOf({ logo: UPLOAD })).toContain(`<link rel="icon" href="${UPLOAD}">`);
    const icon = await onEventsHost(app, '/favicon.ico');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/svg+xml');
  });

  it('serves the viewer files with immutable caching', async () => {
    const response = await onEventsHost(app, '/_livent/video.min.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
    expect((await onEventsHost(app, '/_livent/nope.js')).statusCode).toBe(404);
  });
});

describe('public page: channels', () => {
  it('renders a channel with its overrides, its highlights and the channel menu', async () => {
    const event = await insertEvent(app, ownerId, {
      title: 'Summit',
      headline: 'Main headline',
      channelMenuName: 'language',
      channelMenuTitle: 'English',
      language: 'en',
    });
    const first = await insertHighlight(app, event.id, 1, { title: 'Only main' });
    const second = await insertHighlight(app, event.id, 2, { title: 'Shared' });
    await insertChannel(app, event.id, {
      slug: 'deutsch',
      title: 'Deutsch',
      overrides: { headline: 'Deutsche Überschrift', language: 'de' },
      highlightIds: [second],
    });
    await insertChannel(app, event.id, { slug: 'secret', title: 'Secret', visible: false });
    void first;

    const main = await bodyOf(`/${event.slug}`);
    expect(main).toContain('Main headline');
    expect(main).toContain('<span class="lv-channels-label">Language</span>');
    expect(main).toContain(`<li><a href="/${event.slug}" aria-current="page">English</a></li>`);
    expect(main).toContain(`<li><a href="/${event.slug}/deutsch">Deutsch</a></li>`);
    expect(main).not.toContain('Secret');
    expect(main).toContain('Only main');

    const channel = await onEventsHost(app, `/${event.slug}/deutsch`);
    expect(channel.statusCode).toBe(200);
    expect(tidy(channel.body)).toContain('Deutsche Überschrift');
    expect(tidy(channel.body)).toContain('<html lang="de">');
    expect(tidy(channel.body)).toContain('<span class="lv-channels-label">Sprache</span>');
    expect(tidy(channel.body)).toContain(
      `<a href="/${event.slug}/deutsch" aria-current="page">Deutsch</a>`,
    );
    expect(tidy(channel.body)).toContain('Shared');
    expect(tidy(channel.body)).not.toContain('Only main');

    expect((await onEventsHost(app, `/${event.slug}/secret`)).statusCode).toBe(404);
    expect((await onEventsHost(app, `/${event.slug}/unknown`)).statusCode).toBe(404);
  });

  it('names the main entry by the default title when none is set', async () => {
    const event = await insertEvent(app, ownerId, { channelMenuName: 'rooms' });
    await insertChannel(app, event.id, { slug: 'hall-b', title: 'Hall B' });
    const body = await bodyOf(`/${event.slug}`);
    expect(body).toContain('<span class="lv-channels-label">Rooms</span>');
    expect(body).toContain('aria-current="page">Main event</a>');
  });
});
