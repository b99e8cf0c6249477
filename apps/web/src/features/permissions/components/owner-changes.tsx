import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import type { OwnerChange } from '@livent/shared';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useRowActions } from '../../../components/data-table/row-actions';
import { ListRow } from '../../../components/page/list-row';
import { SectionCard } from '../../../components/page/section-card';
import { notify } from '../../../lib/notifications';
import {
  useAcceptOwnerChange,
  useCancelOwnerChange,
  useRejectOwnerChange,
} from '../api/permissions-api';
import { reportFailure } from '../report-failure';
import { EventLink } from './permission-parts';

const changeKey = (change: OwnerChange) => change.id;

/** Handovers waiting for this account (ADR 031): taking one over asks first. */
export function ReceivedOwnerChanges({ changes }: { changes: readonly OwnerChange[] }) {
  const { t } = useTranslation('permissions');
  const accept = useAcceptOwnerChange();
  const reject = useRejectOwnerChange();
  const actions = useRowActions<OwnerChange>(
    [
      {
        id: 'accept',
        title: t('ownerChanges.accept'),
        label: (change) => t('ownerChanges.acceptOf', { event: change.eventTitle }),
        variant: 'contained',
        confirm: (change) => ({
          title: t('ownerChanges.confirmTitle', { event: change.eventTitle }),
          message: t('ownerChanges.confirmText', { name: change.from.name }),
          confirmLabel: t('ownerChanges.accept'),
        }),
        run: async (change) => {
          await accept.mutateAsync(change);
          notify({
            type: 'success',
            message: t('ownerChanges.accepted', { event: change.eventTitle }),
          });
        },
      },
      {
        id: 'reject',
        title: t('ownerChanges.reject'),
        label: (change) => t('ownerChanges.rejectOf', { event: change.eventTitle }),
        color: 'inherit',
        run: async (change) => {
          await reject.mutateAsync(change);
          notify({ type: 'success', message: t('ownerChanges.rejected') });
        },
      },
    ],
    { rowKey: changeKey, onError: reportFailure },
  );

  return (
    <SectionCard title={t('ownerChanges.receivedTitle')}>
      <Stack
        component="ul"
        aria-label={t('ownerChanges.receivedLabel')}
        sx={{ listStyle: 'none', m: 0, p: 0 }}
      >
        {changes.map((change) => (
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
            actions={actions.render(change)}
          />
        ))}
      </Stack>
      {actions.dialog}
    </SectionCard>
  );
}

/** Handovers this account started, waiting for the other side; each may be cancelled. */
export function SentOwnerChanges({ changes }: { changes: readonly OwnerChange[] }) {
  const { t } = useTranslation('permissions');
  const cancel = useCancelOwnerChange();
  const actions = useRowActions<OwnerChange>(
    [
      {
        id: 'cancel',
        title: t('ownerChanges.cancel'),
        label: (change) => t('ownerChanges.cancelOf', { event: change.eventTitle }),
        variant: 'outlined',
        color: 'inherit',
        size: 'small',
        run: async (change) => {
          await cancel.mutateAsync(change);
          notify({ type: 'success', message: t('ownerChanges.cancelled') });
        },
      },
    ],
    { rowKey: changeKey, onError: reportFailure },
  );

  return (
    <SectionCard title={t('ownerChanges.sentTitle')}>
      <Stack
        component="ul"
        aria-label={t('ownerChanges.sentLabel')}
        sx={{ listStyle: 'none', m: 0, p: 0 }}
      >
        {changes.map((change) => (
          <ListRow
            key={change.id}
            testId="owner-change-sent"
            icon={HandshakeOutlined}
            highlighted={false}
            title={<EventLink permission={change} />}
            details={t('ownerChanges.waiting', { name: change.to.name, email: change.to.email })}
            actions={actions.render(change)}
          />
        ))}
      </Stack>
      {actions.dialog}
    </SectionCard>
  );
}
