import GroupOutlined from '@mui/icons-material/GroupOutlined';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import type { OwnerChange, Permission } from '@livent/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { FormAlert } from '../../../components/forms/form-alert';
import { TextLink } from '../../../components/links/text-link';
import { EmptyState } from '../../../components/page/empty-state';
import { ListRow } from '../../../components/page/list-row';
import { SectionCard } from '../../../components/page/section-card';
import { notify } from '../../../lib/notifications';
import {
  permissionsQueryOptions,
  useAcceptOwnerChange,
  useAcceptPermission,
  useCancelOwnerChange,
  useRejectOwnerChange,
  useRejectPermission,
  useRemovePermission,
} from '../api/permissions-api';
import { formatDate } from '../format';
import { reportFailure } from '../report-failure';
import { ShareForm, type OwnEvent } from './share-form';

/** Loading and failure of the list, with a retry (the page has nothing to show without it). */
export function LoadState({ isError, onRetry }: { isError: boolean; onRetry: () => void }) {
  const { t } = useTranslation('permissions');
  if (isError) {
    return (
      <FormAlert
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('retry')}
          </Button>
        }
      >
        {t('loadFailed')}
      </FormAlert>
    );
  }
  return (
    <Typography role="status" sx={{ color: 'text.secondary' }}>
      {t('loading')}
    </Typography>
  );
}

function StatusChip({ status }: { status: Permission['status'] }) {
  const { t } = useTranslation('permissions');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={status === 'accepted' ? 'success' : 'warning'}
      label={t(`statuses.${status}`)}
    />
  );
}

function EventLink({ permission }: { permission: Pick<Permission, 'eventId' | 'eventTitle'> }) {
  return (
    <TextLink
      to="/events/$eventid"
      params={{ eventid: permission.eventId }}
      underline="hover"
      sx={{ fontWeight: 600, color: 'text.primary' }}
    >
      {permission.eventTitle}
    </TextLink>
  );
}

/**
 * "Shared by you": event, person, role, status, date and Revoke; a table on wide screens,
 * one card per permission on phones, where six columns do not fit.
 */
