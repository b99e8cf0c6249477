import {
  PLAN_ALLOWANCES,
  type AccountPlan,
  type Payment,
  type PaymentsPage,
  type PlanCatalogue,
} from '@livent/shared';
import { planPriceCents, PURCHASABLE_PLANS } from '@livent/shared/plans';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAuthStore, setSignedIn } from '../../lib/auth/auth-store';
import { loadNamespaces } from '../../lib/i18n/i18n';
import { renderInRouter } from '../../test/render';
import { json, testUser } from '../../test/users';
import { checkoutNavigation } from './components/compare-plans';
import { PaymentsList } from './components/payments-list';
import { PlanBanners } from './components/plan-banners';
import { PlanOverview } from './components/plan-overview';
import { stubFetch } from '../../test/fetch-stub';

const catalogue: PlanCatalogue = {
  plans: [
    {
      name: 'free',
      purchasable: false,
      prices: [],
      features: [],
      limit: PLAN_ALLOWANCES.free.limit,
    },
    ...PURCHASABLE_PLANS.map((name) => ({
      name,
      purchasable: true,
      prices: (['month', 'year'] as const).map((interval) => ({
        interval,
        amount: planPriceCents(name, interval),
        currency: 'EUR',
        monthlyAmount:
          interval === 'month'
            ? planPriceCents(name, interval)
            : planPriceCents(name, interval) / 12,
      })),
      features: PLAN_ALLOWANCES[name].features,
      limit: PLAN_ALLOWANCES[name].limit,
    })),
    {
      name: 'enterprise-admin',
      purchasable: false,
      prices: [],
      features: PLAN_ALLOWANCES['enterprise-admin'].features,
      limit: PLAN_ALLOWANCES['enterprise-admin'].limit,
    },
  ],
  annualDiscountPercent: 50,
  moneyBackDays: 30,
  pricesIncludeVat: false,
};

const accountPlan = (fields: Partial<AccountPlan> = {}): AccountPlan => ({
  plan: 'free',
  storedPlan: 'free',
  planExpires: null,
  planExpiresInDays: null,
  subscriptionStatus: null,
  billingInterval: null,
  nextBillDate: null,
  planAllowance: PLAN_ALLOWANCES.free,
  planConsumption: { events: 3, domains: 0 },
  canManage: true,
  manageBlockedBy: null,
  checkout: true,
  trial: null,
  promo: { en: null, de: null },
  ...fields,
});

function serve(answer: (path: string, init: RequestInit) => Response | undefined) {
  return stubFetch(answer);
}

const planAnswers =
  (plan: AccountPlan, checkout?: () => Response, trial?: () => Response) =>
  (path: string, init: RequestInit) => {
    if (path === '/api/plans') return json(200, catalogue);
    if (path === '/api/account/plan') return json(200, plan);
    if (path === '/api/account/plan/checkout' && init.method === 'POST') return checkout?.();
    if (path === '/api/account/plan/trial' && init.method === 'POST') return trial?.();
    if (path === '/api/auth/self') return json(200, { user: testUser() });
    return undefined;
  };

