import CheckCircleOutlineRounded from '@mui/icons-material/CheckCircleOutlineRounded';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import type { ReactNode } from 'react';
import { AlertBox } from '../forms/form-alert';

/** A calm message in a card: something was sent, something is pending, a limit applies. */
export function Notice({
  severity,
  children,
  action,
}: {
  severity: 'success' | 'info';
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <AlertBox
      tone={severity}
      icon={severity === 'success' ? CheckCircleOutlineRounded : InfoOutlined}
      role="status"
      action={action}
    >
      {children}
    </AlertBox>
  );
}
