import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import CloseRounded from '@mui/icons-material/CloseRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import HourglassBottomRounded from '@mui/icons-material/HourglassBottomRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMatchRoute } from '@tanstack/react-router';
import { useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/links/button-link';
import { useCurrentUser } from '../../../lib/auth/use-auth';
import { accountPlanQueryOptions } from '../api/billing-api';
import { planBanner, showsPromo, type PlanBanner } from '../plan-banner';
import { promoDismissal, promoMessage } from '../promo-message';

const TONES = {
  info: { color: 'info.dark', border: 'rgba(3, 105, 161, 0.3)', bg: 'rgba(3, 105, 161, 0.06)' },
  warning: {
    color: 'warning.dark',
    border: 'rgba(180, 83, 9, 0.35)',
    bg: 'rgba(217, 119, 6, 0.08)',
  },
  error: { color: 'error.dark', border: 'rgba(220, 38, 38, 0.35)', bg: 'rgba(220, 38, 38, 0.06)' },
  promo: { color: 'accent.dark', border: 'rgba(190, 24, 93, 0.3)', bg: 'rgba(190, 24, 93, 0.05)' },
} as const;

function Banner({
  tone,
  icon: Icon,
  testId,
  children,
  action,
  onDismiss,
  dismissLabel,
}: {
  tone: keyof typeof TONES;
  icon: ComponentType<SvgIconProps>;
  testId: string;
  children: ReactNode;
  action: ReactNode;
  onDismiss?: () => void;
  dismissLabel?: string;
}) {
  const colors = TONES[tone];
  return (
    <Box
      role="region"
      aria-label={typeof children === 'string' ? children : undefined}
      data-testid={testId}
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { xs: 'stretch', sm: 'center' },
        gap: { xs: 1.25, sm: 2 },
        px: 2,
        py: 1.25,
        border: 1,
        borderColor: colors.border,
        bgcolor: colors.bg,
        borderRadius: 2,
      }}
    >
      <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center', flexGrow: 1, minWidth: 0 }}>
        <Icon sx={{ color: colors.color, fontSize: 22, flexShrink: 0 }} />
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {children}
        </Typography>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0 }}>
        {action}
        {onDismiss && (
          <IconButton size="small" aria-label={dismissLabel} onClick={onDismiss}>
            <CloseRounded fontSize="small" />
          </IconButton>
        )}
      </Stack>
    </Box>
  );
}

function PlanStateBanner({ banner }: { banner: PlanBanner }) {
  const { t } = useTranslation('billing');
  const matchRoute = useMatchRoute();
  if (banner.kind === 'expired') {
    // The spec's button leads to the events; on the events list itself, where that would go
    // nowhere, it leads to the plans instead, so the banner always has its way on.
    const onEvents = Boolean(matchRoute({ to: banner.to }));
    return (
      <Banner
        tone="error"
        icon={ErrorOutlineRounded}
        testId="plan-banner-expired"
        action={
          onEvents ? (
            <ButtonLink to="/account/plan" size="small" variant="contained" color="error">
              {t('banner.choosePlan')}
            </ButtonLink>
          ) : (
            <ButtonLink to={banner.to} size="small" variant="contained" color="error">
              {t('banner.toEvents')}
            </ButtonLink>
          )
        }
      >
        {t('banner.expired')}
      </Banner>
    );
  }
  if (banner.kind === 'ends') {
    return (
      <Banner
        tone="warning"
        icon={HourglassBottomRounded}
        testId="plan-banner-ends"
        action={
          <ButtonLink to="/account/plan" size="small" variant="contained" color="warning">
            {t('banner.seePlan')}
          </ButtonLink>
        }
      >
        {banner.days === 0 ? t('banner.endsToday') : t('banner.endsDays', { count: banner.days })}
      </Banner>
    );
  }
  if (banner.kind === 'renew') {
    return (
      <Banner
        tone="warning"
        icon={HourglassBottomRounded}
        testId="plan-banner-renew"
        action={
          <ButtonLink to={banner.to} size="small" variant="contained" color="warning">
            {t('banner.renew')}
          </ButtonLink>
        }
      >
        {banner.days === 0 ? t('banner.renewToday') : t('banner.renewDays', { count: banner.days })}
      </Banner>
    );
  }
  return (
    <Banner
      tone="info"
      icon={HourglassBottomRounded}
      testId="plan-banner-trial"
      action={
        <ButtonLink to={banner.to} size="small" variant="contained">
          {t('banner.choosePlan')}
        </ButtonLink>
      }
    >
      {banner.when === 'today'
        ? t('banner.trialToday')
        : banner.when === 'tomorrow'
          ? t('banner.trialTomorrow')
          : t('banner.trialDays', { count: banner.days })}
    </Banner>
  );
}

/**
 * The banners above every signed-in screen (docs/product-spec.md section 2, "Banners"): the plan
 * banner for the trial, a renewal or an expired plan, and the promo banner with the configured
 * message, dismissible for the session.
 */
export function PlanBanners() {
  const { t, i18n } = useTranslation('billing');
  const user = useCurrentUser();
  const [promoDismissed, setPromoDismissed] = useState(promoDismissal.get);
  const banner = planBanner(user);
  const promoShown = showsPromo(user) && !promoDismissed;
  // The message is a server setting that comes with the account's plan (ADR 053).
  const plan = useQuery({ ...accountPlanQueryOptions(), enabled: promoShown });
  const promo = promoShown
    ? promoMessage(plan.data?.promo, i18n.resolvedLanguage ?? i18n.language)
    : null;
  if (!banner && !promo) return null;
  return (
    <Stack
      spacing={1.5}
      sx={{
        width: '100%',
        maxWidth: 1120,
        mx: 'auto',
        px: { xs: 2, sm: 3, md: 4 },
        pt: { xs: 2, md: 3 },
      }}
    >
      {banner && <PlanStateBanner banner={banner} />}
      {promo && (
        <Banner
          tone="promo"
          icon={CampaignOutlined}
          testId="promo-banner"
          dismissLabel={t('banner.dismiss')}
          onDismiss={() => {
            promoDismissal.set();
            setPromoDismissed(true);
          }}
          action={
            <ButtonLink to="/account/plan" size="small" variant="outlined" color="inherit">
              {t('banner.promoAction')}
            </ButtonLink>
          }
        >
          {promo}
        </Banner>
      )}
    </Stack>
  );
}
