import {
  DOMAIN_CHECK_STOP_DAYS,
  DOMAIN_CLAIM_EXPIRY_DAYS,
  type CustomDomain,
} from '@livent/shared';
import CheckCircleOutlineRounded from '@mui/icons-material/CheckCircleOutlineRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import HourglassEmptyRounded from '@mui/icons-material/HourglassEmptyRounded';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import RefreshRounded from '@mui/icons-material/RefreshRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertBox, type ALERT_TONES } from '../../../components/forms/form-alert';
import { TextLink } from '../../../components/links/text-link';
import { ApiError } from '../../../lib/api-client';
import { failureMessage } from '../../../lib/forms/report-error';
import { translateMessage } from '../../../lib/forms/messages';
import { notify } from '../../../lib/notifications';
import { useCheckDomain, useUpdateDomain } from '../api/domains-api';
import { formatCheckTime, waitSeconds } from '../format';
import { domainStatusView, type StatusTone } from '../status';
import { DnsRecords } from './dns-records';
import { RedirectForm } from './redirect-form';

const BOX_TONES: Record<StatusTone, keyof typeof ALERT_TONES> = {
  success: 'success',
  info: 'info',
  warning: 'error',
  error: 'error',
  default: 'info',
};

const BOX_ICONS = {
  success: CheckCircleOutlineRounded,
  info: HourglassEmptyRounded,
  warning: ErrorOutlineRounded,
  error: ErrorOutlineRounded,
  default: InfoOutlined,
} as const;

async function reportFailure(error: unknown) {
  notify({ type: 'error', message: translateMessage(await failureMessage(error)) ?? '' });
}

/** An on/off setting of the domain with its title and one line of explanation. */
function SettingSwitch({
  label,
  description,
  accessibleName,
  checked,
  busy,
  onChange,
}: {
  label: string;
  description: string;
  accessibleName: string;
  checked: boolean;
  busy: boolean;
  onChange: (checked: boolean) => void;
}) {
  const descriptionId = useId();
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2 }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontSize: '0.875rem', fontWeight: 500, lineHeight: 1.4 }}>
          {label}
        </Typography>
        <Typography
          id={descriptionId}
          variant="body2"
          sx={{ color: 'text.secondary', mt: 0.25, fontSize: '0.8125rem' }}
        >
          {description}
        </Typography>
      </Box>
      <Switch
        checked={checked}
        disabled={busy}
        onChange={(event) => onChange(event.target.checked)}
        sx={{ flexShrink: 0, mt: -0.75 }}
        slotProps={{
          input: { 'aria-label': accessibleName, 'aria-describedby': descriptionId } as object,
        }}
      />
    </Box>
  );
}

/**
 * One custom domain (docs/product-spec.md section 3, "Custom domain"): its name and status with
 * the reason in words the user can act on, when it was and will be checked, "Check again", the
 * DNS records while it is not active, and its settings (default, shared, redirect) and delete.
 */
