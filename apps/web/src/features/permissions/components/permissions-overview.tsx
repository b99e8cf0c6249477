import ShareOutlined from '@mui/icons-material/ShareOutlined';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/page/empty-state';
import { SectionCard } from '../../../components/page/section-card';
import { permissionsQueryOptions } from '../api/permissions-api';
import { GrantedPermissions } from './granted-permissions';
import { ReceivedOwnerChanges, SentOwnerChanges } from './owner-changes';
import { LoadState } from './permission-parts';
import { ReceivedPermissions } from './received-permissions';
import { ShareForm, type OwnEvent } from './share-form';

/**
 * The shared permissions page (docs/product-spec.md sections 2 and 6, `/account/permissions`;
 * ADR 031): handovers waiting for this account, invitations and events shared with it, a form
 * to share one of its own events, what it shared with whom, and handovers it started.
 */
export function PermissionsOverview({
  ownEvents,
  timeZone,
}: {
  ownEvents: readonly OwnEvent[];
  timeZone: string | undefined;
}) {
  const { t } = useTranslation('permissions');
  const list = useQuery(permissionsQueryOptions());
  const grantedHeadingId = useId();

  if (!list.data) {
    return <LoadState isError={list.isError} onRetry={() => void list.refetch()} />;
  }
  const { granted, received, ownerChanges } = list.data;

  return (
    <Stack spacing={3}>
      {ownerChanges.received.length > 0 && <ReceivedOwnerChanges changes={ownerChanges.received} />}

      <ReceivedPermissions received={received} timeZone={timeZone} />

      <SectionCard title={t('share.title')} description={t('share.text')}>
        {ownEvents.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>{t('share.noEvents')}</Typography>
        ) : (
          <ShareForm events={ownEvents} />
        )}
      </SectionCard>

      <Box component="section" aria-labelledby={grantedHeadingId}>
        <Typography id={grantedHeadingId} variant="h2" sx={{ fontSize: '1.0625rem', mb: 1.5 }}>
          {t('granted.title')}
        </Typography>
        {granted.length === 0 ? (
          <EmptyState
            icon={ShareOutlined}
            title={t('granted.emptyTitle')}
            text={t('granted.emptyText')}
          />
        ) : (
          <GrantedPermissions permissions={granted} timeZone={timeZone} />
        )}
      </Box>

      {ownerChanges.sent.length > 0 && <SentOwnerChanges changes={ownerChanges.sent} />}
    </Stack>
  );
}
