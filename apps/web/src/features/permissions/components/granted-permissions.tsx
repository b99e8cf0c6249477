import ShareOutlined from '@mui/icons-material/ShareOutlined';
import type { Permission } from '@livent/shared';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { DataTable, type TableColumn } from '../../../components/data-table/data-table';
import { actionsColumn, useRowActions } from '../../../components/data-table/row-actions';
import { ListRow } from '../../../components/page/list-row';
import { notify } from '../../../lib/notifications';
import { useRemovePermission } from '../api/permissions-api';
import { formatDate } from '../format';
import { reportFailure } from '../report-failure';
import { EventLink, PermissionBadges, StatusChip } from './permission-parts';

/**
 * "Shared by you": event, person, role, status, date and Revoke; a table on wide screens,
 * one card per permission on phones, where six columns do not fit. Both take the row's action
 * from one declaration (ADR 040).
 */
export function GrantedPermissions({
  permissions,
  timeZone,
}: {
  permissions: readonly Permission[];
  timeZone: string | undefined;
}) {
  const { t, i18n } = useTranslation('permissions');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const remove = useRemovePermission();
  const date = (permission: Permission) =>
    formatDate(permission.createdAt, i18n.language, timeZone);
  const actions = useRowActions<Permission>(
    [
      {
        id: 'revoke',
        title: t('granted.revoke'),
        label: (permission) =>
          t('granted.revokeOf', { name: permission.user.name, event: permission.eventTitle }),
        variant: 'outlined',
        color: 'error',
        size: 'small',
        confirm: (permission) => {
          const texts = { name: permission.user.name, event: permission.eventTitle };
          return {
            title: t('granted.confirmTitle'),
            message:
              permission.status === 'pending'
                ? t('granted.confirmTextPending', texts)
                : t('granted.confirmText', texts),
            confirmLabel: t('granted.revoke'),
            destructive: true,
          };
        },
        run: async (permission) => {
          await remove.mutateAsync({ permission, left: false });
          notify({ type: 'success', message: t('granted.revoked') });
        },
      },
    ],
    { rowKey: (permission) => permission.id, onError: reportFailure },
  );

  const columns: TableColumn<Permission>[] = [
    {
      id: 'event',
      header: t('columns.event'),
      cell: (permission) => <EventLink permission={permission} />,
    },
    {
      id: 'person',
      header: t('columns.person'),
      cell: (permission) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {permission.user.name}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', wordBreak: 'break-all' }}>
            {permission.user.email}
          </Typography>
        </>
      ),
    },
    { id: 'role', header: t('columns.role'), cell: (permission) => t(`roles.${permission.role}`) },
    {
      id: 'status',
      header: t('columns.status'),
      cell: (permission) => <StatusChip status={permission.status} />,
    },
    { id: 'created', header: t('columns.created'), nowrap: true, cell: date },
    actionsColumn(t('columns.actions'), actions.render),
  ];

  return (
    <>
      {phone ? (
        <Paper variant="outlined" sx={{ px: 2 }}>
          <Stack
            component="ul"
            aria-label={t('granted.label')}
            sx={{ listStyle: 'none', m: 0, p: 0 }}
          >
            {permissions.map((permission) => (
              <ListRow
                key={permission.id}
                testId="granted-permission"
                icon={ShareOutlined}
                highlighted={permission.status === 'accepted'}
                title={<EventLink permission={permission} />}
                badges={<PermissionBadges permission={permission} />}
                details={`${permission.user.name} · ${permission.user.email} · ${date(permission)}`}
                actions={actions.render(permission)}
              />
            ))}
          </Stack>
        </Paper>
      ) : (
        <DataTable
          label={t('granted.label')}
          columns={columns}
          rows={permissions}
          rowKey={(permission) => permission.id}
          rowTestId="granted-permission"
          outlined
        />
      )}
      {actions.dialog}
    </>
  );
}