export function DomainCard({
  domain,
  canShare,
  timeZone,
  onDelete,
}: {
  domain: CustomDomain;
  canShare: boolean;
  timeZone: string;
  onDelete: (domain: CustomDomain) => void;
}) {
  const { t, i18n } = useTranslation('domains');
  const headingId = useId();
  const view = domainStatusView(domain);
  const check = useCheckDomain();
  const update = useUpdateDomain();
  const time = (iso: string) => formatCheckTime(iso, i18n.language, timeZone);

  const runCheck = () =>
    check.mutate(domain.id, {
      onSuccess: () =>
        notify({ type: 'success', message: t('checks.checked', { name: domain.name }) }),
      // A 429 is answered next to the button (and by the API client's notification).
      onError: (error) => {
        if (!(error instanceof ApiError && error.code === 429)) void reportFailure(error);
      },
    });
  const tooOften = check.error instanceof ApiError && check.error.code === 429;
  const seconds = tooOften ? waitSeconds((check.error as ApiError).retryAfter) : undefined;

  const setFlag = (patch: { isDefault: boolean } | { shared: boolean }) =>
    update.mutate(
      { id: domain.id, ...patch },
      {
        onSuccess: () => notify({ type: 'success', message: t('settings.saved') }),
        onError: reportFailure,
      },
    );
  const flagBusy = update.isPending;
  const checkTimes = [
    domain.lastCheckedAt
      ? t('checks.lastChecked', { time: time(domain.lastCheckedAt) })
      : t('checks.notChecked'),
  ];
  if (domain.nextCheckAt) {
    checkTimes.push(t('checks.nextCheck', { time: time(domain.nextCheckAt) }));
  } else if (!view.upgrade) {
    checkTimes.push(t('checks.stopped', { days: DOMAIN_CHECK_STOP_DAYS }));
  }

  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={headingId}
      data-testid="domain"
      sx={{ overflow: 'hidden' }}
    >
      <Stack spacing={2} sx={{ p: { xs: 2, sm: 3 } }}>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 1.5,
            alignItems: 'center',
            justifyContent: 'space-between',
          }}
        >
          <Box
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', minWidth: 0 }}
          >
            <Typography
              id={headingId}
              variant="h2"
              sx={{ fontSize: '1.125rem', overflowWrap: 'anywhere' }}
            >
              {domain.name}
            </Typography>
            <Chip
              size="small"
              color={view.tone}
              variant={view.tone === 'success' ? 'filled' : 'outlined'}
              label={t(`status.${view.label}`)}
              data-testid="domain-status"
            />
            {domain.isDefault && (
              <Chip size="small" variant="outlined" label={t('settings.defaultBadge')} />
            )}
          </Box>
          <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
            {domain.status === 'active' && (
              <Tooltip title={t('settings.open', { name: domain.name })}>
                <IconButton
                  component="a"
                  href={`https://${domain.name}/`}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('settings.open', { name: domain.name })}
                >
                  <OpenInNewRounded fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
            {!view.upgrade && (
              <Button
                size="small"
                variant="outlined"
                startIcon={<RefreshRounded />}
                loading={check.isPending}
                onClick={runCheck}
                aria-describedby={headingId}
              >
                {t('checks.checkAgain')}
              </Button>
            )}
            <Tooltip title={t('delete.action')}>
              <IconButton
                aria-label={t('delete.actionOf', { name: domain.name })}
                onClick={() => onDelete(domain)}
                sx={{ color: 'error.main' }}
              >
                <DeleteOutlineRounded fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
        </Box>

        <AlertBox
          tone={BOX_TONES[view.tone]}
          icon={BOX_ICONS[view.tone]}
          role="status"
          action={
            view.upgrade ? <TextLink to="/account/plan">{t('plan.upgrade')}</TextLink> : undefined
          }
        >
          <span data-testid="domain-message">
            {t(`messages.${view.message.key}`, view.message.params)}
          </span>
        </AlertBox>

        {tooOften && (
          <Typography role="alert" variant="body2" sx={{ color: 'error.dark' }}>
            {seconds ? t('checks.waitSeconds', { seconds }) : t('checks.wait')}
          </Typography>
        )}

        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {checkTimes.join(' · ')}
        </Typography>

        {view.showRecords && (
          <Box>
            <Typography variant="h3" sx={{ fontSize: '0.9375rem', fontWeight: 600 }}>
              {t('records.title')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.25, mb: 1.5 }}>
              {t('records.text', { days: DOMAIN_CHECK_STOP_DAYS })}
              {domain.activatedAt === null &&
                ` ${t('records.claim', { days: DOMAIN_CLAIM_EXPIRY_DAYS })}`}
            </Typography>
            <DnsRecords domain={domain} />
          </Box>
        )}
      </Stack>

      <Divider />
      {/* Two columns on wide screens (switches beside the redirect) keep each card short. */}
      <Box
        component="section"
        aria-label={t('settings.title', { name: domain.name })}
        sx={{
          p: { xs: 2, sm: 3 },
          bgcolor: '#FAFAFC',
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          columnGap: 5,
          rowGap: 2.5,
          alignItems: 'start',
        }}
      >
        <Stack spacing={2}>
          <SettingSwitch
            label={t('settings.default')}
            description={t('settings.defaultText')}
            accessibleName={t('settings.defaultOf', { name: domain.name })}
            checked={domain.isDefault}
            busy={flagBusy}
            onChange={(isDefault) => setFlag({ isDefault })}
          />
          {canShare && (
            <SettingSwitch
              label={t('settings.shared')}
              description={t('settings.sharedText')}
              accessibleName={t('settings.sharedOf', { name: domain.name })}
              checked={domain.shared}
              busy={flagBusy}
              onChange={(shared) => setFlag({ shared })}
            />
          )}
        </Stack>
        <RedirectForm key={domain.redirectUrl ?? ''} domain={domain} />
      </Box>
    </Paper>
  );
}
