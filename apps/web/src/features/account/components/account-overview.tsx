import { limitOf, type User } from '@livent/shared';
import ChevronRightOutlined from '@mui/icons-material/ChevronRightOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateTimeFormat } from '../../../lib/format/date-time';
import { ButtonLink } from '../../../components/links/button-link';
import { sessionsQueryOptions } from '../api/account-api';
import { IconTile } from '../../../components/page/icon-tile';

function OverviewCard({
  icon: Icon,
  title,
  rows,
  link,
}: {
  icon: ComponentType<SvgIconProps>;
  title: string;
  rows: readonly [label: string, value: ReactNode][];
  link: ReactNode;
}) {
  return (
    <Paper
      component="section"
      variant="outlined"
      sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <IconTile icon={Icon} />
        <Typography variant="h2" sx={{ fontSize: '1.0625rem' }}>
          {title}
        </Typography>
      </Box>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'minmax(110px, auto) 1fr',
          columnGap: 2,
          rowGap: 1,
          flexGrow: 1,
          alignContent: 'start',
        }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {label}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{ m: 0, fontWeight: 500, minWidth: 0, overflowWrap: 'anywhere' }}
            >
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Box>{link}</Box>
    </Paper>
  );
}

/**
 * /account: one card per section with its current values and a link there (docs/product-spec.md section 2,
 * "Account routes").
 */
export function AccountOverview({ user }: { user: User }) {
  const { t } = useTranslation(['account', 'common', 'dashboard']);
  const sessions = useQuery(sessionsQueryOptions());
  const none = t('overview.none');
  const dates = useDateTimeFormat();
  const date = (iso: string | null) => (iso ? dates.date(iso) : none);
  const linkProps = {
    variant: 'text',
    endIcon: <ChevronRightOutlined />,
    sx: { px: 1, ml: -1 },
  } as const;

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <OverviewCard
        icon={PersonOutlined}
        title={t('common:headings.profile')}
        rows={[
          [t('overview.name'), user.name],
          [t('overview.company'), user.company || none],
          [
            t('overview.email'),
            user.pendingEmail
              ? t('overview.emailPending', { email: user.email, pending: user.pendingEmail })
              : user.email,
          ],
        ]}
        link={
          <ButtonLink to="/account/profile" {...linkProps}>
            {t('overview.editProfile')}
          </ButtonLink>
        }
      />
      <OverviewCard
        icon={ShieldOutlined}
        title={t('common:headings.security')}
        rows={[
          [t('overview.password'), t('overview.passwordSet')],
          [
            t('overview.sessions'),
            sessions.data ? t('overview.sessionCount', { count: sessions.data.length }) : '…',
          ],
        ]}
        link={
          <ButtonLink to="/account/security" {...linkProps}>
            {t('overview.manageSecurity')}
          </ButtonLink>
        }
      />
      <OverviewCard
        icon={WorkspacePremiumOutlined}
        title={t('common:headings.plan')}
        rows={[
          [t('overview.plan'), t(`dashboard:plans.${user.plan}`)],
          [t('overview.planExpires'), date(user.planExpires)],
          [
            t('overview.events'),
            t('overview.eventUsage', {
              count: user.planConsumption.events,
              limit: limitOf(user.planAllowance, 'events'),
            }),
          ],
        ]}
        link={
          <ButtonLink to="/account/plan" {...linkProps}>
            {t('overview.seePlan')}
          </ButtonLink>
        }
      />
      <OverviewCard
        icon={SettingsOutlined}
        title={t('common:headings.settings')}
        rows={[
          [t('settings.timezone.label'), user.settings.timezone.replaceAll('_', ' ')],
          [t('settings.emailLanguage.label'), t(`common:language.${user.settings.emailLanguage}`)],
          [
            t('settings.newsletter.label'),
            user.settings.newsletter ? t('overview.yes') : t('overview.no'),
          ],
        ]}
        link={
          <ButtonLink to="/settings" {...linkProps}>
            {t('overview.changeSettings')}
          </ButtonLink>
        }
      />
    </Box>
  );
}
