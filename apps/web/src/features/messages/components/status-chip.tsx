import type { MessageStatus } from '@livent/shared';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { STATUS_COLORS } from './message-format';

export function StatusChip({ status }: { status: MessageStatus }) {
  const { t } = useTranslation('messages');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STATUS_COLORS[status]}
      label={t(`status.${status}`)}
      data-status={status}
      sx={{ height: 22, fontSize: '0.75rem', fontWeight: 500 }}
    />
  );
}
