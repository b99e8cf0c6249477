import { hasFeature, type Invitation, type InvitationSort } from '@livent/shared';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateTimeFormat } from '../../../lib/format/date-time';
import {
  useAttendanceColumns,
  useAttendanceDetail,
} from '../../../components/attendance/attendance';
import type { TableColumn } from '../../../components/data-table/data-table';
import { actionsColumn, useRowActions } from '../../../components/data-table/row-actions';
import { ServerTable } from '../../../components/data-table/server-table';
import { MailStatusChip } from '../../../components/access-mails/mail-status-chip';
import { SendMailsButton } from '../../../components/access-mails/send-mails-dialog';
import { useServerTable, useWholeTotal } from '../../../components/data-table/use-server-table';
import { EmptyState } from '../../../components/page/empty-state';
import { usePlanAllowance } from '../../../lib/auth/use-plan-allowance';
import { copyWithNotice } from '../../../lib/clipboard';
import { translateMessage } from '../../../lib/forms/messages';
import { failureMessage } from '../../../lib/forms/report-error';
import { notify } from '../../../lib/notifications';
import {
  invitationsQueryOptions,
  useDeleteInvitation,
  useExportInvitations,
  useUpdateInvitation,
} from '../api/invitations-api';
import { ImportButton, ImportDialog } from './import-dialog';
import { InvitationDialog } from './invitation-dialog';

const reportFailure = async (error: unknown) =>
  notify({ type: 'error', message: translateMessage(await failureMessage(error)) ?? '' });

function PasswordCell({ password }: { password: string }) {
  const { t } = useTranslation('invitations');
  const [shown, setShown] = useState(false);
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
      <Box component="span" sx={{ fontFamily: 'monospace' }}>
        {shown ? password : '••••••••'}
      </Box>
      <IconButton
        size="small"
        aria-label={shown ? t('list.hidePassword') : t('list.showPassword')}
        aria-pressed={shown}
        onClick={() => setShown((value) => !value)}
      >
        {shown ? (
          <VisibilityOffOutlined fontSize="small" />
        ) : (
          <VisibilityOutlined fontSize="small" />
        )}
      </IconButton>
    </Stack>
  );
}

/**
 * The invitations of an event (docs/product-spec.md section 2, access/invitationlist; ADR 026):
 * paged, sorted and searched on the server, so that 100,000 rows stay fluent.
 */
