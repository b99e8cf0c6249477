import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import Box from '@mui/material/Box';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType, ReactNode } from 'react';

export const ALERT_TONES = {
  error: { color: 'error.dark', border: 'rgba(220, 38, 38, 0.35)', bg: 'rgba(220, 38, 38, 0.05)' },
  success: {
    color: 'success.dark',
    border: 'rgba(21, 128, 61, 0.35)',
    bg: 'rgba(21, 128, 61, 0.06)',
  },
  info: { color: 'info.dark', border: 'rgba(3, 105, 161, 0.3)', bg: 'rgba(3, 105, 161, 0.05)' },
} as const;

/**
 * A message box inside a form or card. Lighter than MUI's Alert, which the guest pages' first
 * load cannot afford (ADR 009).
 */
export function AlertBox({
  tone,
  icon: Icon,
  role,
  children,
  action,
}: {
  tone: keyof typeof ALERT_TONES;
  icon: ComponentType<SvgIconProps>;
  role: 'alert' | 'status';
  children: ReactNode;
  action?: ReactNode;
}) {
  const colors = ALERT_TONES[tone];
  return (
    <Box
      role={role}
      sx={{
        display: 'flex',
        gap: 1.25,
        alignItems: 'flex-start',
        px: 1.75,
        py: 1.5,
        borderRadius: 2,
        border: 1,
        borderColor: colors.border,
        bgcolor: colors.bg,
        fontSize: '0.875rem',
        lineHeight: 1.5,
      }}
    >
      <Icon sx={{ fontSize: 20, flexShrink: 0, mt: '1px', color: colors.color }} />
      <Box sx={{ flexGrow: 1, minWidth: 0, color: 'text.primary' }}>
        {children}
        {action && <Box sx={{ mt: 1 }}>{action}</Box>}
      </Box>
    </Box>
  );
}

/** Why a submission failed, announced at once. */
export function FormAlert({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <AlertBox tone="error" icon={ErrorOutlineRounded} role="alert" action={action}>
      {children}
    </AlertBox>
  );
}
