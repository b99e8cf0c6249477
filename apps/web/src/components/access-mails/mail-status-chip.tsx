import type { MailStatus } from '@livent/shared';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

/** How each status reads at a glance: done, on its way, or needing a look. */
const COLOR: Record<MailStatus | 'none', ChipProps['color']> = {
  none: 'default',
  queued: 'default',
  accepted: 'info',
  delivered: 'success',
  failedtemporary: 'warning',
  rejected: 'error',
  failedpermanent: 'error',
};

/**
 * The status of the last mail to an invitation or registration (docs/product-spec.md section 3,
 * "Mail status"), with a tooltip that says what it means. Needs the `mails` namespace.
 */
export function MailStatusChip({ status }: { status: MailStatus | null }) {
  const { t } = useTranslation('mails');
  const key = status ?? 'none';
  return (
    <Tooltip title={t(`statusHint.${key}`)}>
      <Chip
        size="small"
        variant={key === 'none' ? 'outlined' : 'filled'}
        color={COLOR[key]}
        label={t(`status.${key}`)}
        // A chip is not focusable by itself; the tooltip's text must reach keyboard users too.
        tabIndex={0}
      />
    </Tooltip>
  );
}
