import LockOutlined from '@mui/icons-material/LockOutlined';
import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertBox } from '../forms/form-alert';
import { TextLink } from '../links/text-link';

/**
 * "Not available on your plan" (docs/product-spec.md section 6) with a link to the plans; the fields it is
 * about stay visible but disabled. Needs the `events` namespace.
 */
export function PlanFeatureNotice({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('events');
  return (
    <AlertBox tone="info" icon={LockOutlined} role="status">
      <strong>{t('plan.notAvailable')}</strong> {children ?? t('plan.notAvailableText')}{' '}
      <TextLink to="/account/plan">{t('plan.seePlans')}</TextLink>
    </AlertBox>
  );
}

/** A feature that is still in beta (docs/product-spec.md section 6). Needs the `events` namespace. */
export function BetaNotice({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('events');
  return (
    <AlertBox tone="info" icon={ScienceOutlined} role="status">
      <strong>{t('plan.beta')}</strong> {children ?? t('plan.betaText')}
    </AlertBox>
  );
}
