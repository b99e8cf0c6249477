import type { Permission } from '@livent/shared';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/forms/form-alert';
import { TextLink } from '../../../components/links/text-link';

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

export function StatusChip({ status }: { status: Permission['status'] }) {
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

/** The role and status of a permission, as chips beside its title. */
export function PermissionBadges({ permission }: { permission: Permission }) {
  const { t } = useTranslation('permissions');
  return (
    <>
      <Chip size="small" label={t(`roles.${permission.role}`)} />
      <StatusChip status={permission.status} />
    </>
  );
}

export function EventLink({
  permission,
}: {
  permission: Pick<Permission, 'eventId' | 'eventTitle'>;
}) {
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
