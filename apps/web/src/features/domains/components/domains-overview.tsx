import { hasFeature, type CustomDomain } from '@livent/shared';
import AddRounded from '@mui/icons-material/AddRounded';
import DnsOutlined from '@mui/icons-material/DnsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { FormAlert } from '../../../components/forms/form-alert';
import { TextLink } from '../../../components/links/text-link';
import { EmptyState } from '../../../components/page/empty-state';
import { Notice } from '../../../components/page/notice';
import { PageHeader } from '../../../components/page/page-header';
import { PlanFeatureNotice } from '../../../components/page/plan-feature-notice';
import { visuallyHidden } from '../../../components/visually-hidden';
import { useCurrentUser } from '../../../lib/auth/use-auth';
import { failureMessage } from '../../../lib/forms/report-error';
import { translateMessage } from '../../../lib/forms/messages';
import { notify } from '../../../lib/notifications';
import { domainsQueryOptions, useDeleteDomain } from '../api/domains-api';
import { AddDomainDialog } from './add-domain-dialog';
import { DomainCard } from './domain-card';

/** Two grey cards in the shape of the domains while they load. */
function LoadingCards() {
  const { t } = useTranslation('domains');
  return (
    <Stack spacing={2} role="status">
      <Box component="span" sx={visuallyHidden}>
        {t('list.loading')}
      </Box>
      {[0, 1].map((index) => (
        <Paper key={index} variant="outlined" sx={{ p: 3 }} aria-hidden>
          <Skeleton variant="text" width="40%" height={32} />
          <Skeleton variant="rounded" height={56} sx={{ mt: 2 }} />
          <Skeleton variant="text" width="60%" sx={{ mt: 2 }} />
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * The custom domains screen (docs/product-spec.md section 2, `/account/domains`;
 * docs/decisions/030-custom-domains.md): the account's domains with their status and what to do
 * about it, adding within the plan's limit, and the plan notice where the plan has none.
 */
export function DomainsOverview() {
  const { t } = useTranslation(['domains', 'common', 'screens', 'events']);
  const user = useCurrentUser();
  const domains = useQuery(domainsQueryOptions());
  const remove = useDeleteDomain();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<CustomDomain>();

  const data = domains.data;
  const allowed = hasFeature(user.planAllowance, 'CUSTOM_DOMAIN') && (data?.limit ?? 1) > 0;
  const limitReached = allowed && data !== undefined && data.domains.length >= data.limit;
  const canAdd = allowed && data !== undefined && !limitReached;

  const addButton = (
    <Button variant="contained" startIcon={<AddRounded />} onClick={() => setAdding(true)}>
      {t('add.open')}
    </Button>
  );

  const confirmDelete = () => {
    if (!deleting) return;
    const { id, name } = deleting;
    remove.mutate(id, {
      onSuccess: () => {
        setDeleting(undefined);
        notify({ type: 'success', message: t('delete.deleted', { name }) });
      },
      onError: async (error) =>
        notify({ type: 'error', message: translateMessage(await failureMessage(error)) ?? '' }),
    });
  };

  let content;
  if (domains.isError && !data) {
    content = (
      <FormAlert
        action={
          <Button size="small" variant="outlined" onClick={() => void domains.refetch()}>
            {t('list.retry')}
          </Button>
        }
      >
        {t('list.loadFailed')}
      </FormAlert>
    );
  } else if (!data) {
    content = <LoadingCards />;
  } else if (data.domains.length === 0) {
    content = (
      <EmptyState icon={DnsOutlined} title={t('empty.title')} text={t('empty.text')}>
        {canAdd && addButton}
      </EmptyState>
    );
  } else {
    content = (
      <Stack spacing={2} component="section" aria-label={t('list.label')}>
        {data.domains.map((domain) => (
          <DomainCard
            key={domain.id}
            domain={domain}
            canShare={data.canShare}
            timeZone={user.settings.timezone}
            onDelete={setDeleting}
          />
        ))}
      </Stack>
    );
  }

  return (
    <>
      <PageHeader
        title={t('common:headings.domains')}
        description={t('screens:domains')}
        actions={
          data && allowed && data.domains.length > 0 ? (
            <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography
                variant="body2"
                sx={{ color: 'text.secondary' }}
                data-testid="domain-usage"
              >
                {t('list.usage', { count: data.domains.length, limit: data.limit })}
              </Typography>
              {canAdd && addButton}
            </Stack>
          ) : undefined
        }
      />
      <Stack spacing={2.5}>
        {!allowed && <PlanFeatureNotice>{t('plan.notAvailableText')}</PlanFeatureNotice>}
        {limitReached && data && data.domains.length > 0 && (
          <Notice severity="info">
            {t('plan.limitReached', { limit: data.limit })}{' '}
            <TextLink to="/account/plan">{t('plan.upgrade')}</TextLink>
          </Notice>
        )}
        {content}
      </Stack>
      <AddDomainDialog open={adding} onClose={() => setAdding(false)} />
      <ConfirmDialog
        open={deleting !== undefined}
        title={t('delete.title', { name: deleting?.name ?? '' })}
        message={t('delete.text', { name: deleting?.name ?? '' })}
        confirmLabel={t('delete.confirm')}
        destructive
        busy={remove.isPending}
        onClose={() => setDeleting(undefined)}
        onConfirm={confirmDelete}
      />
    </>
  );
}
