import type { Session } from '@livent/shared';
import ComputerOutlined from '@mui/icons-material/ComputerOutlined';
import SmartphoneOutlined from '@mui/icons-material/SmartphoneOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDateTimeFormat } from '../../../lib/format/date-time';
import { FormAlert } from '../../../components/forms/form-alert';
import { SectionCard } from '../../../components/page/section-card';
import { translateMessage } from '../../../lib/forms/messages';
import { failureMessage } from '../../../lib/forms/report-error';
import { notify } from '../../../lib/notifications';
import { revokeOtherSessions, revokeSession, sessionsQueryOptions } from '../api/account-api';
import { deviceParts, isMobileSystem } from '../user-agent';
import { ListRow } from '../../../components/page/list-row';

/** Signs sessions out, says so, and reloads the list; a failure is a notification. */
function useRevoke<Variables>(revoke: (variables: Variables) => Promise<void>, done: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revoke,
    onSuccess: async () => {
      notify({ type: 'success', message: done });
      await queryClient.invalidateQueries(sessionsQueryOptions());
    },
    onError: async (error) => {
      notify({ type: 'error', message: translateMessage(await failureMessage(error)) ?? '' });
    },
  });
}

function SessionRow({
  session,
  onRevoke,
  revoking,
}: {
  session: Session;
  onRevoke: () => void;
  revoking: boolean;
}) {
  const { t } = useTranslation('account');
  const { browser, system } = deviceParts(session.userAgent);
  const Icon = isMobileSystem(system) ? SmartphoneOutlined : ComputerOutlined;
  const dates = useDateTimeFormat();
  const device = browser
    ? system
      ? t('security.sessions.device', { browser, system })
      : browser
    : t('security.sessions.unknownDevice');
  return (
    <ListRow
      testId="session"
      icon={Icon}
      highlighted={session.current}
      title={device}
      badges={
        session.current && (
          <Chip size="small" color="primary" label={t('security.sessions.thisDevice')} />
        )
      }
      details={[
        session.ip && t('security.sessions.ip', { ip: session.ip }),
        t('security.sessions.lastUsed', { date: dates.dateTime(session.lastUsedAt) }),
        t('security.sessions.created', { date: dates.dateTime(session.createdAt) }),
      ]
        .filter(Boolean)
        .join(' · ')}
      actions={
        !session.current && (
          <Button
            variant="outlined"
            color="inherit"
            size="small"
            loading={revoking}
            onClick={onRevoke}
            aria-label={t('security.sessions.revokeDevice', { device })}
            sx={{ flexShrink: 0 }}
          >
            {t('security.sessions.revoke')}
          </Button>
        )
      }
    />
  );
}

/**
 * Where the account is signed in (spec/api.md: `GET /account/sessions`): device, address,
 * created and last used, this device marked; each other one can be signed out, or all at once.
 */
export function SessionsList() {
  const { t } = useTranslation('account');
  const sessions = useQuery(sessionsQueryOptions());
  const revokeOne = useRevoke(revokeSession, t('security.sessions.revoked'));
  const revokeOthers = useRevoke(revokeOtherSessions, t('security.sessions.revokedOthers'));
  const others = (sessions.data ?? []).filter((session) => !session.current).length;

  return (
    <SectionCard
      title={t('security.sessions.title')}
      description={t('security.sessions.description')}
      action={
        <Button
          variant="outlined"
          color="error"
          disabled={others === 0}
          loading={revokeOthers.isPending}
          onClick={() => revokeOthers.mutate()}
        >
          {t('security.sessions.revokeOthers')}
        </Button>
      }
    >
      {sessions.isPending && (
        <Stack spacing={1.5}>
          <Skeleton variant="rounded" height={48} />
          <Skeleton variant="rounded" height={48} />
        </Stack>
      )}
      {sessions.isError && <FormAlert>{t('security.sessions.loadFailed')}</FormAlert>}
      {sessions.data && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, mt: -2, mb: -2 }}>
          {sessions.data.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              revoking={revokeOne.isPending && revokeOne.variables === session.id}
              onRevoke={() => revokeOne.mutate(session.id)}
            />
          ))}
        </Box>
      )}
    </SectionCard>
  );
}
