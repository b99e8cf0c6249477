import GroupOutlined from '@mui/icons-material/GroupOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';
import type { Permission } from '@livent/shared';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useRowActions } from '../../../components/data-table/row-actions';
import { ListRow } from '../../../components/page/list-row';
import { SectionCard } from '../../../components/page/section-card';
import { notify } from '../../../lib/notifications';
import {
  useAcceptPermission,
  useRejectPermission,
  useRemovePermission,
} from '../api/permissions-api';
import { formatDate } from '../format';
import { reportFailure } from '../report-failure';
import { EventLink, PermissionBadges } from './permission-parts';

const isPending = (permission: Permission) => permission.status === 'pending';

/**
 * "Shared with you": invitations to accept or reject, and the events shared with this account,
 * which it may leave after confirming.
 */
export function ReceivedPermissions({
  received,
  timeZone,
}: {
  received: readonly Permission[];
  timeZone: string | undefined;
}) {
  const { t, i18n } = useTranslation('permissions');
  const accept = useAcceptPermission();
  const reject = useRejectPermission();
  const remove = useRemovePermission();
  const texts = (permission: Permission) => ({ event: permission.eventTitle });
  const actions = useRowActions<Permission>(
    [
      {
        id: 'accept',
        title: t('received.accept'),
        label: (permission) => t('received.acceptOf', texts(permission)),
        variant: 'contained',
        shown: isPending,
        run: async (permission) => {
          await accept.mutateAsync(permission);
          notify({ type: 'success', message: t('received.accepted', texts(permission)) });
        },
      },
      {
        id: 'reject',
        title: t('received.reject'),
        label: (permission) => t('received.rejectOf', texts(permission)),
        color: 'inherit',
        shown: isPending,
        run: async (permission) => {
          await reject.mutateAsync(permission);
          notify({ type: 'success', message: t('received.rejected') });
        },
      },
      {
        id: 'leave',
        title: t('received.leave'),
        label: (permission) => t('received.leaveOf', texts(permission)),
        variant: 'outlined',
        color: 'error',
        size: 'small',
        shown: (permission) => !isPending(permission),
        confirm: (permission) => ({
          title: t('received.confirmTitle'),
          message: t('received.confirmText', {
            name: permission.user.name,
            event: permission.eventTitle,
          }),
          confirmLabel: t('received.leave'),
          destructive: true,
        }),
        run: async (permission) => {
          await remove.mutateAsync({ permission, left: true });
          notify({ type: 'success', message: t('received.left') });
        },
      },
    ],
    { rowKey: (permission) => permission.id, onError: reportFailure },
  );

  return (
    <SectionCard title={t('received.title')}>
      {received.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('received.empty')}</Typography>
      ) : (
        <Stack
          component="ul"
          aria-label={t('received.label')}
          sx={{ listStyle: 'none', m: 0, p: 0 }}
        >
          {received.map((permission) => (
            <ListRow
              key={permission.id}
              testId="received-permission"
              icon={isPending(permission) ? MailOutlined : GroupOutlined}
              highlighted={isPending(permission)}
              title={
                isPending(permission) ? (
                  permission.eventTitle
                ) : (
                  <EventLink permission={permission} />
                )
              }
              badges={<PermissionBadges permission={permission} />}
              details={
                isPending(permission)
                  ? t('received.invites', { name: permission.user.name })
                  : `${t('roles.owner')}: ${permission.user.name} (${permission.user.email}) · ${formatDate(permission.acceptedAt ?? permission.createdAt, i18n.language, timeZone)}`
              }
              actions={actions.render(permission)}
            />
          ))}
        </Stack>
      )}
      {actions.dialog}
    </SectionCard>
  );
}
