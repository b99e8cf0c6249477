import type { WebhookDelivery } from '@livent/shared';
import ExpandLessRounded from '@mui/icons-material/ExpandLessRounded';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/forms/form-alert';
import { failureMessage } from '../../../lib/forms/report-error';
import { translateMessage } from '../../../lib/forms/messages';
import { useDateTimeFormat } from '../../../lib/format/date-time';
import { notify } from '../../../lib/notifications';
import { deliveriesQueryOptions, useRetryDelivery } from '../api/webhooks-api';

/** Columns a phone leaves out: the expanded attempts carry the same facts. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

const STATUS_COLOR = {
  queued: 'default',
  retrying: 'warning',
  delivered: 'success',
  failed: 'error',
} as const;

/** A delivery's attempts, oldest first: time, answer or error, duration, the answer's start. */
function Attempts({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation('webhooks');
  const format = useDateTimeFormat();
  return (
    <Stack component="ol" spacing={1} sx={{ m: 0, pl: 2.5 }}>
      {delivery.log.map((attempt) => (
        <li key={attempt.attemptedAt}>
          <Typography variant="body2">
            {format.exact(attempt.attemptedAt)} ·{' '}
            {attempt.statusCode ?? t('log.error', { error: attempt.error ?? '' })} ·{' '}
            {t('log.duration', { ms: attempt.durationMs })}
          </Typography>
          {attempt.responseBody && (
            <Typography
              component="pre"
              variant="body2"
              sx={{ m: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all', color: 'text.secondary' }}
            >
              {attempt.responseBody}
            </Typography>
          )}
        </li>
      ))}
    </Stack>
  );
}

/**
 * An endpoint's delivery log (paged on the server, newest first): each delivery's time, type,
 * status, attempts and last answer; its attempts on demand; "Send again".
 */
export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const { t } = useTranslation('webhooks');
  const format = useDateTimeFormat();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string>();
  const deliveries = useQuery(deliveriesQueryOptions(endpointId, page));
  const retry = useRetryDelivery();
  const data = deliveries.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  const sendAgain = (deliveryId: string) =>
    retry.mutate(
      { id: endpointId, deliveryId },
      {
        onSuccess: () => notify({ type: 'success', message: t('notices.resent') }),
        onError: async (error) =>
          notify({ type: 'error', message: translateMessage(await failureMessage(error)) ?? '' }),
      },
    );

  let body;
  if (deliveries.isError && !data) body = <FormAlert>{t('log.loadFailed')}</FormAlert>;
  else if (!data) {
    body = (
      <Box role="status" aria-label={t('log.loading')}>
        <Skeleton variant="rounded" height={96} />
      </Box>
    );
  } else if (data.deliveries.length === 0) {
    body = <Typography sx={{ color: 'text.secondary' }}>{t('log.empty')}</Typography>;
  } else {
    body = (
      <TableContainer>
        <Table size="small" aria-label={t('log.title')}>
          <caption>{t('log.caption')}</caption>
          <TableHead>
            <TableRow>
              <TableCell>{t('log.time')}</TableCell>
              <TableCell sx={WIDE_ONLY}>{t('log.type')}</TableCell>
              <TableCell>{t('log.status')}</TableCell>
              <TableCell align="right" sx={WIDE_ONLY}>
                {t('log.attempts')}
              </TableCell>
              <TableCell align="right" sx={WIDE_ONLY}>
                {t('log.response')}
              </TableCell>
              <TableCell align="right">{t('log.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.deliveries.map((delivery) => {
              const expanded = open === delivery.id;
              return (
                <Fragment key={delivery.id}>
                  <TableRow data-testid="webhook-delivery">
                    <TableCell>
                      {format.dateTime(delivery.createdAt)}
                      <Typography
                        variant="body2"
                        sx={{ display: { xs: 'block', sm: 'none' }, color: 'text.secondary' }}
                      >
                        {t(`eventTypes.${delivery.eventType}`)}
                      </Typography>
                    </TableCell>
                    <TableCell sx={WIDE_ONLY}>{t(`eventTypes.${delivery.eventType}`)}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        color={STATUS_COLOR[delivery.status]}
                        label={t(`log.statuses.${delivery.status}`)}
                      />
                      {delivery.status === 'retrying' && delivery.nextAttemptAt && (
                        <Typography variant="caption" sx={{ display: 'block' }}>
                          {t('log.nextAttempt', { time: format.time(delivery.nextAttemptAt) })}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell align="right" sx={WIDE_ONLY}>
                      {delivery.attempts}
                    </TableCell>
                    <TableCell align="right" sx={WIDE_ONLY}>
                      {delivery.lastStatusCode ?? t('log.none')}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {(delivery.status === 'failed' || delivery.status === 'delivered') && (
                        <Button size="small" onClick={() => sendAgain(delivery.id)}>
                          {t('log.sendAgain')}
                        </Button>
                      )}
                      {delivery.log.length > 0 && (
                        <IconButton
                          size="small"
                          aria-expanded={expanded}
                          aria-label={t(expanded ? 'log.collapse' : 'log.expand')}
                          onClick={() => setOpen(expanded ? undefined : delivery.id)}
                        >
                          {expanded ? <ExpandLessRounded /> : <ExpandMoreRounded />}
                        </IconButton>
                      )}
                    </TableCell>
                  </TableRow>
                  {expanded && (
                    <TableRow>
                      <TableCell colSpan={6}>
                        <Attempts delivery={delivery} />
                      </TableCell>
                    </TableRow>
                  )}
                </Fragment>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    );
  }

  return (
    <Box component="section" sx={{ mt: 2 }} aria-label={t('log.title')}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {t('log.title')}
      </Typography>
      {body}
      {data && pages > 1 && (
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', mt: 1 }}>
          <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('log.previous')}
          </Button>
          <Typography variant="body2">{t('log.page', { page, pages })}</Typography>
          <Button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('log.next')}
          </Button>
        </Stack>
      )}
    </Box>
  );
}
