import {
  CHANNEL_OVERRIDE_FIELDS,
  DEFAULT_EVENT_SETTINGS,
  type Channel,
  type EventSettingsResponse,
  type Highlight,
} from '@livent/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAuthStore, setSignedIn } from '../../lib/auth/auth-store';
import { loadNamespaces } from '../../lib/i18n/i18n';
import { renderInRouter } from '../../test/render';
import { json, testUser } from '../../test/users';
import { ChannelForm } from './components/channel-form';
import {
  OVERRIDE_GROUPS,
  channelFormValues,
  channelPatch,
  formFieldOf,
  overridesOf,
} from './overrides';
import { stubFetch } from '../../test/fetch-stub';

const settings: EventSettingsResponse = {
  ...DEFAULT_EVENT_SETTINGS,
  id: 'event-1',
  messagesGuestToken: null,
  title: 'Product launch',
  slug: 'launch',
  headline: 'Live from Berlin',
  language: 'en',
  playerLink: 'https://player.example.com/live',
  fullUrl: 'http://events.localhost:3000/launch',
  updatedAt: '2026-11-23T10:00:00.000Z',
};

const channel = (fields: Partial<Channel> = {}): Channel => ({
  id: 'channel-1',
  eventId: 'event-1',
  slug: 'de',
  title: 'Deutsch',
  visible: true,
  overrides: { language: 'de' },
  highlightIds: null,
  fullUrl: 'http://events.localhost:3000/launch/de',
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  ...fields,
});

const highlight = (id: string, title: string): Highlight => ({
  id,
  title,
  group: '',
  description: '',
  link: '',
  image: null,
  position: 0,
});

describe('channel overrides (ADR 018)', () => {
  it('groups exactly the fields a channel may override', () => {
    expect(Object.values(OVERRIDE_GROUPS).flat().sort()).toEqual(
      [...CHANNEL_OVERRIDE_FIELDS].sort(),
    );
  });

  it("prefills every field with the channel's override, else the event's value", () => {
    const values = channelFormValues(
      channel({ overrides: { language: 'de', headline: 'Live' } }),
      settings,
    );
    expect(values.overridden).toMatchObject({ language: true, headline: true, title: false });
    expect(values.values).toMatchObject({
      language: 'de',
      headline: 'Live',
      title: 'Product launch',
      playerLink: 'https://player.example.com/live',
    });
  });

  it('sends the fields of checked groups only; unchecking removes the override', () => {
    const saved = channel({ overrides: { language: 'de', headline: 'Live' } });
    const values = channelFormValues(saved, settings);
    values.overridden.headline = false;
    values.overridden.player = true;
    values.values.playerMode = 'videojs';
    expect(overridesOf(values)).toEqual({
      language: 'de',
      playerVisible: true,
      playerMode: 'videojs',
      playerLink: 'https://player.example.com/live',
      playerCode: '',
      alternatePlayerImage: null,
    });
    const patch = channelPatch(values, saved, []);
    expect(Object.keys(patch)).toEqual(['overrides']);
    expect(patch.overrides).not.toHaveProperty('headline');
  });

  it('sends nothing when nothing changed, and highlights in the event’s order', () => {
    const saved = channel();
    const values = channelFormValues(saved, settings);
    expect(channelPatch(values, saved, ['a', 'b'])).toEqual({});
    values.highlights = 'chosen';
    values.highlightIds = ['b', 'a', 'gone'];
    expect(channelPatch(values, saved, ['a', 'b'])).toEqual({ highlightIds: ['a', 'b'] });
  });

  it('puts server errors of overrides onto their fields', () => {
    expect(formFieldOf('overrides.playerLink')).toBe('values.playerLink');
    expect(formFieldOf('slug')).toBe('slug');
  });
});

