import type { AccountPlan, PlanCatalogue } from '@livent/shared';
import type { BillingInterval, PurchasablePlan } from '@livent/shared/plans';
import CheckRounded from '@mui/icons-material/CheckRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/forms/form-alert';
import { Notice } from '../../../components/page/notice';
import { SectionCard } from '../../../components/page/section-card';
import { EXTERNAL_LINKS } from '../../../lib/external-links';
import { notify } from '../../../lib/notifications';
import { useCheckout, useRefreshPlan } from '../api/billing-api';
import { formatPrice } from '../format';

type CataloguePlan = PlanCatalogue['plans'][number];

/** Where the browser goes for the provider's checkout; a seam for tests. */
export const checkoutNavigation = { assign: (url: string) => window.location.assign(url) };

function PlanCard({
  entry,
  interval,
  current,
  canManage,
  choosing,
  onChoose,
}: {
  entry: CataloguePlan;
  interval: BillingInterval;
  current: boolean;
  canManage: boolean;
  choosing: boolean;
  onChoose: () => void;
}) {
  const { t, i18n } = useTranslation(['billing', 'dashboard']);
  const price = entry.prices.find((candidate) => candidate.interval === interval);
  const name = t(`dashboard:plans.${entry.name}`);
  const limit = entry.limit;
  const lines = [
    t('compare.events', { count: limit.events ?? 0 }),
    t('compare.channels', { count: limit.channels ?? 0 }),
    t('compare.domains', { count: limit.domains ?? 0 }),
    ...entry.features
      .filter((feature) => feature !== 'PAID')
      .map((feature) => t(`features.${feature}`)),
  ];
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-label={name}
      data-testid={`plan-card-${entry.name}`}
      sx={{
        p: 2.5,
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
        borderWidth: current ? 2 : 1,
        borderColor: current ? 'primary.main' : undefined,
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1.0625rem' }}>
          {name}
        </Typography>
        {current && <Chip size="small" color="primary" label={t('compare.current')} />}
      </Stack>
      <Box sx={{ minHeight: 64 }}>
        {price ? (
          <>
            <Typography
              component="p"
              sx={{ fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.2 }}
            >
              {formatPrice(price.monthlyAmount, price.currency, i18n.language)}
              <Typography
                component="span"
                variant="body2"
                sx={{ color: 'text.secondary', fontWeight: 400, ml: 0.75 }}
              >
                {t('compare.perMonth')}
              </Typography>
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {interval === 'year'
                ? t('compare.billedYearly', {
                    amount: formatPrice(price.amount, price.currency, i18n.language),
                  })
                : t('compare.billedMonthly')}
            </Typography>
          </>
        ) : (
          <>
            <Typography
              component="p"
              sx={{ fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.2 }}
            >
              {entry.name === 'free'
                ? formatPrice(0, 'EUR', i18n.language)
                : t('compare.onRequest')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {entry.name === 'free' ? t('compare.freeNote') : t('compare.onRequestNote')}
            </Typography>
          </>
        )}
      </Box>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, flexGrow: 1 }}>
        {lines.map((line) => (
          <Box
            component="li"
            key={line}
            sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', py: 0.375 }}
          >
            <CheckRounded
              aria-hidden="true"
              sx={{ fontSize: 18, mt: '2px', color: 'success.main', flexShrink: 0 }}
            />
            <Typography variant="body2">{line}</Typography>
          </Box>
        ))}
      </Box>
      {!entry.purchasable && entry.name !== 'free' && !current && (
        <Button variant="outlined" href={EXTERNAL_LINKS.supportChat} target="_blank" rel="noopener">
          {t('compare.contactSales')}
        </Button>
      )}
      {canManage && entry.purchasable && !current && (
        <Button variant="contained" loading={choosing} onClick={onChoose}>
          {t('compare.choose', { plan: name })}
        </Button>
      )}
    </Paper>
  );
}

/**
 * Compare plans and change plan (docs/product-spec.md sections 2 and 9): monthly or annual billing
 * with the annual discount, prices excluding VAT, the money-back note. Choosing a plan opens the
 * provider's checkout, or changes a running subscription in place (ADR 028). Accounts that may
 * not manage their plan are told why instead of being offered buttons.
 */
export function ComparePlans({ catalogue, plan }: { catalogue: PlanCatalogue; plan: AccountPlan }) {
  const { t } = useTranslation('billing');
  const [interval, setInterval] = useState<BillingInterval>(plan.billingInterval ?? 'month');
  const checkout = useCheckout();
  const refreshPlan = useRefreshPlan();
  const choose = (name: PurchasablePlan) =>
    checkout.mutate(
      { plan: name, interval },
      {
        onSuccess: async ({ url }) => {
          if (url) {
            checkoutNavigation.assign(url);
            return;
          }
          notify({ type: 'success', message: t('checkout.changed') });
          await refreshPlan();
        },
      },
    );

  return (
    <SectionCard
      title={t('compare.title')}
      // Without a billing provider nothing here is bought: no promise of changing at any time,
      // of a reseller or of a money-back guarantee (the notice below says who assigns plans).
      description={t(plan.checkout ? 'compare.description' : 'compare.descriptionNoCheckout', {
        percent: catalogue.annualDiscountPercent,
      })}
      action={
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={interval}
          aria-label={t('compare.billing')}
          onChange={(_, value: BillingInterval | null) => value && setInterval(value)}
        >
          <ToggleButton value="month">{t('compare.monthly')}</ToggleButton>
          <ToggleButton value="year" sx={{ gap: 1 }}>
            {t('compare.annual')}
            <Chip
              size="small"
              color="success"
              label={t('compare.save', { percent: catalogue.annualDiscountPercent })}
              sx={{ height: 20, fontSize: '0.6875rem', pointerEvents: 'none' }}
            />
          </ToggleButton>
        </ToggleButtonGroup>
      }
      footer={
        <Typography variant="body2" sx={{ color: 'text.secondary', flexGrow: 1 }}>
          {plan.checkout
            ? `${t('compare.excludingVat')} ${t('compare.moneyBack', { days: catalogue.moneyBackDays })}`
            : t('compare.pricesExcludeVat')}
        </Typography>
      }
    >
      <Stack spacing={2}>
        {!plan.canManage && plan.manageBlockedBy ? (
          <Notice severity="info">{t(`blocked.${plan.manageBlockedBy}`)}</Notice>
        ) : (
          // Without a billing provider nothing can be bought here: say who changes plans instead
          // of offering buttons that fail (ADR 053).
          !plan.checkout && <Notice severity="info">{t('compare.noCheckout')}</Notice>
        )}
        {checkout.isError && <FormAlert>{t('checkout.failed')}</FormAlert>}
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' },
          }}
        >
          {catalogue.plans.map((entry) => (
            <PlanCard
              key={entry.name}
              entry={entry}
              interval={interval}
              current={entry.name === plan.plan}
              canManage={plan.canManage && plan.checkout}
              choosing={checkout.isPending && checkout.variables.plan === entry.name}
              onChoose={() => choose(entry.name as PurchasablePlan)}
            />
          ))}
        </Box>
      </Stack>
    </SectionCard>
  );
}
