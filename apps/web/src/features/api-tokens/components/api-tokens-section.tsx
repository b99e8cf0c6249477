import type { ApiToken } from '@livent/shared';
import AddRounded from '@mui/icons-material/AddRounded';
import KeyRounded from '@mui/icons-material/KeyRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { FormAlert } from '../../../components/forms/form-alert';
import { EmptyState } from '../../../components/page/empty-state';
import { ListRow } from '../../../components/page/list-row';
import { SectionCard } from '../../../components/page/section-card';
import { useDateTimeFormat } from '../../../lib/format/date-time';
import { translateMessage } from '../../../lib/forms/messages';
import { failureMessage } from '../../../lib/forms/report-error';
import { notify } from '../../../lib/notifications';
import { apiTokensQueryOptions, useRevokeApiToken } from '../api/api-tokens-api';
import { isExpired } from '../expiry';
import { SCOPE_KEYS } from '../scope-keys';
import { CreateTokenDialog } from './create-token-dialog';

function TokenRow({ token, onRevoke }: { token: ApiToken; onRevoke: () => void }) {
  const { t } = useTranslation('apiTokens');
  const dates = useDateTimeFormat();
  const expired = isExpired(token);
  const expiry =
    token.expiresAt === null
      ? t('row.neverExpires')
      : t(expired ? 'row.expired' : 'row.expires', { date: dates.date(token.expiresAt) });
  const lastUse =
    token.lastUsedAt === null
      ? t('row.neverUsed')
      : token.lastUsedIp
        ? t('row.lastUsedFrom', { date: dates.dateTime(token.lastUsedAt), ip: token.lastUsedIp })
        : t('row.lastUsed', { date: dates.dateTime(token.lastUsedAt) });
  return (
    <ListRow
      testId="api-token"
      icon={KeyRounded}
      highlighted={false}
      title={token.name}
      badges={
        <>
          <Box
            component="code"
            sx={{ fontSize: '0.8125rem', color: 'text.secondary', fontFamily: 'monospace' }}
          >
            {token.prefix}…
          </Box>
          {expired && <Chip size="small" color="warning" label={t('row.expiredBadge')} />}
        </>
      }
      details={
        <>
          <Stack
            component="span"
            direction="row"
            sx={{ gap: 0.5, flexWrap: 'wrap', my: 0.5, display: 'flex' }}
          >
            {token.scopes.map((scope) => (
              <Chip
                key={scope}
                size="small"
                variant="outlined"
                label={t(`scopes.${SCOPE_KEYS[scope]}.label`)}
              />
            ))}
          </Stack>
          {[t('row.created', { date: dates.date(token.createdAt) }), expiry, lastUse].join(' · ')}
        </>
      }
      actions={
        <Button
          variant="outlined"
          color="inherit"
          size="small"
          onClick={onRevoke}
          aria-label={t('row.revokeToken', { name: token.name })}
          sx={{ flexShrink: 0 }}
        >
          {t('row.revoke')}
        </Button>
      }
    />
  );
}

/**
 * The account's personal API tokens on /account/security (docs/decisions/070-personal-api-tokens.md):
 * each with its prefix, scopes, dates and last use; made in a dialog that shows the token once,
 * revoked after a confirmation.
 */
export function ApiTokensSection() {
  const { t } = useTranslation('apiTokens');
  const tokens = useQuery(apiTokensQueryOptions());
  const revoke = useRevokeApiToken();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken>();

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        notify({ type: 'success', message: t('revokeDialog.done') });
        setRevoking(undefined);
      },
      onError: async (error) => {
        notify({ type: 'error', message: translateMessage(await failureMessage(error)) ?? '' });
        setRevoking(undefined);
      },
    });
  };

  const createButton = (
    <Button variant="contained" startIcon={<AddRounded />} onClick={() => setCreating(true)}>
      {t('create')}
    </Button>
  );
  const empty = tokens.data?.length === 0;

  return (
    <SectionCard
      title={t('title')}
      description={t('description')}
      action={!empty && tokens.data && createButton}
    >
      {tokens.isPending && (
        <Stack spacing={1.5}>
          <Skeleton variant="rounded" height={48} />
          <Skeleton variant="rounded" height={48} />
        </Stack>
      )}
      {tokens.isError && <FormAlert>{t('loadFailed')}</FormAlert>}
      {empty && (
        <EmptyState icon={KeyRounded} title={t('empty.title')} text={t('empty.text')}>
          {createButton}
        </EmptyState>
      )}
      {tokens.data && !empty && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, mt: -2, mb: -2 }}>
          {tokens.data.map((token) => (
            <TokenRow key={token.id} token={token} onRevoke={() => setRevoking(token)} />
          ))}
        </Box>
      )}
      <CreateTokenDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={revoking !== undefined}
        title={t('revokeDialog.title', { name: revoking?.name ?? '' })}
        message={t('revokeDialog.text')}
        confirmLabel={t('revokeDialog.confirm')}
        destructive
        busy={revoke.isPending}
        onConfirm={confirmRevoke}
        onClose={() => setRevoking(undefined)}
      />
    </SectionCard>
  );
}
