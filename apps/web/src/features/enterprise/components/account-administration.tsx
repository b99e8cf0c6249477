import { ENTERPRISE_MESSAGES, enterpriseInviteSchema, hasFeature } from '@livent/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { SectionCard } from '../../../components/page/section-card';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth/use-auth';
import { translateMessage } from '../../../lib/forms/messages';
import { failureMessage } from '../../../lib/forms/report-error';
import { notify } from '../../../lib/notifications';
import {
  enterpriseQueryOptions,
  invitationsQueryOptions,
  membershipQueryOptions,
  useAcceptInvitation,
  useDeclineInvitation,
  useInvite,
  useLeaveEnterprise,
  useRemoveMember,
  useWithdrawInvitation,
} from '../api/enterprise-api';
import { TwoFactorRequirement } from './two-factor-requirement';

type MessageKey = keyof typeof ENTERPRISE_MESSAGES;
const MESSAGE_KEYS = Object.fromEntries(
  Object.entries(ENTERPRISE_MESSAGES).map(([key, text]) => [text, key as MessageKey]),
) as Record<string, MessageKey>;

/** The server's enterprise messages in the interface language; others as the app translates them. */
function useReportFailure() {
  const { t } = useTranslation('enterprise');
  return async (error: unknown) => {
    const key = error instanceof ApiError ? MESSAGE_KEYS[error.message] : undefined;
    const message = key
      ? t(`errors.${key}`)
      : (translateMessage(await failureMessage(error)) ?? '');
    notify({ type: 'error', message });
  };
}

/** All members at once: the administration lists them whole (the overview pages them). */
const ALL = { page: 1, pageSize: 100, q: '' };
const NO_EVENTS = { page: 1, pageSize: 1, q: '' };

function AdminSections() {
  const { t } = useTranslation('enterprise');
  const reportFailure = useReportFailure();
  const overview = useQuery(enterpriseQueryOptions(NO_EVENTS, ALL));
  const invitations = useQuery(invitationsQueryOptions(true));
  const invite = useInvite();
  const withdraw = useWithdrawInvitation();
  const remove = useRemoveMember();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string>();
  const [removing, setRemoving] = useState<{ id: string; name: string }>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = enterpriseInviteSchema.safeParse({ email });
    if (!parsed.success) {
      setEmailError(translateMessage(parsed.error.issues[0]?.message));
      return;
    }
    setEmailError(undefined);
    invite.mutate(parsed.data.email, {
      onSuccess: () => {
        setEmail('');
        notify({ type: 'success', message: t('admin.invited') });
      },
      onError: reportFailure,
    });
  };

  const members = overview.data?.members.results;
  const pending = invitations.data?.results;
  return (
    <Stack spacing={3}>
      <TwoFactorRequirement onError={reportFailure} />
      <SectionCard title={t('admin.invite.title')} description={t('admin.invite.text')}>
        <Stack
          component="form"
          noValidate
          onSubmit={submit}
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ gap: 1.5, alignItems: { sm: 'flex-start' } }}
        >
          <TextField
            size="small"
            type="email"
            label={t('admin.invite.email')}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={emailError !== undefined}
            helperText={emailError}
            sx={{ flex: { sm: '0 1 360px' } }}
          />
          <Button type="submit" variant="contained" loading={invite.isPending}>
            {t('admin.invite.submit')}
          </Button>
        </Stack>
      </SectionCard>

      <SectionCard title={t('admin.pending.title')}>
        {invitations.isError && <Alert severity="error">{t('admin.loadFailed')}</Alert>}
        {!pending && !invitations.isError && (
          <Typography role="status" sx={{ color: 'text.secondary' }}>
            {t('admin.loading')}
          </Typography>
        )}
        {pending?.length === 0 && (
          <Typography sx={{ color: 'text.secondary' }}>{t('admin.pending.empty')}</Typography>
        )}
        {pending && pending.length > 0 && (
          <List disablePadding aria-label={t('admin.pending.title')}>
            {pending.map((invitation) => (
              <ListItem
                key={invitation.id}
                disableGutters
                secondaryAction={
                  <Button
                    onClick={() => withdraw.mutate(invitation.id, { onError: reportFailure })}
                  >
                    {t('admin.pending.withdraw')}
                  </Button>
                }
              >
                <ListItemText primary={invitation.email} />
              </ListItem>
            ))}
          </List>
        )}
      </SectionCard>

      <SectionCard title={t('admin.members.title')}>
        {overview.isError && <Alert severity="error">{t('admin.loadFailed')}</Alert>}
        {!members && !overview.isError && (
          <Typography role="status" sx={{ color: 'text.secondary' }}>
            {t('admin.loading')}
          </Typography>
        )}
        {members?.length === 0 && (
          <Typography sx={{ color: 'text.secondary' }}>{t('admin.members.empty')}</Typography>
        )}
        {members && members.length > 0 && (
          <List disablePadding aria-label={t('admin.members.title')}>
            {members.map((member) => (
              <ListItem
                key={member.id}
                disableGutters
                secondaryAction={
                  <Button
                    color="error"
                    onClick={() => setRemoving({ id: member.id, name: member.name })}
                  >
                    {t('admin.members.remove')}
                  </Button>
                }
              >
                <ListItemText
                  primary={member.name}
                  secondary={[member.company, member.email].filter(Boolean).join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        )}
      </SectionCard>
      <ConfirmDialog
        open={removing !== undefined}
        title={t('admin.members.confirmTitle')}
        message={t('admin.members.confirmText', { name: removing?.name ?? '' })}
        confirmLabel={t('admin.members.remove')}
        destructive
        busy={remove.isPending}
        onClose={() => setRemoving(undefined)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => setRemoving(undefined),
            onError: reportFailure,
          })
        }
      />
    </Stack>
  );
}

