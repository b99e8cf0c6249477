import { randomUUID } from 'node:crypto';
import {
  DEFAULT_EVENT_SETTINGS,
  ERROR_MESSAGES,
  EVENT_SETTING_FEATURES,
  eventSettingsSchema,
  hasFeature,
  MENU_ITEMS_MAX,
  PLAN_ALLOWANCES,
  type EventListItem,
  type EventSettingName,
  type EventSettingsResponse,
  type PlanName,
} from '@livent/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerVerified, type SignedInUser } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { onEventsHost } from '../public/public.fixtures.js';
import { callAs, createEvent, eventRow, setPlan, type Method } from '../../test/events.js';

const EVENTS_URL = 'https://events.example.com';
const long = (length: number) => 'x'.repeat(length);
const menuItem = { name: 'Agenda', link: 'https://example.com/agenda', newWindow: false };

/**
 * At least one invalid value for every setting, with the message the field must get (spec
 * section 5). The test below fails when a setting has no row here.
 */
const INVALID_VALUES: [field: EventSettingName, value: unknown, errors: Record<string, string>][] =
  [
    ['title', '', { title: 'validation.required' }],
    ['title', long(101), { title: 'validation.maxLength?max=100' }],
    ['slug', 'Not A Slug', { slug: 'validation.slug' }],
    ['slug', 'a--b', { slug: 'validation.slug' }],
    ['language', 'it', { language: 'validation.invalid' }],
    ['description', long(1001), { description: 'validation.maxLength?max=1000' }],
    ['startMode', 'later', { startMode: 'validation.invalid' }],
    ['startDate', '2025-02-30', { startDate: 'validation.date' }],
    ['startTime', '24:00', { startTime: 'validation.time' }],
    ['startText', long(101), { startText: 'validation.maxLength?max=100' }],
    ['timeZone', 'Mars/Olympus_Mons', { timeZone: 'validation.invalid' }],
    ['durationMinutes', 0, { durationMinutes: 'validation.minValue?min=1' }],
    ['durationMinutes', 1.5, { durationMinutes: 'validation.number' }],
    ['pageState', 'paused', { pageState: 'validation.invalid' }],
    ['waitingText', long(5001), { waitingText: 'validation.maxLength?max=5000' }],
    ['waitingImage', 'javascript:alert(1)', { waitingImage: 'validation.invalid' }],
    ['thankYouText', long(5001), { thankYouText: 'validation.maxLength?max=5000' }],
    ['replayLink', 'javascript:alert(1)', { replayLink: 'validation.url' }],
    ['reminderOffsets', [60, 60], { reminderOffsets: 'validation.invalid' }],
    ['reminderOffsets', [-1], { 'reminderOffsets.0': 'validation.minValue?min=0' }],
    ['remindRegistrations', 'yes', { remindRegistrations: 'validation.invalid' }],
    ['remindInvitations', 'yes', { remindInvitations: 'validation.invalid' }],
    ['contactName', long(101), { contactName: 'validation.maxLength?max=100' }],
    ['contactEmail', 'not-an-email', { contactEmail: 'validation.email' }],
    ['contactWebsite', 'ftp://example.com', { contactWebsite: 'validation.url' }],
    ['playerVisible', 'yes', { playerVisible: 'validation.invalid' }],
    ['playerMode', 'flash', { playerMode: 'validation.invalid' }],
    ['playerLink', 'not a link', { playerLink: 'validation.url' }],
    ['playerLink', '<iframe src="javascript:alert(1)"></iframe>', { playerLink: 'validation.url' }],
    ['playerCode', long(20_001), { playerCode: 'validation.maxLength?max=20000' }],
    [
      'alternatePlayerImage',
      'https://evil.example/x.png',
      { alternatePlayerImage: 'validation.invalid' },
    ],
    ['headline', long(201), { headline: 'validation.maxLength?max=200' }],
    ['introduction', long(10_001), { introduction: 'validation.maxLength?max=10000' }],
    ['agenda', long(10_001), { agenda: 'validation.maxLength?max=10000' }],
    ['content', long(20_001), { content: 'validation.maxLength?max=20000' }],
    ['autoCreateLinks', 1, { autoCreateLinks: 'validation.invalid' }],
    ['extraImage', '/uploads/../secret.png', { extraImage: 'validation.invalid' }],
    ['ctaTitle', long(51), { ctaTitle: 'validation.maxLength?max=50' }],
    ['ctaLink', 'javascript:alert(1)', { ctaLink: 'validation.url' }],
    ['highlightsSize', 'huge', { highlightsSize: 'validation.invalid' }],
    ['highlightsAlign', 'justify', { highlightsAlign: 'validation.invalid' }],
    ['logo', '/uploads/logo.svg', { logo: 'validation.invalid' }],
    ['backgroundColor', 'red', { backgroundColor: 'validation.color' }],
    ['textColor', '#12345', { textColor: 'validation.color' }],
    ['accentColor', '#gggggg', { accentColor: 'validation.color' }],
    ['headerColor', 'rgb(0,0,0)', { headerColor: 'validation.color' }],
    ['headerTextColor', '#0000000', { headerTextColor: 'validation.color' }],
    ['headerAccentColor', '', { headerAccentColor: 'validation.color' }],
    ['fontFamily', 'comic', { fontFamily: 'validation.invalid' }],
    ['customFont', 'Roboto;} body{', { customFont: 'validation.invalid' }],
    ['customFont', long(61), { customFont: 'validation.maxLength?max=60' }],
    ['backgroundImage', 42, { backgroundImage: 'validation.invalid' }],
    ['backgroundSize', 'contain', { backgroundSize: 'validation.invalid' }],
    ['backgroundRepeat', 'repeat-x', { backgroundRepeat: 'validation.invalid' }],
    ['backgroundAttachment', 'local', { backgroundAttachment: 'validation.invalid' }],
    ['layout', 'grid', { layout: 'validation.invalid' }],
    ['headerLayout', 'left', { headerLayout: 'validation.invalid' }],
    ['headerHeight', 47, { headerHeight: 'validation.minValue?min=48' }],
    ['headerHeight', 601, { headerHeight: 'validation.maxValue?max=600' }],
    ['headerHeight', '72', { headerHeight: 'validation.number' }],
    ['customLayoutOrder', ['player', 'player'], { customLayoutOrder: 'validation.invalid' }],
    ['customLayoutOrder', ['sidebar'], { 'customLayoutOrder.0': 'validation.invalid' }],
    ['hideFooterLogo', 'true', { hideFooterLogo: 'validation.invalid' }],
    [
      'menuItems',
      Array.from({ length: MENU_ITEMS_MAX + 1 }, () => menuItem),
      { menuItems: `validation.maxEntries?max=${MENU_ITEMS_MAX}` },
    ],
    ['menuItems', [{ ...menuItem, name: ' ' }], { 'menuItems.0.name': 'validation.required' }],
    ['menuItems', [{ ...menuItem, link: 'agenda' }], { 'menuItems.0.link': 'validation.url' }],
    // Another host, however it is written: `//host` and `/\host` are no paths on the page.
    [
      'menuItems',
      [{ ...menuItem, link: '//evil.example/x' }],
      { 'menuItems.0.link': 'validation.url' },
    ],
    [
      'menuItems',
      [{ ...menuItem, link: '/\\evil.example' }],
      { 'menuItems.0.link': 'validation.url' },
    ],
    ['menuItems', [{ ...menuItem, link: '# agenda' }], { 'menuItems.0.link': 'validation.url' }],
    [
      'sideFrameLink',
      '<iframe src="data:text/html,x"></iframe>',
      { sideFrameLink: 'validation.url' },
    ],
    [
      'menuItems',
      [{ ...menuItem, target: '_top' }],
      { 'menuItems.0.target': 'validation.unknownField' },
    ],
    ['navigationAlwaysVisible', 'no', { navigationAlwaysVisible: 'validation.invalid' }],
    ['channelMenuTitle', long(51), { channelMenuTitle: 'validation.maxLength?max=50' }],
    ['channelMenuName', 'tabs', { channelMenuName: 'validation.invalid' }],
    [
      'channelRoutingRules',
      [{ kind: 'ip', value: '300.1.1.1', channelId: 'c1' }],
      { 'channelRoutingRules.0.value': 'validation.ipOrCidr' },
    ],
    [
      'channelRoutingRules',
      [{ kind: 'country', value: 'Germany', channelId: 'c1' }],
      { 'channelRoutingRules.0.value': 'validation.invalid' },
    ],
    ['messagesEnabled', 'on', { messagesEnabled: 'validation.invalid' }],
    ['messagesPrompt', long(201), { messagesPrompt: 'validation.maxLength?max=200' }],
    ['messagesMode', 'chat', { messagesMode: 'validation.invalid' }],
    ['reactionsEnabled', 'yes', { reactionsEnabled: 'validation.invalid' }],
    ['sideFrameVisible', 0, { sideFrameVisible: 'validation.invalid' }],
    ['sideFrameLink', 'example.com', { sideFrameLink: 'validation.url' }],
    ['extraFrameVisible', null, { extraFrameVisible: 'validation.required' }],
    ['extraFrameLink', 'mailto:a@example.com', { extraFrameLink: 'validation.url' }],
    ['extraFrameHeight', 961, { extraFrameHeight: 'validation.maxValue?max=960' }],
    ['extraFrameHeight', 99, { extraFrameHeight: 'validation.minValue?min=100' }],
    ['legalTermsLink', 'terms', { legalTermsLink: 'validation.url' }],
    ['privacyLink', 'http://', { privacyLink: 'validation.url' }],
    ['customLegalText', long(5001), { customLegalText: 'validation.maxLength?max=5000' }],
    ['complianceBanner', 'true', { complianceBanner: 'validation.invalid' }],
    ['complianceTextEn', long(1001), { complianceTextEn: 'validation.maxLength?max=1000' }],
    ['complianceTextDe', 42, { complianceTextDe: 'validation.invalid' }],
    ['complianceConfirmed', 1, { complianceConfirmed: 'validation.invalid' }],
    [
      'invitationMailSubject',
      'Hi {Foo}',
      {
        invitationMailSubject:
          'validation.unknownPlaceholder?placeholder=%7BFoo%7D&allowed=%7BName%7D%2C+%7BUsername%7D%2C+%7BPassword%7D%2C+%7BPersonalLink%7D%2C+%7BEventName%7D%2C+%7BEventLink%7D',
      },
    ],
    ['invitationMailBody', long(5001), { invitationMailBody: 'validation.maxLength?max=5000' }],
    ['registrationMailSubject', 'a\nb', { registrationMailSubject: 'validation.singleLine' }],
    [
      'registrationMailBody',
      'Your password: {Password}',
      {
        registrationMailBody:
          'validation.unknownPlaceholder?placeholder=%7BPassword%7D&allowed=%7BName%7D%2C+%7BEmail%7D%2C+%7BPersonalLink%7D%2C+%7BEventName%7D%2C+%7BEventLink%7D',
      },
    ],
    ['followUpAttendedSubject', 'a\nb', { followUpAttendedSubject: 'validation.singleLine' }],
    ['followUpAttendedBody', long(5001), { followUpAttendedBody: 'validation.maxLength?max=5000' }],
    ['followUpMissedSubject', 'a\nb', { followUpMissedSubject: 'validation.singleLine' }],
    [
      'followUpMissedBody',
      'Your password: {Password}',
      {
        followUpMissedBody:
          'validation.unknownPlaceholder?placeholder=%7BPassword%7D&allowed=%7BName%7D%2C+%7BPersonalLink%7D%2C+%7BReplayLink%7D%2C+%7BEventName%7D%2C+%7BEventLink%7D',
      },
    ],
    ['customEmbedCode', long(20_001), { customEmbedCode: 'validation.maxLength?max=20000' }],
    ['noIndex', 'false', { noIndex: 'validation.invalid' }],
    ['accessMode', 'password', { accessMode: 'validation.invalid' }],
    ['accessText', long(5001), { accessText: 'validation.maxLength?max=5000' }],
    ['accessImage', 'https://evil.example/gate.png', { accessImage: 'validation.invalid' }],
    ['accessImagePlacement', 'below', { accessImagePlacement: 'validation.invalid' }],
    ['accessShowIntroduction', 'yes', { accessShowIntroduction: 'validation.invalid' }],
    ['accessShowContent', 1, { accessShowContent: 'validation.invalid' }],
    ['accessShowHighlights', null, { accessShowHighlights: 'validation.required' }],
    ['accessCode', long(101), { accessCode: 'validation.maxLength?max=100' }],
    ['accessCode', 'two\nlines', { accessCode: 'validation.singleLine' }],
    ['sessionLimit', 0, { sessionLimit: 'validation.minValue?min=1' }],
    ['sessionLimit', 11, { sessionLimit: 'validation.maxValue?max=10' }],
    ['retentionDays', 31, { retentionDays: 'validation.invalid' }],
    ['retentionDays', 0, { retentionDays: 'validation.invalid' }],
    ['retentionMode', 'erase', { retentionMode: 'validation.invalid' }],
    [
      'registrationEmailDomains',
      Array.from({ length: 11 }, (_, index) => `d${String(index)}.example.com`),
      { registrationEmailDomains: 'validation.maxEntries?max=10' },
    ],
    [
      'registrationEmailDomains',
      ['example.com', 'not a domain'],
      { 'registrationEmailDomains.1': 'validation.hostname' },
    ],
    [
      'registrationEmailDomains',
      ['example.com', 'EXAMPLE.com'],
      { 'registrationEmailDomains.1': 'validation.nameInUse' },
    ],
    ['registrationEmailMode', 'never', { registrationEmailMode: 'validation.invalid' }],
    [
      'registrationFields',
      Array.from({ length: 21 }, (_, index) => ({
        name: `f${String(index)}`,
        label: 'Field',
        required: false,
        options: [],
      })),
      { registrationFields: 'validation.maxEntries?max=20' },
    ],
    [
      'registrationFields',
      [{ name: 'Company Name', label: 'Company', required: true, options: [] }],
      { 'registrationFields.0.name': 'validation.identifier' },
    ],
    [
      'registrationFields',
      [{ name: 'company', label: '', required: true, options: [] }],
      { 'registrationFields.0.label': 'validation.required' },
    ],
    [
      'registrationFields',
      [
        { name: 'company', label: 'Company', required: true, options: [] },
        { name: 'company', label: 'Firm', required: false, options: [] },
      ],
      { 'registrationFields.1': 'validation.nameInUse' },
    ],
    [
      'registrationFields',
      [{ name: 'size', label: 'Size', required: false, options: [long(51)] }],
      { 'registrationFields.0.options.0': 'validation.maxLength?max=50' },
    ],
    [
      'registrationFields',
      [
        {
          name: 'size',
          label: 'Size',
          required: false,
          options: Array.from({ length: 301 }, (_, index) => `o${String(index)}`),
        },
      ],
      { 'registrationFields.0.options': 'validation.maxEntries?max=300' },
    ],
  ];

