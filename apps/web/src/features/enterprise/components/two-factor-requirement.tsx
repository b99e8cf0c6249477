import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/page/section-card';
import { notify } from '../../../lib/notifications';
import {
  twoFactorRequirementQueryOptions,
  useSetTwoFactorRequirement,
} from '../api/enterprise-api';

/**
 * The admin's requirement of two-factor sign-in for members (ADR 071): a member without it is
 * sent to its setup after signing in and can use nothing else until then.
 */
export function TwoFactorRequirement({ onError }: { onError: (error: unknown) => void }) {
  const { t } = useTranslation('enterprise');
  const requirement = useQuery(twoFactorRequirementQueryOptions());
  const setRequirement = useSetTwoFactorRequirement();
  const required = requirement.data?.required ?? false;
  return (
    <SectionCard title={t('admin.twoFactor.title')} description={t('admin.twoFactor.text')}>
      <FormControlLabel
        sx={{ pb: 2 }}
        control={
          <Switch
            checked={required}
            disabled={!requirement.data || setRequirement.isPending}
            onChange={(event) =>
              setRequirement.mutate(event.target.checked, {
                onSuccess: ({ required: now }) =>
                  notify({
                    type: 'success',
                    message: now ? t('admin.twoFactor.on') : t('admin.twoFactor.off'),
                  }),
                onError,
              })
            }
          />
        }
        label={t('admin.twoFactor.label')}
      />
    </SectionCard>
  );
}