describe('channel form', () => {
  beforeAll(() => loadNamespaces('channels', 'events'));
  beforeEach(() => {
    resetAuthStore();
    setSignedIn(testUser(), 'token');
  });
  afterEach(() => vi.unstubAllGlobals());

  function serve() {
    return stubFetch((path, init) => {
      if (path === '/api/events/event-1/channels/channel-1' && init.method === 'PATCH') {
        const patch = JSON.parse(String(init.body)) as Partial<Channel>;
        return json(200, channel({ ...patch, updatedAt: '2026-11-23T11:00:00.000Z' }));
      }
      return undefined;
    });
  }

  const patchOf = (fetch: ReturnType<typeof serve>) =>
    JSON.parse(String(fetch.mock.calls.at(-1)?.[1]?.body)) as Record<string, unknown>;

  it("reveals an overridden group's fields prefilled with the event's value and saves them", async () => {
    const fetch = serve();
    const user = userEvent.setup();
    renderInRouter(
      <ChannelForm eventId="event-1" channel={channel()} settings={settings} highlights={[]} />,
    );
    const headline = await screen.findByTestId('override-headline');
    expect(headline).toHaveTextContent('Event: Live from Berlin');
    expect(within(headline).queryByLabelText('Headline')).not.toBeInTheDocument();

    await user.click(within(headline).getByRole('checkbox', { name: 'Override Headline' }));
    const field = within(headline).getByLabelText('Headline');
    expect(field).toHaveValue('Live from Berlin');
    await user.clear(field);
    await user.type(field, 'Live aus Berlin');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(patchOf(fetch)).toEqual({ overrides: { language: 'de', headline: 'Live aus Berlin' } });
  });

  it('offers its own consent banner text only on plans with COMPLIANCE (ADR 051)', async () => {
    renderInRouter(
      <ChannelForm eventId="event-1" channel={channel()} settings={settings} highlights={[]} />,
    );
    const consent = await screen.findByTestId('override-consentText');
    expect(
      within(consent).getByRole('checkbox', { name: 'Override Consent banner text' }),
    ).toBeDisabled();
    expect(
      within(await screen.findByTestId('override-headline')).getByRole('checkbox'),
    ).toBeEnabled();
  });

  it("translates the access text and the registration fields' labels for the channel", async () => {
    const fetch = serve();
    const user = userEvent.setup();
    const registration: EventSettingsResponse = {
      ...settings,
      accessText: 'Register to watch.',
      registrationFields: [
        { name: 'company', label: 'Company', required: true, options: [] },
        { name: 'role', label: 'Role', required: false, options: ['Press'] },
      ],
    };
    renderInRouter(
      <ChannelForm eventId="event-1" channel={channel()} settings={registration} highlights={[]} />,
    );
    const access = await screen.findByTestId('override-access');
    expect(access).toHaveTextContent('Event: Register to watch.');
    await user.click(
      within(access).getByRole('checkbox', {
        name: 'Override Access text and registration fields',
      }),
    );
    const text = within(access).getByLabelText('Text on the access page');
    expect(text).toHaveValue('Register to watch.');
    await user.clear(text);
    await user.type(text, 'Registrieren Sie sich.');
    const company = within(access).getByLabelText('Label of “Company”');
    expect(company).toHaveValue('Company');
    await user.clear(company);
    await user.type(company, 'Firma');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(patchOf(fetch)).toEqual({
      overrides: {
        language: 'de',
        accessText: 'Registrieren Sie sich.',
        registrationFieldLabels: { company: 'Firma', role: 'Role' },
      },
    });
  });

  it('unchecking removes the override', async () => {
    const fetch = serve();
    const user = userEvent.setup();
    renderInRouter(
      <ChannelForm eventId="event-1" channel={channel()} settings={settings} highlights={[]} />,
    );
    const language = await screen.findByTestId('override-language');
    expect(within(language).getByLabelText('Language of the page')).toHaveValue('de');
    await user.click(within(language).getByRole('checkbox', { name: 'Override Language' }));
    expect(language).toHaveTextContent('Event: English');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(patchOf(fetch)).toEqual({ overrides: {} });
  });

  it('chooses a subset of the highlights and shows validation messages at the fields', async () => {
    const fetch = serve();
    const user = userEvent.setup();
    renderInRouter(
      <ChannelForm
        eventId="event-1"
        channel={channel()}
        settings={settings}
        highlights={[highlight('h1', 'Keynote'), highlight('h2', 'Panel')]}
      />,
    );
    await user.click(await screen.findByRole('radio', { name: 'Only these highlights' }));
    await user.click(screen.getByRole('checkbox', { name: 'Panel' }));

    const cta = screen.getByTestId('override-callToAction');
    await user.click(within(cta).getByRole('checkbox', { name: 'Override Call to action' }));
    await user.type(within(cta).getByLabelText('Button link'), 'not a link');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await within(cta).findByText('URL not valid')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();

    await user.clear(within(cta).getByLabelText('Button link'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(patchOf(fetch)).toEqual({
      overrides: { language: 'de', ctaTitle: '', ctaLink: '' },
      highlightIds: ['h2'],
    });
  });
});
