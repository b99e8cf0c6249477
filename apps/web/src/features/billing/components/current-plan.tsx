import type { AccountPlan } from '@livent/shared';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/page/notice';
import { SectionCard } from '../../../components/page/section-card';
import { formatDate } from '../format';

const STATUS_COLORS = {
  active: 'success',
  trialing: 'info',
  past_due: 'warning',
  paused: 'default',
  deleted: 'default',
} as const;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography
        component="dt"
        variant="body2"
        sx={{ color: 'text.secondary', fontWeight: 500, mb: 0.5 }}
      >
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * The account's plan (docs/product-spec.md section 3, "Plan"): the plan that applies, its end
 * and the next bill in the user's time zone, and the subscription's status with what it means.
 */
export function CurrentPlan({ plan, timeZone }: { plan: AccountPlan; timeZone: string }) {
  const { t, i18n } = useTranslation(['billing', 'dashboard']);
  const date = (iso: string) => formatDate(iso, i18n.language, timeZone);
  const status = plan.subscriptionStatus;
  const lapsed = plan.plan !== plan.storedPlan && plan.storedPlan !== 'free';
  const eventLimit = plan.planAllowance.limit.events ?? 0;
  return (
    <SectionCard title={t('current.title')} description={t('current.description')}>
      <Box
        component="dl"
        data-testid="current-plan"
        sx={{
          m: 0,
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
        }}
      >
        <Fact label={t('current.plan')}>
          <Box component="span" data-testid="current-plan-name">
            {t(`dashboard:plans.${plan.plan}`)}
          </Box>
          <Typography
            component="span"
            variant="body2"
            sx={{ display: 'block', color: 'text.secondary', fontWeight: 400 }}
          >
            {t('current.usage', { used: plan.planConsumption.events, limit: eventLimit })}
          </Typography>
        </Fact>
        <Fact label={t('current.expires')}>
          {plan.planExpires ? date(plan.planExpires) : t('current.noExpiry')}
        </Fact>
        <Fact label={t('current.status')}>
          {status ? (
            <Chip
              size="small"
              color={STATUS_COLORS[status]}
              label={t(`status.${status}.label`)}
              data-testid="subscription-status"
            />
          ) : (
            t('current.noSubscription')
          )}
        </Fact>
        <Fact label={t('current.nextBill')}>
          {plan.nextBillDate ? date(plan.nextBillDate) : t('current.noNextBill')}
          {plan.nextBillDate && plan.billingInterval && (
            <Typography
              component="span"
              variant="body2"
              sx={{ display: 'block', color: 'text.secondary', fontWeight: 400 }}
            >
              {t(`current.interval.${plan.billingInterval}`)}
            </Typography>
          )}
        </Fact>
      </Box>
      {(status || lapsed) && (
        <Box sx={{ mt: 3 }}>
          <Notice severity="info">
            {lapsed
              ? t('current.lapsed', { plan: t(`dashboard:plans.${plan.storedPlan}`) })
              : status && t(`status.${status}.meaning`)}
          </Notice>
        </Box>
      )}
    </SectionCard>
  );
}
