import { hasFeature, type Registration, type RegistrationField } from '@livent/shared';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
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
import { ButtonLink } from '../../../components/links/button-link';
import { EmptyState } from '../../../components/page/empty-state';
import { usePlanAllowance } from '../../../lib/auth/use-plan-allowance';
import { copyWithNotice } from '../../../lib/clipboard';
import { translateMessage } from '../../../lib/forms/messages';
import { failureMessage } from '../../../lib/forms/report-error';
import { notify } from '../../../lib/notifications';
import {
  registrationsQueryOptions,
  useDeleteRegistration,
  useExportRegistrations,
} from '../api/registrations-api';

type Sort = 'createdAt' | 'name' | 'email';

const reportFailure = async (error: unknown) =>
  notify({ type: 'error', message: translateMessage(await failureMessage(error)) ?? '' });

/**
 * Who registered for an event (docs/product-spec.md section 2, access/registrationlist; ADR 026):
 * paged, sorted and searched on the server, so that 100,000 rows stay fluent; the event's
 * additional fields are columns.
 */
export function RegistrationList({
  eventId,
  fields,
}: {
  eventId: string;
  fields: readonly RegistrationField[];
}) {
  const { t } = useTranslation(['registrations', 'lists']);
  const table = useServerTable<Sort>({ sort: 'createdAt', order: 'desc' });
  const { page, pageSize, sort, order, q } = table.query;
  // The server sorts the date both ways (newest, oldest) and the texts alphabetically.
  const serverSort = sort === 'createdAt' ? (order === 'asc' ? 'oldest' : 'newest') : sort;
  const { data, isError, isPlaceholderData } = useQuery(
    registrationsQueryOptions(eventId, { page, pageSize, sort: serverSort, q }),
  );
  const wholeTotal = useWholeTotal(table.narrowed, data, isPlaceholderData);
  // Mails to either list need the plan's one mail feature (ADR 026).
  const canSend = hasFeature(usePlanAllowance(), 'INVITATION_EMAILS');
  const remove = useDeleteRegistration(eventId);
  const exportCsv = useExportRegistrations(eventId);

  const copyLink = (registration: Registration) =>
    copyWithNotice(registration.personalLink, {
      copied: t('list.copied'),
      failed: t('list.copyFailed'),
    });
  const attendance = useAttendanceDetail<Registration>('registeredAt');
  const attendanceColumns = useAttendanceColumns<Registration, Sort>();
  const rowActions = useRowActions<Registration>(
    [
      attendance.action,
      {
        id: 'delete',
        icon: DeleteOutlined,
        title: t('list.delete'),
        label: (registration) => t('list.deleteOf', { name: registration.name }),
        confirm: (registration) => ({
          title: t('delete.title'),
          message: t('delete.text', { name: registration.name }),
          confirmLabel: t('delete.confirm'),
          destructive: true,
        }),
        run: async (registration) => {
          await remove.mutateAsync(registration.id);
          notify({ type: 'success', message: t('delete.done', { name: registration.name }) });
        },
      },
    ],
    { rowKey: (registration) => registration.id, onError: reportFailure },
  );
  const dates = useDateTimeFormat();

  const columns: TableColumn<Registration, Sort>[] = [
    {
      id: 'createdAt',
      header: t('fields.createdAt'),
      sort: 'createdAt',
      directions: ['desc', 'asc'],
      nowrap: true,
      cell: (registration) => dates.dateTime(registration.createdAt),
    },
    {
      id: 'name',
      header: t('fields.name'),
      sort: 'name',
      directions: ['asc'],
      cell: (registration) => registration.name,
    },
    {
      id: 'email',
      header: t('fields.email'),
      sort: 'email',
      directions: ['asc'],
      cell: (registration) => (
        <>
          {registration.email}
          {!registration.verified && (
            <Typography
              component="span"
              variant="body2"
              sx={{ display: 'block', color: 'text.secondary' }}
            >
              {t('list.notVerified')}
            </Typography>
          )}
        </>
      ),
    },
    ...fields.map((field): TableColumn<Registration, Sort> => ({
      id: `field-${field.name}`,
      header: field.label,
      cell: (registration) => registration.fields[field.name] ?? '',
    })),
    ...attendanceColumns,
    {
      id: 'personalLink',
      header: t('fields.personalLink'),
      cell: (registration) => (
        <Tooltip title={registration.personalLink}>
          <Button
            size="small"
            startIcon={<ContentCopyOutlined fontSize="small" />}
            onClick={() => void copyLink(registration)}
            aria-label={t('list.copyLinkOf', { name: registration.name })}
          >
            {t('list.copyLink')}
          </Button>
        </Tooltip>
      ),
    },
    {
      id: 'mailStatus',
      header: t('fields.mailStatus'),
      cell: (registration) => <MailStatusChip status={registration.mailStatus} />,
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
        rowKey={(registration) => registration.id}
        isError={isError}
        namespace="registrations"
        onExport={() => exportCsv.mutate(q, { onError: reportFailure })}
        exporting={exportCsv.isPending}
        actions={
          <SendMailsButton
            eventId={eventId}
            list="registrations"
            total={wholeTotal ?? data?.total ?? 0}
            canSend={canSend}
          />
        }
        empty={
          <EmptyState icon={HowToRegOutlined} title={t('empty.title')} text={t('empty.text')}>
            <ButtonLink
              variant="contained"
              to="/events/$eventid/access/settings"
              params={{ eventid: eventId }}
            >
              {t('empty.settings')}
            </ButtonLink>
          </EmptyState>
        }
      />
      {rowActions.dialog}
      {attendance.dialog}
    </>
  );
}