describe('plan screen', () => {
  beforeAll(() => loadNamespaces('billing', 'dashboard', 'lists'));
  beforeEach(() => {
    resetAuthStore();
    setSignedIn(testUser(), 'token');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const render = () => renderInRouter(<PlanOverview timeZone="Europe/Berlin" />);

  it('shows the plan with its status and what it means, expiry and next bill in the time zone', async () => {
    serve(
      planAnswers(
        accountPlan({
          plan: 'professional',
          storedPlan: 'professional',
          planExpires: '2026-12-31T23:30:00.000Z',
          planExpiresInDays: 37,
          subscriptionStatus: 'past_due',
          billingInterval: 'year',
          nextBillDate: '2026-12-31T23:30:00.000Z',
          canManage: false,
          manageBlockedBy: 'past-due',
        }),
      ),
    );
    render();
    const current = await screen.findByTestId('current-plan');
    expect(within(current).getByTestId('current-plan-name')).toHaveTextContent('Professional');
    // 23:30 UTC is already the next day in Berlin.
    expect(within(current).getAllByText('January 1, 2027')).toHaveLength(2);
    expect(within(current).getByText('billed yearly')).toBeInTheDocument();
    expect(within(current).getByTestId('subscription-status')).toHaveTextContent('Payment due');
    expect(screen.getByText(/The last payment did not go through/)).toBeInTheDocument();
    // Blocked: the reason instead of buttons.
    expect(screen.getByText(/A payment is still due/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Choose/ })).not.toBeInTheDocument();
  });

  it('compares plans monthly and annually with the discount, the current plan marked', async () => {
    serve(planAnswers(accountPlan()));
    render();
    const professional = await screen.findByTestId('plan-card-professional');
    expect(
      within(screen.getByTestId('plan-card-free')).getByText('Current plan'),
    ).toBeInTheDocument();
    expect(within(professional).getByText('€49')).toBeInTheDocument();
    expect(within(professional).getByText('Up to 25 events')).toBeInTheDocument();
    expect(screen.getByText(/All prices exclude VAT/)).toHaveTextContent(
      '30-day money-back guarantee.',
    );
    await userEvent.click(screen.getByRole('button', { name: /Annual/ }));
    expect(within(professional).getByText('€24.50')).toBeInTheDocument();
    expect(within(professional).getByText('€294 billed yearly')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('plan-card-enterprise-admin')).getByText('On request'),
    ).toBeInTheDocument();
  });

  it('posts the checkout with the chosen interval and follows the provider address', async () => {
    const assign = vi.spyOn(checkoutNavigation, 'assign').mockImplementation(() => undefined);
    const fetch = serve(
      planAnswers(accountPlan(), () => json(200, { url: 'https://pay.example/checkout/1' })),
    );
    render();
    await userEvent.click(await screen.findByRole('button', { name: /Annual/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Choose Business' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/checkout/1'));
    const post = fetch.mock.calls.find(([path]) => String(path).endsWith('/checkout'));
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ plan: 'business', interval: 'year' });
  });

  it('changed in place: reloads the plan and the user instead of leaving', async () => {
    const assign = vi.spyOn(checkoutNavigation, 'assign').mockImplementation(() => undefined);
    const fetch = serve(planAnswers(accountPlan(), () => json(200, { url: null })));
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Choose Professional' }));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([path]) => path === '/api/auth/self')).toBe(true),
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it('says that changing the plan failed', async () => {
    serve(
      planAnswers(accountPlan(), () => json(502, { code: 502, message: 'Changing plan failed' })),
    );
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Choose Professional' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Changing plan failed (try again or contact support)',
    );
  });

  it('without a billing provider explains who changes plans instead of offering checkout', async () => {
    serve(planAnswers(accountPlan({ checkout: false })));
    render();
    expect(
      await screen.findByText(/Plans on this installation are not bought online/),
    ).toHaveTextContent('please contact your administrator');
    expect(screen.getByTestId('plan-card-professional')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Choose/ })).not.toBeInTheDocument();
    // Nothing promises what only a billing provider does.
    expect(screen.queryByText(/Change plan at any time/)).not.toBeInTheDocument();
    expect(screen.queryByText(/reseller|money-back/)).not.toBeInTheDocument();
    expect(screen.getByText('All prices exclude VAT.')).toBeInTheDocument();
  });

  it('starts the trial once from the plan screen', async () => {
    const trial = { days: 14, startable: true, used: false };
    const fetch = serve(
      planAnswers(accountPlan({ trial }), undefined, () =>
        json(
          200,
          accountPlan({ plan: 'trial', trial: { ...trial, startable: false, used: true } }),
        ),
      ),
    );
    render();
    expect(await screen.findByText('Try Livent free for 14 days')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Start the 14-day trial' }));
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(
          ([path, init]) => path === '/api/account/plan/trial' && init?.method === 'POST',
        ),
      ).toBe(true),
    );
    // The plan and the user are loaded again, so that every gate sees the trial.
    await waitFor(() =>
      expect(fetch.mock.calls.some(([path]) => path === '/api/auth/self')).toBe(true),
    );
  });

  it('says why a second trial is refused', async () => {
    serve(
      planAnswers(
        accountPlan({ trial: { days: 14, startable: true, used: false } }),
        undefined,
        () => json(409, { code: 409, message: 'Trial already used' }),
      ),
    );
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Start the 14-day trial' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have already used your trial. Choose a plan to continue.',
    );
  });

  it('offers no trial where the installation has none or the account had it', async () => {
    serve(planAnswers(accountPlan({ trial: { days: 14, startable: false, used: true } })));
    render();
    await screen.findByTestId('plan-card-professional');
    expect(screen.queryByRole('button', { name: /trial/ })).not.toBeInTheDocument();
  });

  it('reports a plan that cannot be loaded, after the retries', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      serve((path) =>
        path === '/api/plans' ? json(200, catalogue) : json(500, { code: 500, message: 'x' }),
      );
      render();
      await vi.advanceTimersByTimeAsync(10_000);
      expect(await screen.findByRole('alert')).toHaveTextContent('The plan could not be loaded.');
    } finally {
      vi.useRealTimers();
    }
  });
});

