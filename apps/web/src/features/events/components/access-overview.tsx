import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import { hasFeature, type EventSummary, type PlanAllowance } from '@livent/shared';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/links/button-link';
import { IconTile } from '../../../components/page/icon-tile';

type ListPath =
  | '/events/$eventid/access/registrationlist'
  | '/events/$eventid/access/invitationlist'
  | '/events/$eventid/access/loginlist';

interface CountCard {
  id: 'registrations' | 'invitations' | 'logins';
  count: number;
  to: ListPath;
  icon: ComponentType<SvgIconProps>;
}

/**
 * The event's access at a glance (docs/product-spec.md section 2, `/events/{id}/access`; ADR 054):
 * who may see the page, how many registered, were invited and came in, with links into the lists
 * and to the access settings. The login list needs CUSTOM_ACCESS, as in the side navigation.
 */
export function AccessOverview({
  event,
  allowance,
}: {
  event: EventSummary;
  allowance: PlanAllowance | undefined;
}) {
  const { t, i18n } = useTranslation('events');
  const params = { eventid: event.id };
  const open = event.accessMode === 'none';
  const cards: CountCard[] = [
    {
      id: 'registrations',
      count: event.registrationCount,
      to: '/events/$eventid/access/registrationlist',
      icon: HowToRegOutlined,
    },
    {
      id: 'invitations',
      count: event.invitationCount,
      to: '/events/$eventid/access/invitationlist',
      icon: ForwardToInboxOutlined,
    },
    ...(hasFeature(allowance, 'CUSTOM_ACCESS')
      ? [
          {
            id: 'logins',
            count: event.loginCount,
            to: '/events/$eventid/access/loginlist',
            icon: VpnKeyOutlined,
          } as const,
        ]
      : []),
  ];
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="access-mode"
        sx={{
          p: { xs: 2.5, sm: 3 },
          display: 'flex',
          gap: 2,
          alignItems: { xs: 'flex-start', sm: 'center' },
          flexDirection: { xs: 'column', sm: 'row' },
        }}
      >
        <IconTile icon={open ? LockOpenOutlined : LockOutlined} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('access.mode')}
          </Typography>
          <Typography id="access-mode" variant="h2" sx={{ fontSize: '1.25rem', my: 0.5 }}>
            {t(`options.accessMode.${event.accessMode}`)}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t(`access.explain.${event.accessMode}`)}
          </Typography>
        </Box>
        <ButtonLink
          to="/events/$eventid/access/settings"
          params={params}
          variant="contained"
          sx={{ flexShrink: 0 }}
        >
          {t('access.settings')}
        </ButtonLink>
      </Paper>
      <Box
        component="ul"
        aria-label={t('access.counts')}
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: `repeat(${String(cards.length)}, 1fr)` },
        }}
      >
        {cards.map(({ id, count, to, icon: Icon }) => (
          <Paper component="li" variant="outlined" key={id} sx={{ p: 2.5 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}>
              <Icon fontSize="small" aria-hidden />
              <Typography variant="body2">{t(`access.${id}`)}</Typography>
            </Box>
            <Typography
              data-testid={`access-count-${id}`}
              sx={{ fontSize: '2rem', fontWeight: 600, lineHeight: 1.2, my: 1 }}
            >
              {count.toLocaleString(i18n.language)}
            </Typography>
            <ButtonLink to={to} params={params} size="small" sx={{ ml: -1 }}>
              {t(`access.open.${id}`)}
            </ButtonLink>
          </Paper>
        ))}
      </Box>
    </Box>
  );
}
