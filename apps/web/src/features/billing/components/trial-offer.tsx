import type { AccountPlan } from '@livent/shared';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/forms/form-alert';
import { SectionCard } from '../../../components/page/section-card';
import { translateMessage } from '../../../lib/forms/messages';
import { failureMessageKey } from '../../../lib/forms/server-errors';
import { useStartTrial } from '../api/billing-api';

/**
 * The trial the installation offers (`PLAN_TRIAL_DAYS`; ADR 053): one start per account, from the
 * free plan. Shown while it can be started, and with the server's reason when a start failed.
 */
export function TrialOffer({ plan }: { plan: AccountPlan }) {
  // `forms` holds the server's messages that `translateMessage` reads.
  const { t } = useTranslation(['billing', 'forms']);
  const start = useStartTrial();
  const trial = plan.trial;
  if (!trial || (!trial.startable && !start.isError)) return null;
  return (
    <SectionCard
      title={t('trial.title', { count: trial.days })}
      description={t('trial.description')}
    >
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        {start.isError && <FormAlert>{translateMessage(failureMessageKey(start.error))}</FormAlert>}
        {trial.startable && (
          <>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('trial.once')}
            </Typography>
            <Button
              variant="contained"
              loading={start.isPending}
              onClick={() => start.mutate()}
              data-testid="start-trial"
            >
              {t('trial.start', { count: trial.days })}
            </Button>
          </>
        )}
      </Stack>
    </SectionCard>
  );
}