export function InvitationList({ eventId }: { eventId: string }) {
  const { t } = useTranslation(['invitations', 'lists']);
  const table = useServerTable<InvitationSort>({ sort: 'createdAt', order: 'desc' });
  const { page, pageSize, sort, order, q } = table.query;
  const [editing, setEditing] = useState<Invitation | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [importing, setImporting] = useState(false);
  const { data, isError, isPlaceholderData } = useQuery(
    invitationsQueryOptions(eventId, { page, pageSize, sort, order, q }),
  );
  const wholeTotal = useWholeTotal(table.narrowed, data, isPlaceholderData);
  const canSend = hasFeature(usePlanAllowance(), 'INVITATION_EMAILS');
  const remove = useDeleteInvitation(eventId);
  const update = useUpdateInvitation(eventId);
  const exportCsv = useExportInvitations(eventId);

  const openDialog = (invitation: Invitation | null) => {
    setEditing(invitation);
    setDialogOpen(true);
  };
  const copyLink = (invitation: Invitation) =>
    copyWithNotice(invitation.personalLink, {
      copied: t('list.copied'),
      failed: t('list.copyFailed'),
    });
  const attendance = useAttendanceDetail<Invitation>('invitedAt');
  const attendanceColumns = useAttendanceColumns<Invitation, InvitationSort>();
  const rowActions = useRowActions<Invitation>(
    [
      attendance.action,
      {
        id: 'edit',
        icon: EditOutlined,
        title: t('list.edit'),
        label: (invitation) => t('list.editOf', { name: invitation.name }),
        run: (invitation) => openDialog(invitation),
      },
      {
        id: 'renewLink',
        icon: LinkOutlined,
        title: t('list.renewLink'),
        label: (invitation) => t('list.renewLinkOf', { name: invitation.name }),
        run: async (invitation) => {
          await update.mutateAsync({ id: invitation.id, patch: { renewPersonalLink: true } });
          notify({ type: 'success', message: t('list.linkRenewed') });
        },
      },
      {
        id: 'delete',
        icon: DeleteOutlined,
        title: t('list.delete'),
        label: (invitation) => t('list.deleteOf', { name: invitation.name }),
        confirm: (invitation) => ({
          title: t('delete.title'),
          message: t('delete.text', { name: invitation.name }),
          confirmLabel: t('delete.confirm'),
          destructive: true,
        }),
        run: async (invitation) => {
          await remove.mutateAsync(invitation.id);
          notify({ type: 'success', message: t('delete.done', { name: invitation.name }) });
        },
      },
    ],
    { rowKey: (invitation) => invitation.id, onError: reportFailure },
  );
  const dates = useDateTimeFormat();

  const columns: TableColumn<Invitation, InvitationSort>[] = [
    {
      id: 'createdAt',
      header: t('fields.createdAt'),
      sort: 'createdAt',
      nowrap: true,
      cell: (invitation) => (
        <Tooltip title={dates.dateTime(invitation.createdAt)}>
          <span>{dates.date(invitation.createdAt)}</span>
        </Tooltip>
      ),
    },
    {
      id: 'name',
      header: t('fields.name'),
      sort: 'name',
      nowrap: true,
      cell: (invitation) => invitation.name,
    },
    {
      id: 'email',
      header: t('fields.email'),
      sort: 'email',
      // The username only where it is not the email (its default): one column less to scroll.
      cell: (invitation) => (
        <>
          {invitation.email}
          {invitation.username.toLowerCase() !== invitation.email.toLowerCase() && (
            <Typography
              component="span"
              variant="body2"
              sx={{ display: 'block', color: 'text.secondary' }}
            >
              {t('list.usernameOf', { username: invitation.username })}
            </Typography>
          )}
        </>
      ),
    },
    ...attendanceColumns,
    {
      id: 'password',
      header: t('fields.password'),
      cell: (invitation) => <PasswordCell password={invitation.password} />,
    },
    {
      id: 'personalLink',
      header: t('fields.personalLink'),
      cell: (invitation) => (
        <Tooltip title={invitation.personalLink}>
          <IconButton
            size="small"
            onClick={() => void copyLink(invitation)}
            aria-label={t('list.copyLinkOf', { name: invitation.name })}
          >
            <ContentCopyOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    },
    {
      id: 'logins',
      header: t('fields.logins'),
      sort: 'logins',
      align: 'right',
      cell: (invitation) => invitation.logins,
    },
    {
      id: 'mailStatus',
      header: t('fields.mailStatus'),
      cell: (invitation) => <MailStatusChip status={invitation.mailStatus} />,
    },
    actionsColumn(t('lists:actions'), rowActions.render),
  ];

  return (
    <>
      <ServerTable
        table={table}
        columns={columns}
        rows={data?.results}
        total={data?.total}
        rowKey={(invitation) => invitation.id}
        isError={isError}
        namespace="invitations"
        onExport={() => exportCsv.mutate({ sort, order, q }, { onError: reportFailure })}
        exporting={exportCsv.isPending}
        actions={
          <>
            <ImportButton onClick={() => setImporting(true)} />
            <SendMailsButton
              eventId={eventId}
              list="invitations"
              total={wholeTotal ?? data?.total ?? 0}
              canSend={canSend}
            />
            <Button
              variant="contained"
              startIcon={<AddOutlined />}
              onClick={() => openDialog(null)}
            >
              {t('list.add')}
            </Button>
          </>
        }
        empty={
          <EmptyState icon={ForwardToInboxOutlined} title={t('empty.title')} text={t('empty.text')}>
            <ImportButton sx={{ mr: 1 }} onClick={() => setImporting(true)} />
            <Button
              variant="contained"
              startIcon={<AddOutlined />}
              onClick={() => openDialog(null)}
            >
              {t('list.add')}
            </Button>
          </EmptyState>
        }
      />
      <ImportDialog eventId={eventId} open={importing} onClose={() => setImporting(false)} />
      <InvitationDialog
        eventId={eventId}
        invitation={editing}
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
      />
      {rowActions.dialog}
      {attendance.dialog}
    </>
  );
}