/** A changed value for each setting that needs a plan feature. */
const FEATURE_CHANGES: Partial<Record<EventSettingName, unknown>> = {
  contactName: 'Ada Lovelace',
  contactEmail: 'ada@example.com',
  hideFooterLogo: true,
  customEmbedCode: '<script>console.log(1)</script>',
  complianceTextEn: 'We embed YouTube.',
  complianceTextDe: 'Wir binden YouTube ein.',
  complianceConfirmed: true,
  customLayoutOrder: ['player', 'content', 'highlights'],
};

describe('event settings API', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let owner: SignedInUser;
  let event: EventListItem;

  beforeAll(async () => {
    testApp = await buildTestApp({ EVENTS_URL });
    app = testApp.app;
    owner = await registerVerified(app);
  });
  afterAll(async () => testApp.cleanup());
  beforeEach(async () => {
    // A fresh event per test, within the free plan's limit.
    await app.db.deleteFrom('events').where('owner_id', '=', owner.user.id).execute();
    await setPlan(app, owner.user.id, 'free');
    event = await createEvent(app, owner, 'Settings');
  });

  const call = (method: Method, path: string, payload?: object, user = owner) =>
    callAs(app, user, method, path, payload);
  const patch = (payload: object, id = event.id) => call('PATCH', `/event-settings/${id}`, payload);
  const settingsOf = async (id = event.id) =>
    (await call('GET', `/event-settings/${id}`)).json<EventSettingsResponse>();

  it('answers every setting: the defaults, title and slug, with id, address and time', async () => {
    const response = await call('GET', `/event-settings/${event.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ...DEFAULT_EVENT_SETTINGS,
      title: 'Settings',
      slug: event.slug,
      id: event.id,
      fullUrl: `${EVENTS_URL}/${event.slug}`,
      updatedAt: event.createdAt,
      messagesGuestToken: null,
    });
  });

  it('makes, renews and removes the messages guest-access token when the event is saved', async () => {
    const enabled = await call('PATCH', `/event-settings/${event.id}`, {
      messagesGuestToken: 'renew',
    });
    expect(enabled.statusCode).toBe(200);
    const first = enabled.json<{ messagesGuestToken: string }>().messagesGuestToken;
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Other saves leave it alone.
    const other = await call('PATCH', `/event-settings/${event.id}`, { headline: 'Hi' });
    expect(other.json()).toMatchObject({ messagesGuestToken: first, headline: 'Hi' });
    const renewed = await call('PATCH', `/event-settings/${event.id}`, {
      messagesGuestToken: 'renew',
    });
    const second = renewed.json<{ messagesGuestToken: string }>().messagesGuestToken;
    expect(second).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second).not.toBe(first);
    const removed = await call('PATCH', `/event-settings/${event.id}`, {
      messagesGuestToken: null,
    });
    expect(removed.json()).toMatchObject({ messagesGuestToken: null });
    // The organiser cannot choose a token.
    const chosen = await call('PATCH', `/event-settings/${event.id}`, {
      messagesGuestToken: 'my-own-token',
    });
    expect(chosen.statusCode).toBe(400);
    const stored = await call('GET', `/event-settings/${event.id}`);
    expect(stored.json()).toMatchObject({ messagesGuestToken: null });
  });

  it('fills in settings the stored document lacks with their defaults', async () => {
    // An event saved before `noIndex` and `headerHeight` existed.
    const stored: Record<string, unknown> = { ...DEFAULT_EVENT_SETTINGS, headline: 'Old' };
    delete stored.noIndex;
    delete stored.headerHeight;
    await app.db
      .updateTable('events')
      .set({ settings: JSON.stringify(stored) })
      .where('id', '=', event.id)
      .execute();
    const settings = await settingsOf();
    expect(settings).toMatchObject({ headline: 'Old', noIndex: false, headerHeight: 72 });
  });

  it('saves only the changed fields, answers all settings and bumps the version', async () => {
    const before = await eventRow(app, event.id);
    const response = await patch({
      title: '  Renamed  ',
      headline: 'Welcome',
      layout: 'modern',
      menuItems: [menuItem],
      startMode: 'datetime',
      startDate: '2031-05-04',
      startTime: '18:30',
      contactWebsite: 'https://example.com',
      logo: '/uploads/0b8f2c4e-1d2a-4a9b-9c3e-6f7a8b9c0d1e.png',
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<EventSettingsResponse>();
    expect(body).toMatchObject({
      title: 'Renamed',
      headline: 'Welcome',
      layout: 'modern',
      menuItems: [menuItem],
      startDate: '2031-05-04',
      language: 'auto',
      id: event.id,
    });
    const after = await eventRow(app, event.id);
    expect(after.version).toBe(before.version + 1);
    expect(after.title).toBe('Renamed');
    expect(after.updated_at >= before.updated_at).toBe(true);
    expect(JSON.parse(after.settings)).not.toHaveProperty('title');
    expect(await settingsOf()).toEqual(body);

    // A second save keeps what the first one saved.
    await patch({ headline: 'Hello again' });
    expect(await settingsOf()).toMatchObject({ layout: 'modern', headline: 'Hello again' });
  });

  it('has an invalid value with its message for every setting', () => {
    const covered = new Set(INVALID_VALUES.map(([field]) => field));
    const fields = Object.keys(eventSettingsSchema.shape) as EventSettingName[];
    expect(fields.filter((field) => !covered.has(field))).toEqual([]);
  });

  const invalidCases = INVALID_VALUES.map(([field, value, errors]) => ({
    name: `${field} = ${JSON.stringify(value).slice(0, 40)}`,
    field,
    value,
    errors,
  }));
  it.each(invalidCases)('refuses $name and saves nothing', async ({ field, value, errors }) => {
    const before = await eventRow(app, event.id);
    const response = await patch({ headline: 'Would change', [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 400,
      message: ERROR_MESSAGES.validationFailed,
      errors,
    });
    expect(await eventRow(app, event.id)).toEqual(before);
  });

  it('refuses unknown fields and columns', async () => {
    const response = await patch({ ownerId: randomUUID(), version: 99 });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      ownerId: 'validation.unknownField',
      version: 'validation.unknownField',
    });
  });

  it.each(['free', 'professional', 'enterprise-member'] satisfies PlanName[])(
    'applies the plan features of each setting on the %s plan',
    async (plan) => {
      await setPlan(app, owner.user.id, plan);
      const allowance = PLAN_ALLOWANCES[plan];
      for (const [field, feature] of Object.entries(EVENT_SETTING_FEATURES)) {
        const value = FEATURE_CHANGES[field as EventSettingName];
        expect(value, `no change for ${field}`).toBeDefined();
        const before = await eventRow(app, event.id);
        const response = await patch({ headline: field, [field]: value });
        if (hasFeature(allowance, feature)) {
          expect(response.statusCode, `${field} on ${plan}`).toBe(200);
          expect(response.json()[field]).toEqual(value);
        } else {
          expect(response.statusCode, `${field} on ${plan}`).toBe(403);
          expect(response.json()).toEqual({
            code: 403,
            message: ERROR_MESSAGES.featureNotAvailable,
          });
          expect(await eventRow(app, event.id)).toEqual(before);
          // Sending the stored value unchanged is fine.
          const unchanged = await patch({
            [field]: DEFAULT_EVENT_SETTINGS[field as keyof typeof DEFAULT_EVENT_SETTINGS],
          });
          expect(unchanged.statusCode, `${field} unchanged on ${plan}`).toBe(200);
        }
      }
    },
  );

  it('takes single sign-on as the access mode only with CUSTOM_ACCESS; the other modes on any plan', async () => {
    await setPlan(app, owner.user.id, 'free');
    const before = await eventRow(app, event.id);
    const refused = await patch({ accessMode: 'cip' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 403, message: ERROR_MESSAGES.featureNotAvailable });
    expect(await eventRow(app, event.id)).toEqual(before);
    expect((await patch({ accessMode: 'registration' })).statusCode).toBe(200);
    expect((await patch({ accessMode: 'invitation' })).statusCode).toBe(200);

    await setPlan(app, owner.user.id, 'enterprise-member');
    expect(hasFeature(PLAN_ALLOWANCES['enterprise-member'], 'CUSTOM_ACCESS')).toBe(true);
    expect((await patch({ accessMode: 'cip' })).json()).toMatchObject({ accessMode: 'cip' });
    // Kept after a downgrade until it changes.
    await setPlan(app, owner.user.id, 'free');
    expect((await patch({ accessMode: 'cip', accessText: 'Sign in' })).statusCode).toBe(200);
    expect((await patch({ registrationEmailMode: 'verify' })).statusCode).toBe(403);
    expect((await patch({ registrationEmailMode: 'send' })).statusCode).toBe(200);
  });

  it('needs an access code for the code mode, whether sent together or stored before', async () => {
    const before = await eventRow(app, event.id);
    for (const body of [{ accessMode: 'code' }, { accessMode: 'code', accessCode: '   ' }]) {
      const response = await patch(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ accessCode: 'validation.required' });
    }
    expect(await eventRow(app, event.id)).toEqual(before);

    const saved = await patch({ accessMode: 'code', accessCode: ' Open Sesame ' });
    expect(saved.json()).toMatchObject({ accessMode: 'code', accessCode: 'Open Sesame' });
    const emptied = await patch({ accessCode: '' });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().errors).toEqual({ accessCode: 'validation.required' });
    // Another mode needs none.
    expect((await patch({ accessMode: 'none', accessCode: '' })).statusCode).toBe(200);
  });

  it('refuses a new access code that is easy to guess, and keeps a stored weak one (ADR 044)', async () => {
    const before = await eventRow(app, event.id);
    for (const accessCode of ['4711', '123456', '000000', 'abcabc', 'password']) {
      const response = await patch({ accessMode: 'code', accessCode });
      expect(response.statusCode, accessCode).toBe(400);
      expect(response.json().errors).toEqual({ accessCode: 'validation.accessCodeWeak?min=6' });
    }
    expect(await eventRow(app, event.id)).toEqual(before);

    // A weak code saved before the minimum strength existed: other saves keep it.
    await app.db
      .updateTable('events')
      .set({ settings: JSON.stringify({ accessMode: 'code', accessCode: '4711' }) })
      .where('id', '=', event.id)
      .execute();
    const kept = await patch({ accessText: 'Enter the code from your ticket', accessCode: '4711' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ accessMode: 'code', accessCode: '4711' });
    expect((await patch({ accessCode: '482913' })).statusCode).toBe(200);
    expect((await patch({ accessMode: 'none', accessCode: '' })).statusCode).toBe(200);
  });

  it('keeps values saved on a better plan after a downgrade until they change', async () => {
    await setPlan(app, owner.user.id, 'professional');
    expect((await patch({ contactName: 'Ada', hideFooterLogo: true })).statusCode).toBe(200);
    await setPlan(app, owner.user.id, 'free');
    const same = await patch({ contactName: 'Ada', hideFooterLogo: true, headline: 'Still' });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ contactName: 'Ada', hideFooterLogo: true });
    expect((await patch({ contactName: 'Eve' })).statusCode).toBe(403);
    expect((await patch({ hideFooterLogo: false })).statusCode).toBe(403);
  });

  it('changes the slug unless another event has it', async () => {
    const other = await createEvent(app, owner, 'Other');
    const taken = await patch({ slug: other.slug, headline: 'Not saved' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      code: 409,
      message: ERROR_MESSAGES.validationFailed,
      errors: { slug: 'validation.slugInUse' },
    });
    expect((await settingsOf()).headline).toBe('');
    expect((await patch({ slug: 'uploads' })).statusCode).toBe(409);
    // Its own slug is no conflict.
    expect((await patch({ slug: event.slug })).statusCode).toBe(200);
    const moved = await patch({ slug: `moved-${event.id.slice(0, 8)}` });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      slug: `moved-${event.id.slice(0, 8)}`,
      fullUrl: `${EVENTS_URL}/moved-${event.id.slice(0, 8)}`,
    });
    const list = (await call('GET', '/events')).json<EventListItem[]>();
    expect(list.find((item) => item.id === event.id)?.slug).toBe(`moved-${event.id.slice(0, 8)}`);
  });

  it('reduces pasted embed code with an iframe to its source link', async () => {
    const response = await patch({
      playerLink:
        '<div><iframe width="560" height="315" src="https://player.example.com/embed/42?a=1&amp;b=2" allowfullscreen></iframe></div>',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().playerLink).toBe('https://player.example.com/embed/42?a=1&b=2');
    // A plain link stays as it is.
    const plain = await patch({ playerLink: 'https://stream.example.com/live' });
    expect(plain.json().playerLink).toBe('https://stream.example.com/live');
  });

  it('reduces embed code pasted into the frame links to its source link too', async () => {
    const response = await patch({
      sideFrameLink: '<iframe src="https://chat.example.com/room/7" width="400"></iframe>',
      extraFrameLink: "<p><iframe src='https://map.example.com/?q=1&amp;z=2'></iframe></p>",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      sideFrameLink: 'https://chat.example.com/room/7',
      extraFrameLink: 'https://map.example.com/?q=1&z=2',
    });
  });

  it('takes menu links to a section or a path of the page, and shows them there', async () => {
    const menuItems = [
      { name: 'Agenda', link: '#agenda', newWindow: false },
      { name: 'Imprint', link: '/imprint?lang=de#top', newWindow: false },
      { name: 'Mail', link: 'mailto:team@example.com', newWindow: false },
    ];
    const response = await patch({ menuItems });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().menuItems).toEqual(menuItems);
    const page = await onEventsHost(app, `/${event.slug}`);
    expect(page.body).toContain('href="#agenda"');
    expect(page.body).toContain('href="/imprint?lang=de#top"');
  });

  it("takes routing rules only to this event's channels", async () => {
    const at = new Date().toISOString();
    const channel = (eventId: string) => ({
      id: randomUUID(),
      event_id: eventId,
      slug: `c-${randomUUID().slice(0, 8)}`,
      title: 'Channel',
      visible: 1 as const,
      overrides: '{}',
      highlight_ids: null,
      created_at: at,
      updated_at: at,
    });
    const other = await createEvent(app, owner, 'Other');
    const own = channel(event.id);
    const foreign = channel(other.id);
    await app.db.insertInto('channels').values([own, foreign]).execute();

    const refused = await patch({
      channelRoutingRules: [
        { kind: 'language', value: 'de', channelId: own.id },
        { kind: 'country', value: 'at', channelId: foreign.id },
        { kind: 'ip', value: '10.0.0.0/8', channelId: 'missing' },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({
      'channelRoutingRules.1.channelId': 'validation.invalid',
      'channelRoutingRules.2.channelId': 'validation.invalid',
    });
    expect((await settingsOf()).channelRoutingRules).toEqual([]);

    const saved = await patch({
      channelRoutingRules: [
        { kind: 'country', value: 'at', channelId: own.id },
        { kind: 'ip', value: '10.0.0.0/8', channelId: own.id },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().channelRoutingRules).toEqual([
      { kind: 'country', value: 'AT', channelId: own.id },
      { kind: 'ip', value: '10.0.0.0/8', channelId: own.id },
    ]);
  });

  it('keeps both of two saves of different fields at once', async () => {
    const results = await Promise.all([
      patch({ headline: 'From tab one' }),
      patch({ introduction: 'From tab two' }),
      patch({ agenda: 'From tab three' }),
    ]);
    expect(results.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(await settingsOf()).toMatchObject({
      headline: 'From tab one',
      introduction: 'From tab two',
      agenda: 'From tab three',
    });
    expect((await eventRow(app, event.id)).version).toBe(4);
  });
});
