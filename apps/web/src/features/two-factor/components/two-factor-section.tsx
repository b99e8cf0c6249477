import type { TwoFactorSetup } from '@livent/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/page/notice';
import { SectionCard } from '../../../components/page/section-card';
import { translateMessage } from '../../../lib/forms/messages';
import { failureMessage } from '../../../lib/forms/report-error';
import { notify } from '../../../lib/notifications';
import {
  twoFactorQueryOptions,
  useDisableTwoFactor,
  useEnableTwoFactor,
  useRenewRecoveryCodes,
  useStartSetup,
} from '../api/two-factor-api';
import { TwoFactorDialog } from './two-factor-dialog';

type Open = 'setup' | 'disable' | 'renew' | undefined;

/** The QR code (rendered by the server as SVG) and the secret for manual entry. */
function SetupIntro({ setup }: { setup: TwoFactorSetup }) {
  const { t } = useTranslation('account');
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: 'center' }}>
      <Box
        component="img"
        src={`data:image/svg+xml;base64,${btoa(setup.qrSvg)}`}
        alt={t('security.twoFactor.qrAlt')}
        sx={{ width: 180, height: 180, flexShrink: 0, border: 1, borderColor: 'divider' }}
      />
      <Stack spacing={1.5} sx={{ minWidth: 0 }}>
        <Typography>{t('security.twoFactor.scan')}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('security.twoFactor.manual')}
        </Typography>
        <Typography
          component="code"
          aria-label={t('security.twoFactor.secretLabel')}
          data-testid="two-factor-secret"
          sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', fontSize: '0.95rem' }}
        >
          {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
        </Typography>
      </Stack>
    </Stack>
  );
}

/**
 * Two-factor sign-in on /account/security (ADR 071): turning it on with an authenticator app,
 * off, and renewing the recovery codes.
 */
export function TwoFactorSection() {
  const { t } = useTranslation('account');
  const status = useQuery(twoFactorQueryOptions());
  const startSetup = useStartSetup();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const renew = useRenewRecoveryCodes();
  const [open, setOpen] = useState<Open>();
  const enabled = status.data?.enabled === true;

  const beginSetup = () =>
    startSetup.mutate(undefined, {
      onSuccess: () => setOpen('setup'),
      onError: async (error) =>
        notify({ type: 'error', message: translateMessage(await failureMessage(error)) ?? '' }),
    });

  return (
    <SectionCard
      title={t('security.twoFactor.title')}
      description={t('security.twoFactor.description')}
      footer={
        status.data &&
        (enabled ? (
          <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={() => setOpen('renew')}>
              {t('security.twoFactor.renew')}
            </Button>
            <Button variant="outlined" color="error" onClick={() => setOpen('disable')}>
              {t('security.twoFactor.turnOff')}
            </Button>
          </Stack>
        ) : (
          <Button variant="contained" loading={startSetup.isPending} onClick={beginSetup}>
            {t('security.twoFactor.turnOn')}
          </Button>
        ))
      }
    >
      <Stack spacing={2} sx={{ pb: 1 }}>
        {status.data?.required && !enabled && (
          <Notice severity="info">{t('security.twoFactor.required')}</Notice>
        )}
        {status.data && (
          <Typography role="status">
            {enabled
              ? t('security.twoFactor.on', { count: status.data.recoveryCodesLeft })
              : t('security.twoFactor.off')}
          </Typography>
        )}
      </Stack>
      <TwoFactorDialog
        open={open === 'setup'}
        title={t('security.twoFactor.setupTitle')}
        intro={startSetup.data && <SetupIntro setup={startSetup.data} />}
        withCode
        submitLabel={t('security.twoFactor.confirm')}
        onSubmit={({ code = '', password }) => enable.mutateAsync({ code, password })}
        onClose={() => setOpen(undefined)}
      />
      <TwoFactorDialog
        open={open === 'disable'}
        title={t('security.twoFactor.turnOffTitle')}
        intro={<Typography>{t('security.twoFactor.turnOffText')}</Typography>}
        withCode
        destructive
        submitLabel={t('security.twoFactor.turnOff')}
        onSubmit={async ({ code = '', password }) => {
          await disable.mutateAsync({ code, password });
          notify({ type: 'success', message: t('security.twoFactor.turnedOff') });
          return undefined;
        }}
        onClose={() => setOpen(undefined)}
      />
      <TwoFactorDialog
        open={open === 'renew'}
        title={t('security.twoFactor.renewTitle')}
        intro={<Typography>{t('security.twoFactor.renewText')}</Typography>}
        withCode={false}
        submitLabel={t('security.twoFactor.renew')}
        onSubmit={({ password }) => renew.mutateAsync({ password })}
        onClose={() => setOpen(undefined)}
      />
    </SectionCard>
  );
}
