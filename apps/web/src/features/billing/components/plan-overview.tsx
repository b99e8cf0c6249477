import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/forms/form-alert';
import { accountPlanQueryOptions, planCatalogueQueryOptions } from '../api/billing-api';
import { ComparePlans } from './compare-plans';
import { CurrentPlan } from './current-plan';
import { TrialOffer } from './trial-offer';

/** The plan screen's content: the account's plan, then the plans to compare and choose from. */
export function PlanOverview({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation('billing');
  const plan = useQuery(accountPlanQueryOptions());
  const catalogue = useQuery(planCatalogueQueryOptions());

  if (plan.isError || catalogue.isError) {
    return (
      <FormAlert
        action={
          <Button
            size="small"
            variant="outlined"
            color="inherit"
            onClick={() => {
              void plan.refetch();
              void catalogue.refetch();
            }}
          >
            {t('retry')}
          </Button>
        }
      >
        {t('loadFailed')}
      </FormAlert>
    );
  }
  if (!plan.data || !catalogue.data) {
    return (
      <Stack spacing={3} data-testid="plan-loading">
        <Skeleton variant="rounded" height={180} />
        <Skeleton variant="rounded" height={420} />
      </Stack>
    );
  }
  return (
    <Stack spacing={3}>
      <CurrentPlan plan={plan.data} timeZone={timeZone} />
      <TrialOffer plan={plan.data} />
      <ComparePlans catalogue={catalogue.data} plan={plan.data} />
    </Stack>
  );
}
