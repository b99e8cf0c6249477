import type { EventSettings, EventSettingsResponse } from '@livent/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, type SignedInUser } from '../../../test/accounts.js';
import { callAs, createEvent, setPlan } from '../../../test/events.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { insertChannel, insertEvent, onEventsHost } from '../public.fixtures.js';

// Consent that holds (docs/decisions/051-consent-that-holds.md): with the banner on, the page
// the server renders loads nothing from another origin; each embed is a placeholder that names
// its provider and links to the source.

let test: TestApp;
let app: FastifyInstance;
let owner: SignedInUser;

beforeAll(async () => {
  test = await buildTestApp();
  app = test.app;
  owner = await registerVerified(app);
});
afterAll(() => test.cleanup());

async function pageOf(settings: Partial<EventSettings>, path = '') {
  const event = await insertEvent(app, owner.user.id, settings);
  const response = await onEventsHost(app, `/${event.slug}${path}`);
  expect(response.statusCode).toBe(200);
  return response.body;
}

/**
 * Every address the page makes the browser load on its own: `src`, `srcset`, `poster` and
 * `data` of any element, `href` of anything but a link the viewer follows (`<a>`), `action`
 * left aside (a form sends only when submitted), and `url(…)` in styles.
 */
function loadedAddresses(html: string): string[] {
  const addresses: string[] = [];
  for (const [tag, name] of html.matchAll(/<([a-z][a-z0-9-]*)\b[^>]*>/gi)) {
    for (const [, attribute, value] of tag.matchAll(
      /\s(src|srcset|poster|data|href)\s*=\s*"([^"]*)"/gi,
    )) {
      if (attribute!.toLowerCase() === 'href' && name!.toLowerCase() === 'a') continue;
      addresses.push(value!);
    }
  }
  for (const [, url] of html.matchAll(/url\(\s*(?:&quot;|["'])?([^"')&]+)/g)) addresses.push(url!);
  return addresses;
}

const otherOrigin = (address: string) =>
  /^(?:[a-z][a-z0-9+.-]*:)?\/\//i.test(address.trim()) &&
  !address.trim().startsWith(test.app.config.eventsUrl);

/** One page with every kind of embed there is. */
const EVERY_EMBED: Partial<EventSettings> = {
  playerMode: 'iframe',
  playerLink: 'https://www.youtube.com/embed/abc123',
  sideFrameVisible: true,
  sideFrameLink: 'https://app.sli.do/event/xyz',
  extraFrameVisible: true,
  extraFrameLink: 'https://www.google.com/maps/embed?pb=1',
  customEmbedCode:
    '<script src="https://www.googletagmanager.com/gtag/js?id=G-1"></script><img src="https://pixel.example.net/p.gif">',
};

describe('the page with the consent banner on', () => {
  it('loads nothing from another origin: frames, scripts, fonts, images', async () => {
    const without = await pageOf(EVERY_EMBED);
    // The check finds them where they load (so that its silence below means something).
    expect(loadedAddresses(without).filter(otherOrigin)).toEqual(
      expect.arrayContaining([
        'https://www.youtube.com/embed/abc123',
        'https://app.sli.do/event/xyz',
        'https://www.google.com/maps/embed?pb=1',
        'https://www.googletagmanager.com/gtag/js?id=G-1',
        'https://pixel.example.net/p.gif',
      ]),
    );
    const page = await pageOf({ ...EVERY_EMBED, complianceBanner: true });
    expect(loadedAddresses(page).filter(otherOrigin)).toEqual([]);
    expect(page).not.toMatch(/<iframe/i);
  });

  it.each<[string, Partial<EventSettings>]>([
    [
      'player code',
      {
        playerMode: 'code',
        playerCode: '<iframe src="https://player.vimeo.com/video/1"></iframe>',
      },
    ],
    ['video.js', { playerMode: 'videojs', playerLink: 'https://cdn.example.org/live.m3u8' }],
    ['Amazon IVS', { playerMode: 'amazon-ivs', playerLink: 'https://x.live-video.net/a.m3u8' }],
    ['wowza', { playerMode: 'wowza', playerLink: 'https://wowza.example.org/embed' }],
  ])('loads nothing from another origin in the %s player mode', async (_mode, settings) => {
    const page = await pageOf({ ...settings, complianceBanner: true });
    expect(loadedAddresses(page).filter(otherOrigin)).toEqual([]);
    expect(page).toContain('class="lv-consent-embed lv-ratio"');
  });

  it('shows a placeholder per embed naming its provider, with a button and a link to the source', async () => {
    const page = await pageOf({ ...EVERY_EMBED, complianceBanner: true });
    expect(page.match(/class="lv-consent-embed/g)).toHaveLength(4);
    expect(page.match(/class="lv-button lv-consent-load" hidden=""/g)).toHaveLength(4);
    for (const provider of [
      'Content from YouTube (youtube.com)',
      'Content from Slido (sli.do)',
      'Content from Google (google.com)',
      'Content from Google Tag Manager (googletagmanager.com), pixel.example.net',
    ]) {
      expect(page).toContain(provider);
    }
    expect(page).toContain(
      '<a href="https://www.youtube.com/embed/abc123" target="_blank" rel="noopener noreferrer">Open on youtube.com</a>',
    );
    // The embed's own markup travels inert, for the viewer script to put in.
    expect(page).toContain('data-consent-html="&lt;div class=&quot;lv-ratio&quot;&gt;&lt;iframe');
  });

  it('offers the footer link that withdraws the choice, and only with the banner on', async () => {
    expect(await pageOf({ complianceBanner: true })).toContain(
      '<button type="button" class="lv-consent-settings" hidden="">Privacy settings</button>',
    );
    expect(await pageOf({ complianceBanner: false })).not.toContain('lv-consent-settings');
  });

  it('names the provider in German on a German page', async () => {
    const page = await pageOf({ ...EVERY_EMBED, complianceBanner: true, language: 'de' });
    expect(page).toContain('Inhalt von YouTube (youtube.com)');
    expect(page).toContain('>Inhalt laden</button>');
    expect(page).toContain('>Datenschutz-Einstellungen</button>');
    expect(page).toContain('>Zustimmen</button>');
  });
});

describe("the banner's text", () => {
  const own: Partial<EventSettings> = {
    complianceBanner: true,
    complianceTextEn: 'We embed YouTube.',
    complianceTextDe: 'Wir binden YouTube ein.',
  };

  it("is the event's own in the page's language, else the default", async () => {
    expect(await pageOf({ ...own, language: 'en' })).toContain('<p>We embed YouTube.</p>');
    expect(await pageOf({ ...own, language: 'de' })).toContain('<p>Wir binden YouTube ein.</p>');
    expect(await pageOf({ ...own, language: 'fr' })).toContain(
      '<p>Cette page intègre des contenus',
    );
    expect(await pageOf({ complianceBanner: true, language: 'de' })).toContain(
      '<p>Diese Seite bindet Inhalte anderer Anbieter ein',
    );
  });

  it("is the channel's own where it overrides it", async () => {
    const event = await insertEvent(app, owner.user.id, { ...own, language: 'en' });
    await insertChannel(app, event.id, {
      slug: 'de',
      title: 'Deutsch',
      overrides: { language: 'de', complianceTextDe: 'Kanaltext.' },
    });
    const channel = await onEventsHost(app, `/${event.slug}/de`);
    expect(channel.body).toContain('<p>Kanaltext.</p>');
  });

  it('is saved per language on plans with COMPLIANCE and shows on the page', async () => {
    await setPlan(app, owner.user.id, 'professional');
    const event = await createEvent(app, owner, 'Consent');
    const texts = { complianceTextEn: 'Our words.', complianceTextDe: 'Unsere Worte.' };
    const saved = await callAs(app, owner, 'PATCH', `/event-settings/${event.id}`, {
      ...texts,
      complianceBanner: true,
      language: 'de',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<EventSettingsResponse>()).toMatchObject(texts);
    const page = await onEventsHost(app, `/${event.slug}`);
    expect(page.body).toContain('<p>Unsere Worte.</p>');

    await setPlan(app, owner.user.id, 'free');
    const refused = await callAs(app, owner, 'PATCH', `/event-settings/${event.id}`, {
      complianceTextEn: 'Changed on free.',
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('compliance confirmed', () => {
  it('is withdrawn by a save that changes what the page loads or its legal texts', async () => {
    await setPlan(app, owner.user.id, 'professional');
    const event = await createEvent(app, owner, 'Confirmed');
    const patch = (body: object) =>
      callAs(app, owner, 'PATCH', `/event-settings/${event.id}`, body).then((response) =>
        response.json<EventSettingsResponse>(),
      );
    // Confirming in the same save as a change confirms the page as saved.
    expect(
      await patch({ complianceConfirmed: true, playerLink: 'https://www.youtube.com/embed/a' }),
    ).toMatchObject({ complianceConfirmed: true });
    // Changes elsewhere keep it.
    expect(await patch({ headline: 'Live now' })).toMatchObject({ complianceConfirmed: true });
    // A new embed withdraws it.
    expect(await patch({ sideFrameLink: 'https://chat.example.org' })).toMatchObject({
      complianceConfirmed: false,
    });
    expect(await patch({ complianceConfirmed: true })).toMatchObject({ complianceConfirmed: true });
    expect(await patch({ privacyLink: 'https://example.org/privacy' })).toMatchObject({
      complianceConfirmed: false,
    });
    await setPlan(app, owner.user.id, 'free');
  });
});
