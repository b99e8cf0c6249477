import { PLAN_ALLOWANCES, type EventSummary } from '@livent/shared';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadNamespaces } from '../../lib/i18n/i18n';
import { renderInRouter } from '../../test/render';
import { AccessOverview } from './components/access-overview';

const event: EventSummary = {
  id: 'e1',
  title: 'Keynote',
  slug: 'keynote',
  fullUrl: 'https://events.test/keynote',
  role: 'owner',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  language: 'auto',
  layout: 'classic',
  playerMode: 'iframe',
  playerVisible: true,
  messagesEnabled: false,
  highlightCount: 0,
  channelCount: 0,
  accessMode: 'registration',
  registrationCount: 1234,
  invitationCount: 7,
  loginCount: 42,
  complianceBanner: false,
  complianceConfirmed: false,
  remoteReloadAt: null,
  pageState: 'live',
};

describe('access overview (spec section 2, /events/{id}/access)', () => {
  beforeAll(() => loadNamespaces('events'));

  it('names the access mode, counts each list and links into it and to the settings', async () => {
    renderInRouter(<AccessOverview event={event} allowance={PLAN_ALLOWANCES.business} />);
    expect(await screen.findByRole('heading', { name: 'Registration' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Access settings' })).toHaveAttribute(
      'href',
      '/events/e1/access/settings',
    );
    const counts = within(screen.getByRole('list', { name: /Registrations, invitations/ }));
    expect(counts.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByTestId('access-count-registrations')).toHaveTextContent('1,234');
    expect(screen.getByTestId('access-count-invitations')).toHaveTextContent('7');
    expect(screen.getByTestId('access-count-logins')).toHaveTextContent('42');
    expect(counts.getByRole('link', { name: 'Open the registration list' })).toHaveAttribute(
      'href',
      '/events/e1/access/registrationlist',
    );
    expect(counts.getByRole('link', { name: 'Open the invitation list' })).toHaveAttribute(
      'href',
      '/events/e1/access/invitationlist',
    );
    expect(counts.getByRole('link', { name: 'Open the login list' })).toHaveAttribute(
      'href',
      '/events/e1/access/loginlist',
    );
  });

  it('leaves the login list out without CUSTOM_ACCESS and says an open page is open', async () => {
    renderInRouter(
      <AccessOverview event={{ ...event, accessMode: 'none' }} allowance={PLAN_ALLOWANCES.free} />,
    );
    expect(
      await screen.findByRole('heading', { name: 'Open (no protection)' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Anyone with the link can watch/)).toBeInTheDocument();
    expect(screen.queryByTestId('access-count-logins')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open the login list' })).not.toBeInTheDocument();
  });

  it('speaks German', async () => {
    await i18n.changeLanguage('de');
    try {
      renderInRouter(<AccessOverview event={event} allowance={PLAN_ALLOWANCES.free} />);
      expect(await screen.findByRole('heading', { name: 'Registrierung' })).toBeInTheDocument();
      expect(screen.getByTestId('access-count-registrations')).toHaveTextContent('1.234');
      expect(screen.getByRole('link', { name: 'Zugangseinstellungen' })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