export function GrantedPermissions({
  permissions,
  timeZone,
  onRevoke,
}: {
  permissions: readonly Permission[];
  timeZone: string | undefined;
  onRevoke: (permission: Permission) => void;
}) {
  const { t, i18n } = useTranslation('permissions');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const date = (permission: Permission) =>
    formatDate(permission.createdAt, i18n.language, timeZone);
  const revoke = (permission: Permission) => (
    <Button
      size="small"
      color="error"
      variant="outlined"
      onClick={() => onRevoke(permission)}
      aria-label={t('granted.revokeOf', {
        name: permission.user.name,
        event: permission.eventTitle,
      })}
      sx={{ flexShrink: 0 }}
    >
      {t('granted.revoke')}
    </Button>
  );

  if (phone) {
    return (
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
              badges={
                <>
                  <Chip size="small" label={t(`roles.${permission.role}`)} />
                  <StatusChip status={permission.status} />
                </>
              }
              details={`${permission.user.name} · ${permission.user.email} · ${date(permission)}`}
              actions={revoke(permission)}
            />
          ))}
        </Stack>
      </Paper>
    );
  }

  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label={t('granted.label')} size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('columns.event')}</TableCell>
            <TableCell>{t('columns.person')}</TableCell>
            <TableCell>{t('columns.role')}</TableCell>
            <TableCell>{t('columns.status')}</TableCell>
            <TableCell>{t('columns.created')}</TableCell>
            <TableCell align="right">{t('columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {permissions.map((permission) => (
            <TableRow key={permission.id} data-testid="granted-permission">
              <TableCell>
                <EventLink permission={permission} />
              </TableCell>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {permission.user.name}
                </Typography>
                <Typography
                  variant="body2"
                  sx={{ color: 'text.secondary', wordBreak: 'break-all' }}
                >
                  {permission.user.email}
                </Typography>
              </TableCell>
              <TableCell>{t(`roles.${permission.role}`)}</TableCell>
              <TableCell>
                <StatusChip status={permission.status} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{date(permission)}</TableCell>
              <TableCell align="right">{revoke(permission)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

type Confirming =
  | { kind: 'revoke'; permission: Permission }
  | { kind: 'leave'; permission: Permission }
  | { kind: 'takeOver'; change: OwnerChange };

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
  const { t, i18n } = useTranslation('permissions');
  const list = useQuery(permissionsQueryOptions());
  const accept = useAcceptPermission();
  const reject = useRejectPermission();
  const remove = useRemovePermission();
  const acceptChange = useAcceptOwnerChange();
  const rejectChange = useRejectOwnerChange();
  const cancelChange = useCancelOwnerChange();
  // The dialog keeps its texts while it fades out; `open` alone closes it.
  const [confirming, setConfirmingState] = useState<Confirming>();
  const [dialogOpen, setDialogOpen] = useState(false);
  const setConfirming = (next: Confirming) => {
    setConfirmingState(next);
    setDialogOpen(true);
  };
  const grantedHeadingId = useId();

  if (!list.data) {
    return <LoadState isError={list.isError} onRetry={() => void list.refetch()} />;
  }
  const { granted, received, ownerChanges } = list.data;
  const close = () => setDialogOpen(false);
  const busyWith = (pending: boolean, variables: unknown, item: { id: string }) =>
    pending && (variables as { id?: string } | undefined)?.id === item.id;

  const confirmDialog = (() => {
    if (!confirming) return null;
    if (confirming.kind === 'takeOver') {
      const { change } = confirming;
      return {
        title: t('ownerChanges.confirmTitle', { event: change.eventTitle }),
        message: t('ownerChanges.confirmText', { name: change.from.name }),
        label: t('ownerChanges.accept'),
        busy: acceptChange.isPending,
        destructive: false,
        run: () =>
          acceptChange.mutate(change, {
            onSuccess: () => {
              close();
              notify({
                type: 'success',
                message: t('ownerChanges.accepted', { event: change.eventTitle }),
              });
            },
            onError: reportFailure,
          }),
      };
    }
    const { permission, kind } = confirming;
    const texts = { name: permission.user.name, event: permission.eventTitle };
    return {
      title: t(kind === 'revoke' ? 'granted.confirmTitle' : 'received.confirmTitle'),
      message:
        kind === 'leave'
          ? t('received.confirmText', texts)
          : permission.status === 'pending'
            ? t('granted.confirmTextPending', texts)
            : t('granted.confirmText', texts),
      label: t(kind === 'revoke' ? 'granted.revoke' : 'received.leave'),
      busy: remove.isPending,
      destructive: true,
      run: () =>
        remove.mutate(
          { permission, left: kind === 'leave' },
          {
            onSuccess: () => {
              close();
              notify({
                type: 'success',
                message: t(kind === 'revoke' ? 'granted.revoked' : 'received.left'),
              });
            },
            onError: reportFailure,
          },
        ),
    };
  })();

  return (
    <Stack spacing={3}>
      {ownerChanges.received.length > 0 && (
        <SectionCard title={t('ownerChanges.receivedTitle')}>
          <Stack
            component="ul"
            aria-label={t('ownerChanges.receivedLabel')}
            sx={{ listStyle: 'none', m: 0, p: 0 }}
          >
            {ownerChanges.received.map((change) => (
              <ListRow
                key={change.id}
                testId="owner-change-received"
                icon={HandshakeOutlined}
                highlighted
                title={change.eventTitle}
                details={
                  <>
                    {t('ownerChanges.offer', { name: change.from.name, email: change.from.email })}{' '}
                    {t('ownerChanges.explain', { name: change.from.name })}
                  </>
                }
                actions={
                  <Stack direction="row" sx={{ gap: 1, flexShrink: 0 }}>
                    <Button
                      variant="contained"
                      onClick={() => setConfirming({ kind: 'takeOver', change })}
                      aria-label={t('ownerChanges.acceptOf', { event: change.eventTitle })}
                    >
                      {t('ownerChanges.accept')}
                    </Button>
                    <Button
                      color="inherit"
                      loading={busyWith(rejectChange.isPending, rejectChange.variables, change)}
                      onClick={() =>
                        rejectChange.mutate(change, {
                          onSuccess: () =>
                            notify({ type: 'success', message: t('ownerChanges.rejected') }),
                          onError: reportFailure,
                        })
                      }
                      aria-label={t('ownerChanges.rejectOf', { event: change.eventTitle })}
                    >
                      {t('ownerChanges.reject')}
                    </Button>
                  </Stack>
                }
              />
            ))}
          </Stack>
        </SectionCard>
      )}

      <SectionCard title={t('received.title')}>
        {received.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>{t('received.empty')}</Typography>
        ) : (
          <Stack
            component="ul"
            aria-label={t('received.label')}
            sx={{ listStyle: 'none', m: 0, p: 0 }}
          >
            {received.map((permission) => {
              const pending = permission.status === 'pending';
              const texts = { event: permission.eventTitle };
              return (
                <ListRow
                  key={permission.id}
                  testId="received-permission"
                  icon={pending ? MailOutlined : GroupOutlined}
                  highlighted={pending}
                  title={pending ? permission.eventTitle : <EventLink permission={permission} />}
                  badges={
                    <>
                      <Chip size="small" label={t(`roles.${permission.role}`)} />
                      <StatusChip status={permission.status} />
                    </>
                  }
                  details={
                    pending
                      ? t('received.invites', { name: permission.user.name })
                      : `${t('roles.owner')}: ${permission.user.name} (${permission.user.email}) · ${formatDate(permission.acceptedAt ?? permission.createdAt, i18n.language, timeZone)}`
                  }
                  actions={
                    pending ? (
                      <Stack direction="row" sx={{ gap: 1, flexShrink: 0 }}>
                        <Button
                          variant="contained"
                          loading={busyWith(accept.isPending, accept.variables, permission)}
                          onClick={() =>
                            accept.mutate(permission, {
                              onSuccess: () =>
                                notify({
                                  type: 'success',
                                  message: t('received.accepted', texts),
                                }),
                              onError: reportFailure,
                            })
                          }
                          aria-label={t('received.acceptOf', texts)}
                        >
                          {t('received.accept')}
                        </Button>
                        <Button
                          color="inherit"
                          loading={busyWith(reject.isPending, reject.variables, permission)}
                          onClick={() =>
                            reject.mutate(permission, {
                              onSuccess: () =>
                                notify({ type: 'success', message: t('received.rejected') }),
                              onError: reportFailure,
                            })
                          }
                          aria-label={t('received.rejectOf', texts)}
                        >
                          {t('received.reject')}
                        </Button>
                      </Stack>
                    ) : (
                      <Button
                        color="error"
                        variant="outlined"
                        size="small"
                        onClick={() => setConfirming({ kind: 'leave', permission })}
                        aria-label={t('received.leaveOf', texts)}
                        sx={{ flexShrink: 0 }}
                      >
                        {t('received.leave')}
                      </Button>
                    )
                  }
                />
              );
            })}
          </Stack>
        )}
      </SectionCard>

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
          <GrantedPermissions
            permissions={granted}
            timeZone={timeZone}
            onRevoke={(permission) => setConfirming({ kind: 'revoke', permission })}
          />
        )}
      </Box>

      {ownerChanges.sent.length > 0 && (
        <SectionCard title={t('ownerChanges.sentTitle')}>
          <Stack
            component="ul"
            aria-label={t('ownerChanges.sentLabel')}
            sx={{ listStyle: 'none', m: 0, p: 0 }}
          >
            {ownerChanges.sent.map((change) => (
              <ListRow
                key={change.id}
                testId="owner-change-sent"
                icon={HandshakeOutlined}
                highlighted={false}
                title={<EventLink permission={change} />}
                details={t('ownerChanges.waiting', {
                  name: change.to.name,
                  email: change.to.email,
                })}
                actions={
                  <Button
                    color="inherit"
                    variant="outlined"
                    size="small"
                    loading={busyWith(cancelChange.isPending, cancelChange.variables, change)}
                    onClick={() =>
                      cancelChange.mutate(change, {
                        onSuccess: () =>
                          notify({ type: 'success', message: t('ownerChanges.cancelled') }),
                        onError: reportFailure,
                      })
                    }
                    aria-label={t('ownerChanges.cancelOf', { event: change.eventTitle })}
                    sx={{ flexShrink: 0 }}
                  >
                    {t('ownerChanges.cancel')}
                  </Button>
                }
              />
            ))}
          </Stack>
        </SectionCard>
      )}

      <ConfirmDialog
        open={dialogOpen && confirmDialog !== null}
        title={confirmDialog?.title ?? ''}
        message={confirmDialog?.message ?? ''}
        confirmLabel={confirmDialog?.label ?? ''}
        destructive={confirmDialog?.destructive ?? false}
        busy={confirmDialog?.busy ?? false}
        onClose={close}
        onConfirm={() => confirmDialog?.run()}
      />
    </Stack>
  );
}
