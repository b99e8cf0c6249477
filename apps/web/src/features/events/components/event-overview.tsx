import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import type { EventSummary } from '@livent/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../components/visually-hidden';
import { notify } from '../../../lib/notifications';
import { displayUrl } from '../format';

/** The status chips of an event: player, the page's state (ADR 063), messages, consent and compliance, layout and language. */
export function EventStatus({ event }: { event: EventSummary }) {
  const { t } = useTranslation('events');
  const playerOn = event.playerVisible && event.playerMode !== 'disabled';
  return (
    <Box
      component="ul"
      aria-label={t('overview.status')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0 }}
    >
      <li>
        <Chip
          size="small"
          color={playerOn ? 'primary' : 'default'}
          variant={playerOn ? 'filled' : 'outlined'}
          label={
            playerOn
              ? t('overview.player', { mode: t(`options.playerMode.${event.playerMode}`) })
              : t('overview.playerHidden')
          }
        />
      </li>
      <li>
        <Chip
          size="small"
          color={event.pageState === 'live' ? 'error' : 'default'}
          variant={event.pageState === 'live' ? 'filled' : 'outlined'}
          label={t('overview.pageState', { state: t(`options.pageState.${event.pageState}`) })}
        />
      </li>
      <li>
        <Chip
          size="small"
          color={event.messagesEnabled ? 'success' : 'default'}
          variant={event.messagesEnabled ? 'filled' : 'outlined'}
          label={event.messagesEnabled ? t('overview.messagesOn') : t('overview.messagesOff')}
        />
      </li>
      {event.complianceBanner && (
        <li>
          <Chip size="small" variant="outlined" label={t('overview.consentBanner')} />
        </li>
      )}
      <li>
        <Chip
          size="small"
          color={event.complianceConfirmed ? 'success' : 'default'}
          variant={event.complianceConfirmed ? 'filled' : 'outlined'}
          label={
            event.complianceConfirmed
              ? t('overview.complianceConfirmed')
              : t('overview.complianceNotConfirmed')
          }
        />
      </li>
      <li>
        <Chip
          size="small"
          variant="outlined"
          label={t('overview.layout', { layout: t(`options.layout.${event.layout}`) })}
        />
      </li>
      <li>
        <Chip
          size="small"
          variant="outlined"
          label={t('overview.language', { language: t(`options.language.${event.language}`) })}
        />
      </li>
    </Box>
  );
}

/**
 * The overview's head (docs/product-spec.md section 2, `/events/{id}`): the public link with copy and open,
 * the status, and a live preview of the public page. The page comes from another origin and
 * may hold the organiser's own code, so the preview is sandboxed without `allow-same-origin`
 * (docs/architecture.md, "Public event pages").
 */
export function EventOverview({ event }: { event: EventSummary }) {
  const { t } = useTranslation(['events', 'common']);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(event.fullUrl);
      notify({ type: 'success', message: t('overview.copied') });
    } catch {
      notify({ type: 'error', message: t('overview.copyFailed') });
    }
  };
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Stack spacing={2}>
          <Box>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 0.5 }}>
              {t('overview.publicLink')}
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography
                data-testid="public-link"
                sx={{
                  fontFamily: 'ui-monospace, monospace',
                  fontSize: '0.9375rem',
                  wordBreak: 'break-all',
                  flex: '1 1 240px',
                  minWidth: 0,
                }}
              >
                {displayUrl(event.fullUrl)}
              </Typography>
              <Box sx={{ display: 'flex', gap: 1 }}>
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={<ContentCopyOutlined />}
                  onClick={() => void copy()}
                >
                  {t('overview.copy')}
                </Button>
                <Button
                  size="small"
                  variant="contained"
                  startIcon={<OpenInNewOutlined />}
                  href={event.fullUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {t('overview.open')}
                  <span style={visuallyHidden}> ({t('common:app.opensInNewTab')})</span>
                </Button>
              </Box>
            </Box>
          </Box>
          <EventStatus event={event} />
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 2,
            px: { xs: 2.5, sm: 3 },
            py: 1.5,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Typography variant="h2" sx={{ fontSize: '1.0625rem' }}>
            {t('overview.preview')}
          </Typography>
          <Button
            size="small"
            endIcon={<OpenInNewOutlined />}
            href={event.fullUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('overview.openInNewTab')}
          </Button>
        </Box>
        <Box sx={{ bgcolor: '#EEF0F5', p: { xs: 0, sm: 2 } }}>
          <Box
            component="iframe"
            key={event.updatedAt}
            src={event.fullUrl}
            title={t('overview.previewTitle', { title: event.title })}
            sandbox="allow-scripts allow-popups allow-forms"
            referrerPolicy="no-referrer"
            loading="lazy"
            sx={{
              display: 'block',
              width: '100%',
              height: { xs: 480, md: 640 },
              border: 0,
              borderRadius: { sm: 1.5 },
              bgcolor: 'background.paper',
              boxShadow: { sm: '0 1px 3px rgba(15, 23, 42, 0.12)' },
            }}
          />
        </Box>
      </Paper>
    </Stack>
  );
}
