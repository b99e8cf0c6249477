import type { EnterpriseEvent, EnterpriseMember } from '@livent/shared';
import EventOutlined from '@mui/icons-material/EventOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TableColumn } from '../../../components/data-table/data-table';
import { ServerTable } from '../../../components/data-table/server-table';
import { useServerTable } from '../../../components/data-table/use-server-table';
import { EmptyState } from '../../../components/page/empty-state';
import { exactTime, relativeTime } from '../../../lib/format/time';
import { enterpriseQueryOptions } from '../api/enterprise-api';

/**
 * The enterprise overview (docs/product-spec.md sections 2 and 3, "Enterprise"): the events of
 * the admin and the members (created, title, owner) and the members (name, company, email, event
 * count), two tables paged and searched on the server, each on its own.
 */
export function EnterpriseOverview({ timeZone }: { timeZone: string }) {
  const { t, i18n } = useTranslation(['enterprise', 'enterpriseMembers']);
  // Neither table sorts: events newest first, members by name (the server's order).
  const events = useServerTable<'createdAt'>({ sort: 'createdAt', order: 'desc', pageSize: 10 });
  const members = useServerTable<'name'>({ sort: 'name', order: 'asc', pageSize: 10 });
  const pageOf = ({ page, pageSize, q }: { page: number; pageSize: number; q: string }) => ({
    page,
    pageSize,
    q,
  });
  const { data, isError } = useQuery(
    enterpriseQueryOptions(pageOf(events.query), pageOf(members.query)),
  );

  const eventColumns: TableColumn<EnterpriseEvent, 'createdAt'>[] = [
    {
      id: 'created',
      header: t('fields.created'),
      nowrap: true,
      cell: (event) => (
        <Tooltip title={exactTime(event.createdAt, i18n.language, timeZone)}>
          <time dateTime={event.createdAt}>{relativeTime(event.createdAt, i18n.language)}</time>
        </Tooltip>
      ),
    },
    { id: 'title', header: t('fields.title'), cell: (event) => event.title },
    {
      id: 'owner',
      header: t('fields.owner'),
      cell: (event) => (
        <>
          {event.ownerName}
          <Typography component="div" variant="caption" sx={{ color: 'text.secondary' }}>
            {event.ownerEmail}
          </Typography>
        </>
      ),
    },
  ];
  const memberColumns: TableColumn<EnterpriseMember, 'name'>[] = [
    { id: 'name', header: t('enterpriseMembers:fields.name'), cell: (member) => member.name },
    {
      id: 'company',
      header: t('enterpriseMembers:fields.company'),
      cell: (member) => member.company ?? '',
    },
    { id: 'email', header: t('enterpriseMembers:fields.email'), cell: (member) => member.email },
    {
      id: 'events',
      header: t('enterpriseMembers:fields.eventCount'),
      align: 'right',
      cell: (member) => member.eventCount.toLocaleString(i18n.language),
    },
  ];

  return (
    <Stack spacing={4}>
      <section aria-labelledby="enterprise-events">
        <Typography id="enterprise-events" variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {t('headings.events')}
        </Typography>
        <ServerTable
          table={events}
          columns={eventColumns}
          rows={data?.events.results}
          total={data?.events.total}
          rowKey={(event) => event.id}
          isError={isError}
          namespace="enterprise"
          empty={
            <EmptyState icon={EventOutlined} title={t('empty.title')} text={t('empty.text')} />
          }
        />
      </section>
      <section aria-labelledby="enterprise-members">
        <Typography id="enterprise-members" variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {t('headings.members')}
        </Typography>
        <ServerTable
          table={members}
          columns={memberColumns}
          rows={data?.members.results}
          total={data?.members.total}
          rowKey={(member) => member.id}
          isError={isError}
          namespace="enterpriseMembers"
          empty={
            <EmptyState
              icon={GroupOutlined}
              title={t('enterpriseMembers:empty.title')}
              text={t('enterpriseMembers:empty.text')}
            />
          }
        />
      </section>
    </Stack>
  );
}
