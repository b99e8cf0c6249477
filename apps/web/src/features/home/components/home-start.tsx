import { limitOf, type User } from '@livent/shared';
import AddOutlined from '@mui/icons-material/AddOutlined';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import RadioButtonUncheckedOutlined from '@mui/icons-material/RadioButtonUncheckedOutlined';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/links/button-link';
import { LinkCardGrid } from '../../../components/navigation/link-card-grid';
import { defaultNavigationItems } from '../../../components/navigation/navigation-items';
import { PageHeader } from '../../../components/page/page-header';
import { SectionCard } from '../../../components/page/section-card';
import { visuallyHidden } from '../../../components/visually-hidden';
import { IconTile } from '../../../components/page/icon-tile';

function Step({
  done,
  title,
  text,
  action,
}: {
  done: boolean;
  title: string;
  text: string;
  action?: ReactNode;
}) {
  const { t } = useTranslation('account');
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        gap: 2,
        py: 2,
        alignItems: { xs: 'flex-start', sm: 'center' },
        flexDirection: { xs: 'column', sm: 'row' },
        '& + &': { borderTop: 1, borderColor: 'divider' },
      }}
    >
      <Stack direction="row" spacing={1.5} sx={{ flexGrow: 1, alignItems: 'flex-start' }}>
        {done ? (
          <CheckCircleRounded sx={{ color: 'success.main', mt: '2px' }} />
        ) : (
          <RadioButtonUncheckedOutlined sx={{ color: 'text.secondary', mt: '2px' }} />
        )}
        <Box>
          <Typography sx={{ fontWeight: 500 }}>
            {title}
            <Box component="span" sx={visuallyHidden}>
              {' '}
              ({done ? t('home.stepDone') : t('home.stepOpen')})
            </Box>
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {text}
          </Typography>
        </Box>
      </Stack>
      {action && <Box sx={{ flexShrink: 0, pl: { xs: 4.5, sm: 0 } }}>{action}</Box>}
    </Box>
  );
}

/**
 * The signed-in start page (/home): a greeting, the next steps (account, email, first event,
 * settings), the plan at a glance and the main areas.
 */
export function HomeStart({ user }: { user: User }) {
  const { t } = useTranslation(['account', 'dashboard']);
  const firstName = user.name.split(/\s+/)[0] || user.name;
  const events = user.planConsumption.events;
  const eventLimit = limitOf(user.planAllowance, 'events');
  return (
    <>
      <PageHeader
        title={t('home.greeting', { name: firstName })}
        description={t('home.lead')}
        actions={
          <ButtonLink to="/events/add" variant="contained" startIcon={<AddOutlined />}>
            {t('home.createEvent')}
          </ButtonLink>
        }
      />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' },
          alignItems: 'start',
          mb: 4,
        }}
      >
        <SectionCard title={t('home.nextSteps')} description={t('home.nextStepsLead')}>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, my: -2 }}>
            <Step done title={t('home.steps.account')} text={t('home.steps.accountText')} />
            <Step
              done={user.emailVerified}
              title={t('home.steps.email')}
              text={t('home.steps.emailText', { email: user.email })}
            />
            <Step
              done={events > 0}
              title={t('home.steps.event')}
              text={
                events > 0
                  ? t('home.steps.eventDone', { count: events })
                  : t('home.steps.eventText')
              }
              action={
                <ButtonLink
                  to={events > 0 ? '/events' : '/events/add'}
                  variant="outlined"
                  size="small"
                >
                  {events > 0 ? t('home.steps.eventsAction') : t('home.steps.eventAction')}
                </ButtonLink>
              }
            />
            <Step
              done={false}
              title={t('home.steps.settings')}
              text={t('home.steps.settingsText')}
              action={
                <ButtonLink to="/settings" variant="outlined" size="small">
                  {t('home.steps.settingsAction')}
                </ButtonLink>
              }
            />
          </Box>
        </SectionCard>
        <Paper variant="outlined" component="section" sx={{ p: 3 }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
            <IconTile icon={WorkspacePremiumOutlined} tone="accent" />
            <Box>
              <Typography
                variant="overline"
                component="p"
                sx={{ color: 'text.secondary', lineHeight: 1.4 }}
              >
                {t('home.plan')}
              </Typography>
              <Typography variant="h2" sx={{ fontSize: '1.125rem' }}>
                {t(`dashboard:plans.${user.plan}`)}
              </Typography>
            </Box>
          </Stack>
          {eventLimit > 0 && (
            <Box sx={{ mb: 2.5 }}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.75 }}>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('home.activeEvents')}
                </Typography>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {t('home.eventUsage', { count: events, limit: eventLimit })}
                </Typography>
              </Stack>
              <LinearProgress
                variant="determinate"
                value={Math.min(100, (events / eventLimit) * 100)}
                aria-label={t('home.activeEvents')}
                sx={{ height: 8, borderRadius: 4 }}
              />
            </Box>
          )}
          <ButtonLink to="/account/plan" variant="outlined" fullWidth>
            {t('home.seePlans')}
          </ButtonLink>
        </Paper>
      </Box>
      <Typography variant="h2" sx={{ mb: 2 }}>
        {t('home.shortcuts')}
      </Typography>
      <LinkCardGrid items={defaultNavigationItems.filter((item) => item.id !== 'add-event')} />
    </>
  );
}
