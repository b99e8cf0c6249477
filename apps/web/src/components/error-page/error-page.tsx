import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import ExploreOffOutlined from '@mui/icons-material/ExploreOffOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../lib/forms/messages';
import { CenteredLayout } from '../layouts/centered-layout';
import { useInsideLayout } from '../layouts/layout-context';
import { ButtonLink } from '../links/button-link';

/**
 * `lost`: a route said the thing does not exist; `unknownRoute`: no route matches the address;
 * `eventUnavailable`: an event this account cannot open, whether it exists or not;
 * `generic`: anything else (docs/product-spec.md section 2, "Error page", and section 8).
 */
export type ErrorKind = 'lost' | 'unknownRoute' | 'eventUnavailable' | 'generic';

export interface ErrorPageProps {
  kind: ErrorKind;
  /** HTTP-like status shown with the message: 404 for the not-found kinds, else the error's. */
  status: number;
  /** A message key saying why (e.g. the server's "Token expired"), shown instead of the hint. */
  detail?: string | undefined;
}

/** Each kind's icon and texts (keys of the common namespace). */
const KINDS = {
  lost: { icon: ExploreOffOutlined, message: 'errors.lost', hint: 'errors.lostHint' },
  unknownRoute: {
    icon: ExploreOffOutlined,
    message: 'errors.unknownRoute',
    hint: 'errors.unknownRouteHint',
  },
  eventUnavailable: {
    icon: EventBusyOutlined,
    message: 'errors.eventUnavailable',
    hint: 'errors.eventUnavailableHint',
  },
  generic: { icon: ReportProblemOutlined, message: 'errors.generic', hint: 'errors.reloadAdvice' },
} as const;

function ErrorContent({ kind, status, detail }: ErrorPageProps) {
  const { t } = useTranslation();
  const generic = kind === 'generic';
  const { icon: Icon, message, hint } = KINDS[kind];

  return (
    <Stack
      data-testid="error-page"
      data-error-kind={kind}
      spacing={2}
      sx={{
        alignItems: 'center',
        textAlign: 'center',
        py: { xs: 2, sm: 4 },
        maxWidth: 560,
        mx: 'auto',
      }}
    >
      <Box
        sx={{
          width: 56,
          height: 56,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: generic ? 'rgba(220, 38, 38, 0.08)' : 'rgba(79, 70, 229, 0.08)',
          color: generic ? 'error.main' : 'primary.main',
        }}
      >
        <Icon />
      </Box>
      <Typography
        variant="overline"
        component="p"
        sx={{ color: 'text.secondary', lineHeight: 1.5 }}
      >
        {t('errors.status', { status })}
      </Typography>
      <Typography variant="h1">{t(message)}</Typography>
      <Typography sx={{ color: 'text.secondary' }} data-testid="error-hint">
        {detail ? translateMessage(detail) : t(hint)}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        useFlexGap
        // Side by side while both fit, else one below the other: a button never breaks its label.
        sx={{ pt: 1, flexWrap: 'wrap', justifyContent: 'center', '& > *': { flexShrink: 0 } }}
      >
        {generic && (
          <Button
            variant="contained"
            startIcon={<RefreshOutlined />}
            onClick={() => window.location.reload()}
          >
            {t('errors.reload')}
          </Button>
        )}
        <ButtonLink to="/" variant={generic ? 'outlined' : 'contained'} reloadDocument={generic}>
          {t('errors.home')}
        </ButtonLink>
        {kind === 'eventUnavailable' && (
          <ButtonLink to="/logout" variant="outlined">
            {t('errors.switchAccount')}
          </ButtonLink>
        )}
      </Stack>
    </Stack>
  );
}

/**
 * The one error page. Inside a layout it fills the content area; on its own (an unknown address,
 * an error before any layout rendered) it brings the centered layout's logo and footer.
 */
export function ErrorPage(props: ErrorPageProps) {
  const insideLayout = useInsideLayout();
  if (insideLayout) return <ErrorContent {...props} />;
  return (
    <CenteredLayout>
      <ErrorContent {...props} />
    </CenteredLayout>
  );
}