const payment = (fields: Partial<Payment> = {}): Payment => ({
  id: 'p1',
  timestamp: '2026-11-20T23:15:00.000Z',
  gross: 5831,
  currency: 'EUR',
  method: 'card',
  status: 'completed',
  receiptUrl: null,
  hasReceipt: true,
  ...fields,
});

describe('billing screen', () => {
  beforeAll(() => loadNamespaces('billing', 'lists'));
  afterEach(() => vi.unstubAllGlobals());

  const render = () => renderInRouter(<PaymentsList timeZone="Europe/Berlin" />);
  const pageOf = (items: Payment[], total = items.length): PaymentsPage => ({
    items,
    total,
    page: 1,
    pageSize: 25,
  });

  it('lists payments with time in the time zone, gross for the language, method and status', async () => {
    serve((path) =>
      path === '/api/account/payments?page=1&pageSize=25'
        ? json(
            200,
            pageOf([
              payment(),
              payment({ id: 'p2', status: 'refunded', method: null, hasReceipt: false }),
            ]),
          )
        : undefined,
    );
    render();
    const [first, second] = await screen.findAllByTestId('payment');
    expect(first).toHaveTextContent('Nov 21, 2026, 12:15 AM');
    expect(first).toHaveTextContent('€58.31');
    expect(first).toHaveTextContent('Card');
    expect(first).toHaveTextContent('Paid');
    expect(within(first!).getByRole('button', { name: /Receipt of/ })).toBeInTheDocument();
    expect(second).toHaveTextContent('Refunded');
    expect(within(second!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('opens a receipt through the receipt route', async () => {
    const opened = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(opened as unknown as Window);
    serve((path) =>
      path === '/api/account/payments?page=1&pageSize=25'
        ? json(200, pageOf([payment()]))
        : path === '/api/account/payments/p1/receipt'
          ? json(200, { url: 'https://pay.example/receipt/p1' })
          : undefined,
    );
    render();
    await userEvent.click(await screen.findByRole('button', { name: /Receipt of/ }));
    await waitFor(() => expect(opened.location.href).toBe('https://pay.example/receipt/p1'));
    expect(opened.opener).toBeNull();
  });

  it('shows the empty state without payments', async () => {
    serve((path) =>
      path.startsWith('/api/account/payments?') ? json(200, pageOf([])) : undefined,
    );
    render();
    expect(await screen.findByText('No payments yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/account/plan',
    );
  });
});

describe('plan banners', () => {
  beforeAll(() => loadNamespaces('billing'));
  beforeEach(() => resetAuthStore());
  afterEach(() => vi.unstubAllGlobals());

  it('an expired plan says so and leads to the events', async () => {
    setSignedIn(
      testUser({ plan: 'free', planExpiresInDays: -2, planExpires: '2026-11-01T00:00:00.000Z' }),
      't',
    );
    renderInRouter(<PlanBanners />);
    const banner = await screen.findByTestId('plan-banner-expired');
    expect(banner).toHaveTextContent('Your plan has expired.');
    expect(within(banner).getByRole('link', { name: 'Go to events' })).toHaveAttribute(
      'href',
      '/events',
    );
  });

  it('on the events list the expired banner leads to the plans instead of to itself', async () => {
    setSignedIn(testUser({ plan: 'free', planExpiresInDays: -2 }), 't');
    renderInRouter(<PlanBanners />, { path: '/events', url: '/events' });
    const banner = await screen.findByTestId('plan-banner-expired');
    expect(within(banner).getByRole('link')).toHaveAttribute('href', '/account/plan');
    expect(within(banner).getByRole('link')).toHaveTextContent('Choose a plan');
  });

  it('a custom plan ending soon says whom to ask, without a renewal', async () => {
    setSignedIn(
      testUser({ plan: 'custom', planExpiresInDays: 3, planAllowance: PLAN_ALLOWANCES.custom }),
      't',
    );
    renderInRouter(<PlanBanners />);
    const ends = await screen.findByTestId('plan-banner-ends');
    expect(ends).toHaveTextContent('Your plan ends in 3 days. Please contact us to extend it.');
    expect(within(ends).queryByRole('link', { name: 'Renew' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('plan-banner-renew')).not.toBeInTheDocument();
  });

  it('a trial ending tomorrow leads to the plan screen; the promo is dismissed for the session', async () => {
    // The message is the server's setting, served with the account's plan.
    serve((path) =>
      path === '/api/account/plan'
        ? json(200, accountPlan({ promo: { en: 'Save 50% on annual plans this month', de: null } }))
        : undefined,
    );
    sessionStorage.clear();
    setSignedIn(
      testUser({ plan: 'trial', planExpiresInDays: 1, planAllowance: PLAN_ALLOWANCES.trial }),
      't',
    );
    renderInRouter(<PlanBanners />);
    const trial = await screen.findByTestId('plan-banner-trial');
    expect(trial).toHaveTextContent('Your trial ends tomorrow.');
    expect(within(trial).getByRole('link', { name: 'Choose a plan' })).toHaveAttribute(
      'href',
      '/account/plan',
    );
    const promo = await screen.findByTestId('promo-banner');
    expect(promo).toHaveTextContent('Save 50% on annual plans this month');
    await userEvent.click(within(promo).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('promo-banner')).not.toBeInTheDocument();
    expect(sessionStorage.getItem('lvnt.promo.dismissed')).toBe('1');
  });

  it('a renewal in 3 days leads to billing; no promo without a configured message', async () => {
    const fetch = serve((path) =>
      path === '/api/account/plan' ? json(200, accountPlan()) : undefined,
    );
    sessionStorage.clear();
    setSignedIn(
      testUser({ plan: 'business', planExpiresInDays: 3, planAllowance: PLAN_ALLOWANCES.business }),
      't',
    );
    renderInRouter(<PlanBanners />);
    const renew = await screen.findByTestId('plan-banner-renew');
    expect(renew).toHaveTextContent('Your plan expires in 3 days.');
    expect(within(renew).getByRole('link', { name: 'Renew' })).toHaveAttribute(
      'href',
      '/account/billing',
    );
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByTestId('promo-banner')).not.toBeInTheDocument();
  });
});