function MemberSections() {
  const { t } = useTranslation('enterprise');
  const reportFailure = useReportFailure();
  const { data, isError } = useQuery(membershipQueryOptions());
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const leave = useLeaveEnterprise();
  const [leaving, setLeaving] = useState(false);

  if (isError) return <Alert severity="error">{t('admin.loadFailed')}</Alert>;
  if (!data) {
    return (
      <Typography role="status" sx={{ color: 'text.secondary' }}>
        {t('admin.loading')}
      </Typography>
    );
  }
  const { membership, invitations } = data;
  const label = (enterprise: { name: string; company: string | null }) =>
    enterprise.company ? `${enterprise.company} (${enterprise.name})` : enterprise.name;
  return (
    <Stack spacing={3}>
      <SectionCard title={t('member.title')}>
        {membership ? (
          <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
            <Typography>
              {t('member.memberOf', { enterprise: label(membership.enterprise) })}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('member.contact', { email: membership.enterprise.email })}
            </Typography>
            {!membership.active && <Alert severity="warning">{t('member.lapsed')}</Alert>}
            <Button color="error" variant="outlined" onClick={() => setLeaving(true)}>
              {t('member.leave')}
            </Button>
          </Stack>
        ) : (
          <Typography sx={{ color: 'text.secondary' }}>{t('member.none')}</Typography>
        )}
      </SectionCard>
      {invitations.length > 0 && (
        <SectionCard title={t('member.invitations')}>
          <List disablePadding aria-label={t('member.invitations')}>
            {invitations.map((invitation) => (
              <ListItem key={invitation.id} disableGutters>
                <Stack
                  direction={{ xs: 'column', sm: 'row' }}
                  sx={{ gap: 1, width: 1, alignItems: { sm: 'center' } }}
                >
                  <ListItemText
                    primary={t('member.invitedBy', { enterprise: label(invitation.enterprise) })}
                    secondary={invitation.enterprise.email}
                  />
                  <Stack direction="row" sx={{ gap: 1 }}>
                    <Button
                      variant="contained"
                      disabled={membership !== null}
                      loading={accept.isPending && accept.variables === invitation.id}
                      onClick={() => accept.mutate(invitation.id, { onError: reportFailure })}
                    >
                      {t('member.accept')}
                    </Button>
                    <Button
                      onClick={() => decline.mutate(invitation.id, { onError: reportFailure })}
                    >
                      {t('member.decline')}
                    </Button>
                  </Stack>
                </Stack>
              </ListItem>
            ))}
          </List>
        </SectionCard>
      )}
      <ConfirmDialog
        open={leaving}
        title={t('member.confirmTitle')}
        message={t('member.confirmText')}
        confirmLabel={t('member.leave')}
        destructive
        busy={leave.isPending}
        onClose={() => setLeaving(false)}
        onConfirm={() =>
          leave.mutate(undefined, { onSuccess: () => setLeaving(false), onError: reportFailure })
        }
      />
    </Stack>
  );
}

/**
 * The account administration (docs/product-spec.md section 2, `/account/admin`): an enterprise
 * admin invites and removes members; any other account sees its enterprise, leaves it, and
 * accepts or declines invitations addressed to it (ADR 028, "Enterprise").
 */
export function AccountAdministration() {
  const user = useCurrentUser();
  return hasFeature(user.planAllowance, 'ENTERPRISE_ADMIN') ? (
    <AdminSections />
  ) : (
    <MemberSections />
  );
}
