import type { MessageStatus } from '@livent/shared';

export const STATUS_COLORS: Record<
  MessageStatus,
  'default' | 'info' | 'success' | 'warning' | 'secondary'
> = {
  new: 'info',
  approved: 'success',
  answered: 'secondary',
  declined: 'warning',
  archived: 'default',
};
